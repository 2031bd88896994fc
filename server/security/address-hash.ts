import { deriveKey, hmacHex } from "#server/crypto.ts";

/**
 * A keyed hash of a destination (an E.164 number, an email address) for the tables and counts
 * that must recognise one address across every account without holding it (decision 148):
 * `opt_outs` (a STOP applies to every owner who lists the number) and the confirmation
 * requests' per-destination ceiling. HMAC-SHA256 under a key derived for this one purpose, so
 * the hashes cannot be matched against a list of numbers without the master key. Numbers drop a
 * `whatsapp:` prefix and spaces; email addresses are compared in lower case.
 */
export function addressHash(masterKey: Buffer, address: string): string {
  return hmacHex(deriveKey(masterKey, "address-hash"), normalisedAddress(address));
}

export function normalisedAddress(address: string): string {
  const bare = address.trim().replace(/^whatsapp:/i, "");
  return bare.includes("@") ? bare.toLowerCase() : bare.replace(/[\s().-]/g, "");
}
