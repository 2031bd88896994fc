import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";

// One slow provider call must not hold up the other contacts' messages.

let twilio: Server;
let release: () => void = () => {};
/** Whether the SMS request has reached Twilio (and waits for `release`). */
let smsArrived = false;
let app: TestApp;

beforeAll(async () => {
  // Twilio that answers only when the test lets it.
  twilio = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      smsArrived = true;
      release = () => {
        release = () => {};
        res.writeHead(201, { "content-type": "application/json" });
        res.end(JSON.stringify({ sid: `SM${randomUUID().replaceAll("-", "")}` }));
      };
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
  app = await createTestApp({
    TWILIO_ACCOUNT_SID: "AC123",
    TWILIO_AUTH_TOKEN: "secret",
    TWILIO_FROM: "+15550009999",
    TWILIO_API_BASE: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  release();
  await app?.close();
  twilio.closeAllConnections();
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
});

describe("the dispatcher", () => {
  it("sends other contacts' messages while one provider call hangs", async () => {
    const owner = await createOwner(app.services, {
      plan: "pro", // room for both contacts
      contacts: [
        { name: "Slow Text", channel: "sms", value: "+15550006666" },
        { name: "Quick Mail", channel: "email", value: "quick@example.com" },
      ],
    });
    const raised = await raiseAlert(app.services, {
      source: "test",
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: randomUUID(),
      location: null,
      clientAddress: "x",
    });
    const pass = createDispatcher(app.services, { concurrency: 4 }).runOnce();
    const byChannel = async () =>
      Object.fromEntries(
        (
          await app.services.db
            .select()
            .from(alertDeliveries)
            .where(eq(alertDeliveries.alertId, raised.alertId))
        ).map((d) => [d.channel, d.status]),
      );
    let states = await byChannel();
    for (let i = 0; i < 100 && (states.email !== "delivered" || !smsArrived); i++) {
      await new Promise((r) => setTimeout(r, 50));
      states = await byChannel();
    }
    // The e-mail went out while the SMS call is still waiting for Twilio.
    expect(states).toEqual({ sms: "sending", email: "delivered" });
    release();
    await pass;
    expect(await byChannel()).toEqual({ sms: "sent", email: "delivered" });
  });
});
