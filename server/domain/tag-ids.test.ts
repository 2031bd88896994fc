import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACTIVATION_TOKEN_PATTERN, PRODUCTS, TAG_ALPHABET, TAG_ID_PATTERN } from "#core/tag-ids.ts";
import { activationTokenHasher, newActivationToken, newTagId } from "./tag-ids.ts";

describe("tag ids and activation tokens (DESIGN 1.10)", () => {
  it("ids are {PREFIX}-XXXXX with the product's prefix", () => {
    const prefixes = { wristband: "WB", card: "CD", keychain: "KC", sticker: "ST" };
    for (const product of PRODUCTS) {
      const id = newTagId(product);
      expect(id).toMatch(TAG_ID_PATTERN);
      expect(id.startsWith(`${prefixes[product]}-`)).toBe(true);
    }
  });

  it("tokens are ACT-XXXXXX", () => {
    for (let i = 0; i < 50; i++) expect(newActivationToken()).toMatch(ACTIVATION_TOKEN_PATTERN);
  });

  it("the alphabet leaves out look-alike characters", () => {
    for (const ambiguous of ["0", "O", "1", "I"]) expect(TAG_ALPHABET).not.toContain(ambiguous);
    expect(new Set(TAG_ALPHABET).size).toBe(32);
  });

  it("tokens are matched by keyed hash, case-insensitively, and only with the right key", () => {
    const key = randomBytes(32);
    const hasher = activationTokenHasher(key);
    const token = newActivationToken();
    const stored = hasher.hash(token);
    expect(stored).not.toContain(token);
    expect(hasher.matches(token.toLowerCase(), stored)).toBe(true);
    expect(hasher.matches(newActivationToken(), stored)).toBe(false);
    expect(activationTokenHasher(randomBytes(32)).matches(token, stored)).toBe(false);
  });
});
