import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, tags, user } from "#server/db/schema.ts";
import { alertAllowance } from "#server/domain/quotas.ts";
import { queueScanNotice, scanTime } from "#server/domain/scan-notices.ts";
import { markTagLost, setScanNotices } from "#server/domain/tag-lifecycle.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

/**
 * Scan notices (issue 15 item 8, decision 134): a real scan of a tag whose owner wants it tells
 * the managing account, at most once per tag per 10 minutes, counted like any message but email.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A view of the tag's card by a phone (or the given agent), recorded as the card records it. */
async function scan(tagId: string, userAgent = PHONE_USER_AGENT) {
  const response = await new Client(app).get(`/t/${tagId}`, { "user-agent": userAgent });
  expect(response.status).toBe(200);
  await app.services.scans.flush();
}

const noticesOf = (owner: Owner) =>
  app.services.db
    .select()
    .from(alertDeliveries)
    .where(
      and(eq(alertDeliveries.accountId, owner.userId), eq(alertDeliveries.kind, "scan_notice")),
    )
    .orderBy(alertDeliveries.createdAt);

/** As if the last notice went out 11 minutes ago. */
const elevenMinutesLater = (owner: Owner) =>
  app.services.db
    .update(tags)
    .set({ lastScanNoticeAt: sql`now() - interval '11 minutes'` })
    .where(eq(tags.id, owner.tagId));

const messagesUsed = (owner: Owner) =>
  app.services.db.transaction(async (tx) => (await alertAllowance(tx, owner.userId)).used.messages);

describe("a scan tells the owner who asked for it", () => {
  it("bot scan: none; real scan: one; again within 10 minutes: none; after 10 minutes: one", async () => {
    const owner = await createOwner(app.services, { name: "Nora Notice" });
    // Turned on from the dashboard's tag card.
    const client = await signIn(app, owner.email);
    const before = await (await client.get("/dashboard")).text();
    expect(before).toContain("Scan notices off.");
    expect(before).toContain("(on while the tag is lost)");
    const toggled = await client.post("/dashboard", {
      intent: "scanNotices",
      tagId: owner.tagId,
      notify: "on",
    });
    expect(toggled.status).toBe(200);
    expect(await toggled.text()).toContain("Scan notices on for this tag");

    await scan(owner.tagId, BOT);
    expect(await noticesOf(owner)).toHaveLength(0);

    await scan(owner.tagId);
    const [first, ...none] = await noticesOf(owner);
    expect(none).toHaveLength(0);
    expect(first).toMatchObject({
      alertId: null,
      channel: "email",
      status: "pending",
      contactName: "Nora Notice",
    });
    expect(
      app.services.cipher.decrypt(first!.destination, `alert_deliveries.destination:${first!.id}`),
    ).toBe(owner.email);
    // The owner lives in the US: the time is on New York's clock, today's without a date.
    expect(first!.payload).toEqual({
      template: "scanNotice",
      language: "en",
      params: {
        tag: owner.tagId,
        time: scanTime(first!.createdAt, "en", "America/New_York"),
      },
    });
    expect((first!.payload as { params: { time: string } }).params.time).toMatch(
      /^\d{1,2}:\d{2}\s?[AP]M$/,
    );

    await scan(owner.tagId);
    expect(await noticesOf(owner)).toHaveLength(1);

    await elevenMinutesLater(owner);
    await scan(owner.tagId);
    expect(await noticesOf(owner)).toHaveLength(2);
  });

  it("two scans recorded at once by two instances give one notice", async () => {
    const owner = await createOwner(app.services);
    await setScanNotices(app.services, owner.userId, owner.tagId, true);
    const at = new Date();
    const sent = await Promise.all([
      queueScanNotice(app.services.db, app.services.cipher, { tagId: owner.tagId, at }),
      queueScanNotice(app.services.db, app.services.cipher, { tagId: owner.tagId, at }),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await noticesOf(owner)).toHaveLength(1);
  });

  it("turned off: none, even while the tag is lost", async () => {
    const owner = await createOwner(app.services);
    await setScanNotices(app.services, owner.userId, owner.tagId, false);
    await scan(owner.tagId);
    expect(await markTagLost(app.services, owner.userId, owner.tagId, "x")).toBe(true);
    await scan(owner.tagId);
    expect(await noticesOf(owner)).toHaveLength(0);
  });

  it("never set: off while the tag is in use, on once it is marked lost", async () => {
    const owner = await createOwner(app.services);
    await scan(owner.tagId);
    expect(await noticesOf(owner)).toHaveLength(0);

    expect(await markTagLost(app.services, owner.userId, owner.tagId, "x")).toBe(true);
    const client = await signIn(app, owner.email);
    expect(await (await client.get("/dashboard")).text()).toContain("Scan notices on:");
    await scan(owner.tagId); // the card says "Tag Deactivated"; the owner hears of the scan
    const notices = await noticesOf(owner);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.status).toBe("pending");
  });
});

describe("scan notices count against the plan like any message but email", () => {
  it("an email notice spends nothing", async () => {
    const owner = await createOwner(app.services, { plan: "free" });
    await setScanNotices(app.services, owner.userId, owner.tagId, true);
    const used = await messagesUsed(owner);
    await scan(owner.tagId);
    expect(await noticesOf(owner)).toHaveLength(1);
    expect(await messagesUsed(owner)).toBe(used);
  });

  it("a phone account is told by SMS, counted; once the allowance is used up, skipped with 'quota'", async () => {
    const owner = await createOwner(app.services, { plan: "free" });
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    await app.services.db
      .update(user)
      .set({ email: `${phone.slice(1)}@phone.safetap.invalid`, phoneNumber: phone })
      .where(eq(user.id, owner.userId));
    await setScanNotices(app.services, owner.userId, owner.tagId, true);
    // Free allows 3 messages in all: 2 are spent already.
    for (const _ of [1, 2]) {
      await app.services.db.insert(alertDeliveries).values({
        accountId: owner.userId,
        contactName: "earlier",
        channel: "sms",
        destination: "x",
        kind: "scan_notice",
        status: "delivered",
      });
    }
    expect(await messagesUsed(owner)).toBe(2);

    await scan(owner.tagId);
    const [sms] = await noticesOf(owner).then((rows) => rows.filter((r) => r.payload));
    expect(sms).toMatchObject({ channel: "sms", status: "pending", note: null });
    expect(
      app.services.cipher.decrypt(sms!.destination, `alert_deliveries.destination:${sms!.id}`),
    ).toBe(phone);
    expect(await messagesUsed(owner)).toBe(3);

    await elevenMinutesLater(owner);
    await scan(owner.tagId);
    const latest = (await noticesOf(owner)).at(-1)!;
    expect(latest).toMatchObject({ channel: "sms", status: "skipped", note: "quota" });
    expect(await messagesUsed(owner)).toBe(3);
  });
});
