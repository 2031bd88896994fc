// What a tag id and an activation token look like: shared by the card, the forms and the server.

/** Upper-case letters and digits with the look-alikes (0/O, 1/I) left out. */
export const TAG_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export const PRODUCTS = ["wristband", "card", "keychain", "sticker"] as const;

/** The most tags one mint makes: the command line, the admin page and an organisation's CSV. */
export const MAX_MINT_BATCH = 10_000;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_PREFIX: Record<Product, string> = {
  wristband: "WB",
  card: "CD",
  keychain: "KC",
  sticker: "ST",
};

export const TAG_ID_PATTERN = /^(WB|CD|KC|ST)-[A-HJ-NP-Z2-9]{5}$/;
export const ACTIVATION_TOKEN_PATTERN = /^ACT-[A-HJ-NP-Z2-9]{6}$/;

/** A typed or scanned tag id, trimmed and upper-cased; null when it cannot name a tag. */
export function normaliseTagId(raw: string): string | null {
  const id = raw.trim().toUpperCase();
  return id && id.length <= 50 && /^[A-Z0-9-]+$/.test(id) ? id : null;
}
