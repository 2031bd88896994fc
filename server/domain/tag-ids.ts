import { PRODUCT_PREFIX, type Product, TAG_ALPHABET } from "#core/tag-ids.ts";
import { deriveKey, hmacHex, randomString, safeEqualHex } from "#server/crypto.ts";

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
