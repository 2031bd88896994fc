import { randomBytes } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QA_CONTACT_NUMBER, QA_OWNER_NAME } from "#core/qa.ts";
import { tags, user } from "#server/db/schema.ts";
import { QA_BATCH, QA_EMAIL_DOMAIN } from "#server/domain/qa-tag-flow.ts";
import { grantRole } from "#server/domain/users.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";

const flow = async (client: Client, fields: Record<string, string>) => {
  const response = await client.post("/qa/tag-flow", fields);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const qaUsers = (app: TestApp) =>
  app.services.db
    .select()
    .from(user)
    .where(like(user.email, `%@${QA_EMAIL_DOMAIN}`));

describe("/qa/tag-flow outside production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it("makes a throwaway tag: unclaimed goes to /claim, claimed shows its card, finish removes it", async () => {
    const visitor = new Client(app);
    const started = await flow(visitor, { intent: "start" });
    expect(started.status).toBe(200);
    const tagId = started.json.tagId as string;
    const handle = started.json.handle as string;
    expect(tagId).toMatch(/^CD-[A-Z0-9]{5}$/);
    // The token stays on the server: the handle is sealed and holds no token in clear.
    expect(handle).not.toMatch(/ACT-/);
    expect(JSON.stringify(started.json)).not.toMatch(/ACT-|token|@/i);

    const [tag] = await app.services.db.select().from(tags).where(eq(tags.id, tagId));
    expect(tag).toMatchObject({ userId: null, batchId: QA_BATCH });
    const unclaimed = await visitor.get(`/t/${tagId}`);
    expect(unclaimed.status).toBe(302);
    expect(unclaimed.headers.get("location")).toBe(`/claim/${tagId}`);

    const claimed = await flow(visitor, { intent: "claim", handle });
    expect(claimed).toEqual({ status: 200, json: { ok: true, tagId } });
    const card = await visitor.get(`/t/${tagId}`);
    expect(card.status).toBe(200);
    const html = await card.text();
    expect(html).toContain(QA_OWNER_NAME);
    expect(html).toContain(`href="tel:${QA_CONTACT_NUMBER}"`);
    expect(html).toContain(`href="sms:${QA_CONTACT_NUMBER}`);
    // Not a manufacturing batch: /admin's batch list does not show it.
    const admin = await createOwner(app.services);
    await grantRole(app.services.db, admin.email, "admin");
    const adminPage = await (await (await signIn(app, admin.email)).get("/admin")).text();
    expect(adminPage).not.toContain(QA_BATCH);

    expect(await flow(visitor, { intent: "finish", handle })).toEqual({
      status: 200,
      json: { ok: true },
    });
    expect(await app.services.db.select().from(tags).where(eq(tags.id, tagId))).toEqual([]);
    expect(await qaUsers(app)).toEqual([]);
    expect((await visitor.get(`/t/${tagId}`)).status).toBe(404);
  });

  it("refuses a forged or altered handle and deletes nothing", async () => {
    const visitor = new Client(app);
    const { json } = await flow(visitor, { intent: "start" });
    const handle = json.handle as string;
    const altered = `${handle.slice(0, -4)}${handle.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    for (const bad of [altered, "x", randomBytes(40).toString("base64url")]) {
      expect((await flow(visitor, { intent: "finish", handle: bad })).status).toBe(400);
      expect((await flow(visitor, { intent: "claim", handle: bad })).status).toBe(400);
    }
    expect((await flow(visitor, { intent: "bogus" })).status).toBe(400);
    const [tag] = await app.services.db
      .select()
      .from(tags)
      .where(eq(tags.id, json.tagId as string));
    expect(tag?.userId).toBeNull();
    await flow(visitor, { intent: "finish", handle });
  });

  it("never touches a real person's tag, even with the QA owner's handle", async () => {
    const owner = await createOwner(app.services);
    const visitor = new Client(app);
    const { json } = await flow(visitor, { intent: "start" });
    // Finishing only deletes the run's own tag and owner.
    await flow(visitor, { intent: "finish", handle: json.handle as string });
    const [tag] = await app.services.db.select().from(tags).where(eq(tags.id, owner.tagId));
    expect(tag?.userId).toBe(owner.userId);
  });

  it("removes what an unfinished run left behind once it is stale", async () => {
    const visitor = new Client(app);
    const { json } = await flow(visitor, { intent: "start" });
    await flow(visitor, { intent: "claim", handle: json.handle as string });
    const leftover = json.tagId as string;
    await app.services.db
      .update(user)
      .set({ createdAt: sql`now() - interval '20 minutes'` })
      .where(like(user.email, `%@${QA_EMAIL_DOMAIN}`));
    const next = await flow(new Client(app), { intent: "start" });
    expect(await app.services.db.select().from(tags).where(eq(tags.id, leftover))).toEqual([]);
    expect((await qaUsers(app)).length).toBe(1);
    await flow(visitor, { intent: "finish", handle: next.json.handle as string });
  });

  it("refuses cross-site posts", async () => {
    const response = await new Client(app).post(
      "/qa/tag-flow",
      { intent: "start" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect(await qaUsers(app)).toEqual([]);
  });
});

describe("/qa/tag-flow in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      APP_ENV: "production",
      DEMO_MODE: "true",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    });
  });
  afterAll(() => app?.close());

  it("is for admins only: visitors and other users get 403 and nothing is made", async () => {
    expect((await flow(new Client(app), { intent: "start" })).status).toBe(403);
    const plain = await signIn(app, (await createOwner(app.services)).email);
    expect(await flow(plain, { intent: "start" })).toEqual({
      status: 403,
      json: { ok: false, reason: "forbidden" },
    });
    expect(await qaUsers(app)).toEqual([]);

    const adminOwner = await createOwner(app.services);
    await grantRole(app.services.db, adminOwner.email, "admin");
    const admin = await signIn(app, adminOwner.email);
    const started = await flow(admin, { intent: "start" });
    expect(started.status).toBe(200);
    expect(
      (await flow(admin, { intent: "finish", handle: started.json.handle as string })).status,
    ).toBe(200);
    expect(await qaUsers(app)).toEqual([]);
  });
});
