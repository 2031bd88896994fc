import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * How account passwords are hashed and checked. Every server, the `safetap` command and the demo
 * use Better Auth's own scrypt (N = 16384, r = 16: about 130 ms of CPU a hash on a CI core). The
 * in-process test apps pass a lighter cost of their own (`tests/support/password-hashing.ts`,
 * decision 169); nothing outside the tests can.
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export const SCRYPT_PASSWORD_HASHING: PasswordHashing = {
  hash: hashPassword,
  verify: verifyPassword,
};
