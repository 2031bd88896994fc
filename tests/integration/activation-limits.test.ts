import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tags } from "#server/db/schema.ts";
import { mintTags } from "#server/domain/tags.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, latestCode, STRONG_PASSWORD } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** A signed-in browser at a given client address. */
async function signedInAt(address: string): Promise<Client> {
  const owner = await createOwner(app.services, { plan: "pro" });
  const client = new Client(app, address);
  await client.post("/auth", {
    intent: "signin",
    identifier: owner.email,
    password: STRONG_PASSWORD,
  });
  const verified = await client.post("/auth", {
    intent: "verify",
    code: await latestCode(app, owner.email),
  });
  if (verified.status !== 302) throw new Error(`verify answered ${verified.status}`);
  return client;
}

describe("issue 13 item 12: activation tokens are limited per address first", () => {
  it("a wrong-token flood from one address does not lock the owner's activation from another", async () => {
    const { tags: minted } = await mintTags(app.services.db, {
      product: "keychain",
      count: 1,
      masterKey: app.services.config.dataEncryptionKey,
      publicUrl: app.services.config.publicUrl,
    });
    const tag = minted[0]!;
    const attacker = "198.51.100.12";
    // Two accounts from one address, ten wrong tokens each.
    const statuses: number[] = [];
    for (const client of [await signedInAt(attacker), await signedInAt(attacker)]) {
      for (let i = 0; i < 10; i++) {
        const response = await client.post(`/claim/${tag.tagId}`, { token: "ACT-ZZZZZZ" });
        statuses.push(response.status);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const owner = await signedInAt("203.0.113.50");
    const claimed = await owner.post(`/claim/${tag.tagId}`, { token: tag.activationToken });
    expect(claimed.headers.get("location")).toBe("/dashboard?tab=tags");
    expect(claimed.headers.get("set-cookie")).toMatch(/^safetap_notice=tag-claimed;/);
    const [row] = await app.services.db.select().from(tags).where(eq(tags.id, tag.tagId));
    expect(row!.userId).not.toBeNull();
  });
});
