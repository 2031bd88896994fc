import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import {
  type SmtpPeer,
  startSmtpPeer,
  startTwilioPeer,
  type TwilioPeer,
} from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";

/**
 * A provider that took a message but whose answer never arrived (decision 116):
 * Twilio is asked before anything is sent again; SMTP, which cannot be asked,
 * repeats only a real emergency's email.
 */
let app: TestApp;
let smtp: SmtpPeer;
let twilio: TwilioPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  twilio = await startTwilioPeer();
  app = await createTestApp({ SMTP_URL: smtp.url, ...twilio.env() });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await twilio?.close();
});
beforeEach(async () => {
  await smtp.setState("up");
  await twilio.setState("up");
});

const raise = async (source: "card" | "test", contact: { channel: string; value: string }) => {
  const owner = await createOwner(app.services, {
    contacts: [{ name: "Kim", channel: contact.channel as "sms", value: contact.value }],
  });
  const raised = await raiseAlert(app.services, {
    source,
    userId: owner.userId,
    tagId: owner.tagId,
    idempotencyKey: randomUUID(),
    location: null,
    clientAddress: "x",
  });
  return raised.alertId;
};
const deliveriesOf = (alertId: string) =>
  app.services.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alertId));
/** Runs a pass, then makes the retries it scheduled due at once (instead of waiting out the backoff). */
const pass = async () => {
  await createDispatcher(app.services).runOnce();
  await app.services.db
    .update(alertDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(alertDeliveries.status, "pending"));
};
const countOf = (peer: SmtpPeer | TwilioPeer, id: string) => peer.countsByKey().get(id) ?? 0;

describe("a send whose answer was lost", () => {
  it("Twilio: the message and the call it took are found there, not sent again", async () => {
    const alertId = await raise("card", { channel: "sms", value: "+15557770001" });
    await twilio.setState("lose-answer");
    await pass();
    const lost = await deliveriesOf(alertId);
    expect(lost.map((d) => d.channel).sort()).toEqual(["sms", "voice"]);
    for (const d of lost) {
      expect(d).toMatchObject({ status: "pending", providerMessageId: null });
      expect(d.providerCallStartedAt).not.toBeNull();
      expect(countOf(twilio, d.id)).toBe(1);
    }

    await twilio.setState("up");
    await pass();
    for (const d of await deliveriesOf(alertId)) {
      expect(d.status).toBe("sent");
      expect(d.providerMessageId).toMatch(d.channel === "voice" ? /^CA/ : /^SM/);
      expect(countOf(twilio, d.id)).toBe(1); // sent once in all
    }
  });

  it("Twilio unreachable: nothing was taken, the retry sends once", async () => {
    const alertId = await raise("test", { channel: "sms", value: "+15557770002" });
    await twilio.setState("refuse");
    await pass();
    const [refused] = await deliveriesOf(alertId);
    // (A refused connection is the provider's answer; a pooled one reset by the
    // closing peer is not, and the retry asks Twilio first: either way, once.)
    expect(refused!.status).toBe("pending");
    expect(countOf(twilio, refused!.id)).toBe(0);
    await twilio.setState("up");
    await pass();
    const [sent] = await deliveriesOf(alertId);
    expect(sent!.status).toBe("sent");
    expect(countOf(twilio, sent!.id)).toBe(1);
  });

  it("SMTP, a test alert: recorded as uncertain and not sent again", async () => {
    const alertId = await raise("test", { channel: "email", value: "kim-test@example.com" });
    await smtp.setState("lose-answer");
    await pass();
    const [lost] = await deliveriesOf(alertId);
    expect(lost!.status).toBe("pending");
    expect(countOf(smtp, lost!.id)).toBe(1);
    await smtp.setState("up");
    await pass();
    await pass();
    const [after] = await deliveriesOf(alertId);
    expect(after).toMatchObject({
      status: "sent",
      note: "uncertain",
      provider: "smtp",
      providerMessageId: `<${after!.id}@safetap.app>`,
    });
    expect(countOf(smtp, after!.id)).toBe(1);
  });

  it("SMTP, a real emergency: silence is worse, so it goes once more under the same Message-ID", async () => {
    const alertId = await raise("card", { channel: "email", value: "kim-sos@example.com" });
    await smtp.setState("lose-answer");
    await pass();
    await smtp.setState("up");
    await pass();
    await pass();
    const [after] = await deliveriesOf(alertId);
    expect(after).toMatchObject({ status: "sent", note: "uncertain_resent" });
    expect(countOf(smtp, after!.id)).toBe(2);
    expect(after!.providerMessageId).toBe(`<${after!.id}@safetap.app>`);
  });
});
