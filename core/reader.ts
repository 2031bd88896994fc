/**
 * Reader mode rules shared by the scanner in the browser and the server action.
 */

export const SCAN_DIRECTIONS = ["in", "out"] as const;
export type ScanDirection = (typeof SCAN_DIRECTIONS)[number];

export function isScanDirection(value: unknown): value is ScanDirection {
  return value === "in" || value === "out";
}

/** The reader keeps the 10 most recent scans on screen (spec section 9). */
export const RECENT_SCANS = 10;

/** A scanned or typed value longer than this is not one of our card URLs. */
export const MAX_SCAN_INPUT = 2048;

const TAG_ID_SHAPE = /^[A-Z0-9][A-Z0-9-]{0,49}$/;
const CARD_PATH = /(?:^|\/)t\/([^/?#\s]+)/i;

/**
 * The tag id in what a reader scanned or typed: a card URL (`…/t/{id}`, as
 * printed in a tag's QR code and written to its NFC chip) or a bare id. Ids are
 * upper-cased; anything else gives null.
 */
export function tagIdFromScan(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const value = raw.trim();
  if (!value || value.length > MAX_SCAN_INPUT) return null;
  let candidate = value;
  if (value.includes("/")) {
    const match = value.match(CARD_PATH);
    if (!match) return null;
    try {
      candidate = decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
  }
  const id = candidate.trim().toUpperCase();
  return TAG_ID_SHAPE.test(id) ? id : null;
}
