// Alert facts shared by the server and the pages' browser code. Keep this
// module free of server imports: anything a component uses is shipped to the
// browser with it.

/** How long after an SOS "Cancel — I'm safe" still works (DESIGN 1.7). */
export const CANCEL_WINDOW_MS = 30_000;

/** A map link for a shared position (6 decimals). */
export function mapUrl(latitude: string, longitude: string): string {
  return `https://maps.google.com/?q=${latitude},${longitude}`;
}
