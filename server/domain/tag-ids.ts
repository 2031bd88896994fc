import { deriveKey, hmacHex, randomString, safeEqualHex } from "#server/crypto.ts";

/** Upper-case letters and digits with the look-alikes (0/O, 1/I) left out. */
export const TAG_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export const PRODUCTS = ["wristband", "card", "keychain", "sticker"] as const;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_PREFIX: Record<Product, string> = {
  wristband: "WB",
  card: "CD",
  keychain: "KC",
  sticker: "ST",
};

export const TAG_ID_PATTERN = /^(WB|CD|KC|ST)-[A-HJ-NP-Z2-9]{5}$/;
export const ACTIVATION_TOKEN_PATTERN = /^ACT-[A-HJ-NP-Z2-9]{6}$/;

export function newTagId(product: Product): string {
  return `${PRODUCT_PREFIX[product]}-${randomString(TAG_ALPHABET, 5)}`;
}

export function newActivationToken(): string {
  return `ACT-${randomString(TAG_ALPHABET, 6)}`;
}

/**
 * Tokens are short enough to guess offline from a plain hash, so they are
 * keyed with a secret that never lives in the database.
 */
export function activationTokenHasher(masterKey: Buffer) {
  const key = deriveKey(masterKey, "tag-activation-token");
  return {
    hash: (token: string) => hmacHex(key, token.trim().toUpperCase()),
    matches: (token: string, storedHash: string) =>
      safeEqualHex(hmacHex(key, token.trim().toUpperCase()), storedHash),
  };
}
