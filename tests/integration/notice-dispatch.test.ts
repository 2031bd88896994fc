import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import { queueScanNotice } from "#server/domain/scan-notices.ts";
import { setScanNotices } from "#server/domain/tag-lifecycle.ts";
import { type SmtpPeer, startSmtpPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";

/**
 * Notices (scan notices, invitations) go through the same outbox as alerts: composed in the
 * recipient's language, retried like alerts, sent once, and never ahead of an alert
 * (DESIGN 1b.3, decision 134).
 */
let app: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  app = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const deliveryOf = async (id: string) =>
  (await app.services.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id)))[0]!;
const pass = () => createDispatcher(app.services, { concurrency: 1 }).runOnce();

/** The text of a received mail, whatever transfer encoding the sender chose. */
function decoded(body: string): string {
  const base64 = body.replace(/\s+/g, "");
  if (/^[A-Za-z0-9+/]+=*$/.test(base64) && base64.length % 4 === 0) {
    return Buffer.from(base64, "base64").toString("utf8");
  }
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

describe("a scan notice in the outbox", () => {
  it("is sent by SMTP in the owner's language, retried while the server is down, and once", async () => {
    const owner = await createOwner(app.services, { name: "Paul Paris", language: "fr" });
    await setScanNotices(app.services, owner.userId, owner.tagId, true);
    const at = new Date();
    expect(
      await queueScanNotice(app.services.db, app.services.cipher, { tagId: owner.tagId, at }),
    ).toBe(true);
    const [queued] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.accountId, owner.userId));

    await smtp.setState("unavailable");
    await pass();
    const waiting = await deliveryOf(queued!.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    expect(smtp.countsByKey().get(queued!.id) ?? 0).toBe(0);

    await smtp.setState("up");
    await app.services.db
      .update(alertDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(alertDeliveries.id, queued!.id));
    await pass();
    await pass();
    expect(await deliveryOf(queued!.id)).toMatchObject({ status: "sent", provider: "smtp" });
    expect(smtp.countsByKey().get(queued!.id)).toBe(1);

    const mail = smtp.received.find((r) => r.key === queued!.id)!;
    expect(mail.to).toBe(owner.email);
    const time = (queued!.payload as { params: { time: string } }).params.time;
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    expect(decoded(mail.body)).toContain(
      `Votre étiquette SafeTap ${owner.tagId} a été scannée à ${time}.`,
    );
  });
});

describe("notices never delay an alert", () => {
  it("a notice queued first and an alert second: the alert is sent first", async () => {
    const notified = await createOwner(app.services);
    const noticeId = await app.services.db.transaction((tx) =>
      queueNotice(tx, app.services.cipher, {
        kind: "scan_notice",
        accountId: notified.userId,
        channel: "email",
        to: notified.email,
        recipientName: "Olivia Owner",
        payload: {
          template: "scanNotice",
          language: "en",
          params: { tag: notified.tagId, time: "14:02" },
        },
      }),
    );
    const inTrouble = await createOwner(app.services, {
      contacts: [{ name: "Kim", channel: "email", value: `kim-${randomUUID()}@example.com` }],
    });
    const raised = await raiseAlert(app.services, {
      source: "card",
      userId: inTrouble.userId,
      tagId: inTrouble.tagId,
      idempotencyKey: randomUUID(),
      location: null,
      clientAddress: "x",
    });
    const [alertDelivery] = await app.services.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, raised.alertId));
    expect((await deliveryOf(noticeId)).nextAttemptAt.getTime()).toBeLessThanOrEqual(
      alertDelivery!.nextAttemptAt.getTime(),
    );

    await pass();
    const order = smtp.received.map((r) => r.key);
    expect(order).toContain(noticeId);
    expect(order.indexOf(alertDelivery!.id)).toBeLessThan(order.indexOf(noticeId));
  });
});
