import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries, devOutbox } from "#server/db/schema.ts";
import { startTwilioPeer, type TwilioPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";

// Issue 13 item 2: a global circuit breaker on provider spend that pages the
// operator and degrades to WhatsApp, then email.

let twilio: TwilioPeer;
let app: TestApp;
beforeAll(async () => {
  twilio = await startTwilioPeer();
  app = await createTestApp({
    ...twilio.env(),
    PAID_SENDS_PER_HOUR: "2",
    WHATSAPP_SENDS_BEYOND_PER_HOUR: "1",
    OPERATOR_EMAIL: "ops@example.com",
  });
});
afterAll(async () => {
  await app?.close();
  await twilio?.close();
});

async function emergency(userId: string, tagId: string) {
  const raised = await raiseAlert(app.services, {
    source: "sos",
    userId,
    tagId,
    idempotencyKey: randomUUID(),
    location: null,
    clientAddress: "192.0.2.1",
  });
  const dispatcher = createDispatcher(app.services, { concurrency: 1 });
  while ((await dispatcher.runOnce()) > 0) {}
  return app.services.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertId, raised.alertId));
}

const pages = async () =>
  app.services.db
    .select({ body: devOutbox.body })
    .from(devOutbox)
    .where(inArray(devOutbox.to, ["ops@example.com"]));

describe("the provider spend breaker", () => {
  it("past the hour's paid sends, SMS and calls stop, WhatsApp goes on for its share, email always goes; the operator is paged once per trip", async () => {
    const owner = await createOwner(app.services, {
      plan: "enterprise",
      contacts: [
        { name: "Ann", channel: "sms", value: "+12025550101" },
        { name: "Bob", channel: "sms", value: "+12025550102" },
        { name: "Cy", channel: "sms", value: "+12025550103" },
        { name: "Wen", channel: "whatsapp", value: "+12025550104" },
        { name: "Em", channel: "email", value: "em@example.com" },
      ],
    });
    const first = await emergency(owner.userId, owner.tagId);
    const smsAndCalls = twilio.received.filter((r) => r.channel !== "whatsapp");
    expect(smsAndCalls.length).toBeLessThanOrEqual(2);
    expect(twilio.received.length).toBeLessThanOrEqual(3);
    const held = first.filter((d) => d.status === "skipped");
    expect(held.length).toBeGreaterThan(0);
    expect(new Set(held.map((d) => d.note))).toEqual(new Set(["spend_limit"]));
    expect(first.find((d) => d.channel === "email")?.status).toBe("delivered");

    // More emergencies in the same hour: still held back, still one page.
    await emergency(owner.userId, owner.tagId);
    const second = await emergency(owner.userId, owner.tagId);
    expect(twilio.received.length).toBeLessThanOrEqual(3);
    expect(second.filter((d) => d.channel !== "email").every((d) => d.status === "skipped")).toBe(
      true,
    );
    const paged = await pages();
    expect(paged.filter((p) => p.body.includes("SMS and calls are held back"))).toHaveLength(1);
    expect(paged.filter((p) => p.body.includes("Only email goes"))).toHaveLength(1);
  });
});
