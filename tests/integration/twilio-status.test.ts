import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import { TWILIO_STATUS_PATH, twilioSignature } from "#server/delivery/twilio-status.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";

// Twilio reports each message's and call's fate to the URL given as
// StatusCallback; the report is signed with the account's auth token.

const AUTH_TOKEN = "status-secret";
let twilio: Server;
let sent: URLSearchParams[] = [];
let app: TestApp;

beforeAll(async () => {
  // A stand-in for Twilio's Messages and Calls endpoints.
  twilio = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      sent.push(new URLSearchParams(body));
      const sid = `${req.url?.includes("/Calls") ? "CA" : "SM"}${randomUUID().replaceAll("-", "")}`;
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid }));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
  app = await createTestApp({
    TWILIO_ACCOUNT_SID: "AC123",
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: "+15550009999",
    TWILIO_API_BASE: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
});

const callbackUrl = () => new URL(TWILIO_STATUS_PATH, app.services.config.publicUrl).toString();

function report(params: Record<string, string>, signature?: string) {
  return app.request(TWILIO_STATUS_PATH, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature ?? twilioSignature(AUTH_TOKEN, callbackUrl(), params),
    },
    body: new URLSearchParams(params),
  });
}

async function sentSmsDelivery() {
  const owner = await createOwner(app.services, {
    plan: "free",
    contacts: [{ name: "Text", channel: "sms", value: "+15550007777" }],
  });
  const raised = await raiseAlert(app.services, {
    source: "test",
    userId: owner.userId,
    tagId: owner.tagId,
    idempotencyKey: randomUUID(),
    location: null,
    clientAddress: "x",
  });
  sent = [];
  await createDispatcher(app.services).runOnce();
  const [delivery] = await app.services.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertId, raised.alertId));
  expect(delivery).toMatchObject({ status: "sent", provider: "twilio" });
  return delivery!;
}

const reload = async (id: string) =>
  (await app.services.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id)))[0]!;

describe("Twilio delivery reports", () => {
  it("asks Twilio to report to the public status URL", async () => {
    await sentSmsDelivery();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("StatusCallback")).toBe(callbackUrl());
  });

  it("marks a message delivered when Twilio says so, and a late 'sent' does not undo it", async () => {
    const delivery = await sentSmsDelivery();
    const sid = delivery.providerMessageId!;
    const response = await report({
      MessageSid: sid,
      MessageStatus: "delivered",
      AccountSid: "AC123",
    });
    expect(response.status).toBe(204);
    expect((await reload(delivery.id)).status).toBe("delivered");
    await report({ MessageSid: sid, MessageStatus: "sent" });
    await report({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    expect((await reload(delivery.id)).status).toBe("delivered");
  });

  it("marks a message failed with Twilio's error code", async () => {
    const delivery = await sentSmsDelivery();
    await report({
      MessageSid: delivery.providerMessageId!,
      MessageStatus: "undelivered",
      ErrorCode: "30005",
    });
    const after = await reload(delivery.id);
    expect(after.status).toBe("failed");
    expect(after.lastError).toContain("30005");
  });

  it("refuses reports without a valid signature and changes nothing", async () => {
    const delivery = await sentSmsDelivery();
    const params = { MessageSid: delivery.providerMessageId!, MessageStatus: "delivered" };
    const forged = twilioSignature("not-the-token", callbackUrl(), params);
    expect((await report(params, forged)).status).toBe(403);
    const unsigned = await app.request(TWILIO_STATUS_PATH, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    });
    expect(unsigned.status).toBe(403);
    // A signature over different parameters does not carry over.
    const other = twilioSignature(AUTH_TOKEN, callbackUrl(), { ...params, MessageStatus: "sent" });
    expect((await report(params, other)).status).toBe(403);
    expect((await reload(delivery.id)).status).toBe("sent");
  });

  it("ignores reports about messages it does not know", async () => {
    const response = await report({ MessageSid: "SMunknown", MessageStatus: "delivered" });
    expect(response.status).toBe(204);
  });

  it("is not there when Twilio is not configured", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.request(TWILIO_STATUS_PATH, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "MessageSid=SM1&MessageStatus=delivered",
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("what a report means", async () => {
  const { outcomeOf } = await import("#server/delivery/twilio-status.ts");
  it("maps message and call statuses", () => {
    expect(outcomeOf({ MessageStatus: "read" })).toEqual({ status: "delivered" });
    expect(outcomeOf({ MessageStatus: "queued" })).toBeNull();
    expect(outcomeOf({ CallStatus: "completed" })).toEqual({ status: "delivered" });
    expect(outcomeOf({ CallStatus: "no-answer" })).toMatchObject({ status: "failed" });
    expect(outcomeOf({ CallStatus: "ringing" })).toBeNull();
  });
});
