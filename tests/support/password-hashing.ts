import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { type PasswordHashing, SCRYPT_PASSWORD_HASHING } from "#server/auth/password-hashing.ts";

const derive = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** Marks a hash made here, so the servers' own scrypt can never take one for its own. */
const PREFIX = "test-scrypt-n1024$";
/** A thirty-second of the servers' cost (N 16384 → 1024, r 16 → 8): about 4 ms a hash. */
const COST = { N: 1024, r: 8, p: 1 };

/**
 * The in-process test apps' password hashing (decision 169): scrypt as the servers use it, at a
 * lighter cost. Each pass of the integration tests hashed about 970 passwords at about 130 ms of
 * CPU each, a minute of a two-core machine per pass. A hash the servers made (their scrypt, no
 * prefix) is checked with their scrypt.
 */
export const LIGHT_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    const key = await derive(password.normalize("NFKC"), salt, 64, COST);
    return `${PREFIX}${salt}:${key.toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return SCRYPT_PASSWORD_HASHING.verify({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const derived = await derive(password.normalize("NFKC"), salt, expected.length, COST);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  },
};
