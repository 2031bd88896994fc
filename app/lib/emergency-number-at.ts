import { iso1A2Code } from "@rapideditor/country-coder";
import { emergencyNumberFor } from "#core/emergency-numbers.ts";

/**
 * The emergency number where the phone is, from its coordinates, found
 * offline with country-coder's borders. Its data is large: the card imports
 * this module only once a position is known, never in its first bytes.
 */
export function emergencyNumberAt(latitude: number, longitude: number): string | null {
  const country = iso1A2Code([longitude, latitude]);
  return country ? emergencyNumberFor(country) : null;
}
