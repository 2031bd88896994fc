import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PasswordHashing, SCRYPT_PASSWORD_HASHING } from "#server/auth/password-hashing.ts";
import { loadConfig } from "#server/config.ts";
import { account, user } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { Client, STRONG_PASSWORD, signUp } from "#tests/support/http-client.ts";
import { LIGHT_PASSWORD_HASHING } from "#tests/support/password-hashing.ts";

/** The light hashing, counting what each step costs. */
const calls = { hash: 0, verify: 0 };
const counting: PasswordHashing = {
  hash: (password) => {
    calls.hash++;
    return LIGHT_PASSWORD_HASHING.hash(password);
  },
  verify: (input) => {
    calls.verify++;
    return LIGHT_PASSWORD_HASHING.verify(input);
  },
};
/** The counts a step adds. */
async function cost(step: () => Promise<unknown>) {
  const before = { ...calls };
  await step();
  return { hash: calls.hash - before.hash, verify: calls.verify - before.verify };
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { passwordHashing: counting });
});
afterAll(() => app?.close());

describe("password hashing (decision 169)", () => {
  it("servers hash with Better Auth's scrypt at its own cost; nothing else is their default", async () => {
    const database = await createTestDatabase();
    try {
      const services = createServices({
        config: loadConfig({
          APP_ENV: "test",
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "safetap-test-")),
          PUBLIC_URL: "http://localhost:3000",
          LOG_LEVEL: "silent",
        }),
        logger: createLogger({ level: "silent" }),
        database,
      });
      expect(services.passwordHashing).toBe(SCRYPT_PASSWORD_HASHING);
      const { userId } = await services.auth.api.createSafetapUser({
        body: {
          name: "Sam Server",
          email: "sam@example.com",
          phoneNumber: null,
          password: STRONG_PASSWORD,
        },
      });
      const [row] = await services.db.select().from(account).where(eq(account.userId, userId));
      // Better Auth's format: a 16-byte salt and a 64-byte key, in hex.
      expect(row!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(
        await SCRYPT_PASSWORD_HASHING.verify({ hash: row!.password!, password: STRONG_PASSWORD }),
      ).toBe(true);
      // The servers never take a test app's hash for one of theirs.
      const light = await LIGHT_PASSWORD_HASHING.hash(STRONG_PASSWORD);
      expect(await SCRYPT_PASSWORD_HASHING.verify({ hash: light, password: STRONG_PASSWORD })).toBe(
        false,
      );
      // A test app checks a server's hash with the servers' scrypt.
      expect(
        await LIGHT_PASSWORD_HASHING.verify({ hash: row!.password!, password: STRONG_PASSWORD }),
      ).toBe(true);
      expect(
        await LIGHT_PASSWORD_HASHING.verify({ hash: row!.password!, password: "Wr0ng!Passw0rd" }),
      ).toBe(false);
    } finally {
      await database.destroy();
    }
  });

  it("a sign-up stores the hash of the hashing the app was given, and sign-in checks with it", async () => {
    const email = `hash-${Date.now()}@example.com`;
    expect((await cost(() => signUp(app, email))).hash).toBe(1);
    const [row] = await app.services.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    expect(row!.password).toMatch(/^test-scrypt-n1024\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    const right = await cost(() =>
      new Client(app).post("/auth", {
        intent: "signin",
        identifier: email,
        password: STRONG_PASSWORD,
      }),
    );
    expect(right).toEqual({ hash: 0, verify: 1 });
  });

  it("an unknown address costs a sign-in the same check as a real one, and a known address's sign-up the same hash as a new one", async () => {
    const email = `known-${Date.now()}@example.com`;
    await signUp(app, email);
    const wrong = await cost(() =>
      new Client(app).post("/auth", {
        intent: "signin",
        identifier: email,
        password: "Wr0ng!Passw0rd",
      }),
    );
    const unknown = await cost(() =>
      new Client(app).post("/auth", {
        intent: "signin",
        identifier: `nobody-${Date.now()}@example.com`,
        password: "Wr0ng!Passw0rd",
      }),
    );
    expect(wrong).toEqual({ hash: 0, verify: 1 });
    // The decoy: one check against a real hash (made once, on the first unknown address).
    expect(unknown.verify).toBe(1);
    const fresh = await cost(() =>
      new Client(app).post("/auth", {
        intent: "signup",
        fullName: "New Person",
        identifier: `new-${Date.now()}@example.com`,
        password: STRONG_PASSWORD,
        acceptTerms: "on",
      }),
    );
    const again = await cost(() =>
      new Client(app).post("/auth", {
        intent: "signup",
        fullName: "Someone Else",
        identifier: email,
        password: STRONG_PASSWORD,
        acceptTerms: "on",
      }),
    );
    expect(fresh).toEqual({ hash: 1, verify: 0 });
    expect(again).toEqual({ hash: 1, verify: 0 });
  });
});
