import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher, deriveKey, randomString } from "./crypto.ts";

describe("field encryption (AES-256-GCM)", () => {
  const cipher = createFieldCipher(randomBytes(32));

  it("round-trips text and never stores it in clear", () => {
    const sealed = cipher.encrypt("Penicillin allergy", "profiles.allergies:u1");
    expect(sealed).not.toContain("Penicillin");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(cipher.decrypt(sealed, "profiles.allergies:u1")).toBe("Penicillin allergy");
  });

  it("uses a fresh IV each time", () => {
    expect(cipher.encrypt("same", "c")).not.toBe(cipher.encrypt("same", "c"));
  });

  it("refuses a ciphertext moved to another row or field", () => {
    const sealed = cipher.encrypt("O+", "profiles.bloodType:user-a");
    expect(() => cipher.decrypt(sealed, "profiles.bloodType:user-b")).toThrow();
  });

  it("refuses a tampered ciphertext", () => {
    const sealed = cipher.encrypt("notes", "c");
    const parts = sealed.split(".");
    parts[2] = Buffer.from("other").toString("base64url");
    expect(() => cipher.decrypt(parts.join("."), "c")).toThrow();
  });

  it("refuses another key's ciphertext", () => {
    const other = createFieldCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt("x", "c"), "c")).toThrow();
  });
});

describe("key derivation and random strings", () => {
  it("derives different keys per purpose", () => {
    const master = randomBytes(32);
    expect(deriveKey(master, "a").equals(deriveKey(master, "b"))).toBe(false);
    expect(deriveKey(master, "a").equals(deriveKey(master, "a"))).toBe(true);
  });

  it("draws only from the alphabet", () => {
    const value = randomString("AB", 200);
    expect(value).toMatch(/^[AB]{200}$/);
    expect(value).toContain("A");
    expect(value).toContain("B");
  });
});
