import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planDeliveries, raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher, retryDelayMs } from "#server/alerts/dispatcher.ts";
import { alertDeliveries, alerts, devOutbox, profiles } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { Client } from "#tests/support/http-client.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const key = () => `key-${crypto.randomUUID()}`;
/** An alert for the owner's tag with a fresh key and no location. */
const raise = (services: Services, owner: Owner, source: "card" | "sos" | "test") =>
  raiseAlert(services, {
    source,
    userId: owner.userId,
    tagId: owner.tagId,
    idempotencyKey: key(),
    location: null,
    clientAddress: "x",
  });
const deliveriesOf = (alertId: string) =>
  app.services.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alertId));

describe("raising an alert", () => {
  it("records one delivery per contact and sends each on its channel with the map link", async () => {
    const owner = await createOwner(app.services, { name: "Olivia Owner" });
    const raised = await raiseAlert(app.services, {
      source: "card",
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: key(),
      location: { latitude: 48.8566141, longitude: 2.3522219 },
      clientAddress: "198.51.100.7",
    });
    expect(raised.created).toBe(true);
    expect(raised.contactsReached).toBe(2);
    const deliveries = await deliveriesOf(raised.alertId);
    // email + sms + a voice call to the phone contact (Family plan has voice quota)
    expect(deliveries.map((d) => d.channel).sort()).toEqual(["email", "sms", "voice"]);
    expect(deliveries.every((d) => d.status === "pending")).toBe(true);

    await createDispatcher(app.services).runOnce();
    const after = await deliveriesOf(raised.alertId);
    expect(after.every((d) => d.status === "delivered")).toBe(true);
    const [alert] = await app.services.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, raised.alertId));
    expect(alert).toMatchObject({ latitude: "48.856614", longitude: "2.352222" });

    const email = (
      await app.services.db.select().from(devOutbox).where(eq(devOutbox.channel, "email"))
    ).filter((m) => m.body.includes(owner.tagId));
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe("EMERGENCY: Olivia Owner needs help");
    expect(email[0]!.body).toContain("https://maps.google.com/?q=48.856614,2.352222");
    expect(email[0]!.body).toMatch(/http:\/\/localhost:3000\/ack\/[0-9a-f-]{36}\.[0-9a-f]{32}/);
    // The owner lives in the US: the time is on New York's clock, and says so.
    expect(email[0]!.body).toMatch(/ E[SD]T\./);
    const sms = (
      await app.services.db.select().from(devOutbox).where(eq(devOutbox.channel, "sms"))
    ).filter((m) => m.body.includes("Olivia Owner"));
    expect(sms[0]!.body).toMatch(
      /^EMERGENCY: Olivia Owner needs help \(.+ E[SD]T\)\. Location: https:\/\/maps/,
    );
  });

  it("gives the time in the owner's time zone, from the profile's country, and names it", async () => {
    const owner = await createOwner(app.services, {
      name: "Paul Paris",
      language: "fr",
      contacts: [{ name: "Zoé", channel: "sms", value: "+33612345678" }],
    });
    await app.services.db
      .update(profiles)
      .set({ country: "fr" })
      .where(eq(profiles.id, owner.userId));
    const raised = await raise(app.services, owner, "sos");
    await createDispatcher(app.services).runOnce();
    const [alert] = await app.services.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, raised.alertId));
    const paris = new Intl.DateTimeFormat("fr", {
      timeStyle: "short",
      timeZone: "Europe/Paris",
    }).format(alert!.createdAt);
    const sms = (
      await app.services.db.select().from(devOutbox).where(eq(devOutbox.channel, "sms"))
    ).filter((m) => m.body.includes("Paul Paris"));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`${paris} UTC+`);
    expect(sms[0]!.body).toContain("(Europe/Paris)");
    // The acknowledgement page the message links to gives the same clock.
    const ackPath = sms[0]!.body.match(/http:\/\/localhost:3000(\/ack\/\S+)/)![1]!;
    const page = await new Client(app).get(ackPath, { "accept-language": "fr" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("(Europe/Paris)");
  });

  it("without a shared location the message says so and has no map link", async () => {
    const owner = await createOwner(app.services, {
      contacts: [{ name: "Ana", channel: "email", value: `ana-${Date.now()}@example.com` }],
    });
    const raised = await raise(app.services, owner, "card");
    await createDispatcher(app.services).runOnce();
    const [delivery] = await deliveriesOf(raised.alertId);
    const messages = await app.services.db
      .select()
      .from(devOutbox)
      .where(sql`${devOutbox.metadata}->>'deliveryId' = ${delivery!.id}`);
    expect(messages[0]!.body).toContain("No location was shared.");
    expect(messages[0]!.body).not.toContain("maps.google.com");
  });

  it("the same idempotency key twice sends once", async () => {
    const owner = await createOwner(app.services);
    const input = {
      source: "card" as const,
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: key(),
      location: null,
      clientAddress: "x",
    };
    const [first, second] = await Promise.all([
      raiseAlert(app.services, input),
      raiseAlert(app.services, input),
    ]);
    const third = await raiseAlert(app.services, input);
    expect(new Set([first.alertId, second.alertId, third.alertId]).size).toBe(1);
    expect([first.created, second.created].filter(Boolean)).toHaveLength(1);
    expect(third.viewerToken).toBe(first.viewerToken);
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.userId, owner.userId));
    expect(rows).toHaveLength(1);
    await createDispatcher(app.services).runOnce();
    await createDispatcher(app.services).runOnce();
    const deliveries = await deliveriesOf(first.alertId);
    expect(deliveries).toHaveLength(3);
    for (const delivery of deliveries) {
      const stored = await app.services.db
        .select()
        .from(devOutbox)
        .where(eq(devOutbox.idempotencyKey, delivery.id));
      expect(stored).toHaveLength(1);
    }
  });

  it("an alert that spends no allowance is one statement: pressed time, language and encrypted destinations kept; a repeated key writes nothing", async () => {
    // Email contacts only: nothing counted, no lock, no toll limit (decision 162).
    const owner = await createOwner(app.services, {
      name: "Esther Email",
      language: "fr",
      contacts: [
        { name: "Eve", channel: "email", value: "eve@example.com" },
        { name: "Emile", channel: "email", value: "emile@example.com" },
      ],
    });
    const pressedAt = new Date(Date.now() - 5 * 60_000);
    const input = {
      source: "card" as const,
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: key(),
      location: { latitude: 10.5, longitude: -20.25 },
      clientAddress: "198.51.100.9",
      raisedAt: pressedAt,
    };
    const answers = await Promise.all([1, 2, 3].map(() => raiseAlert(app.services, input)));
    expect(new Set(answers.map((a) => a.alertId)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(answers.map((a) => a.contactsReached)).toEqual([2, 2, 2]);
    const rows = await app.services.db.select().from(alerts).where(eq(alerts.userId, owner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      language: "fr",
      latitude: "10.500000",
      longitude: "-20.250000",
      clientAddress: "198.51.100.9",
      isTest: false,
      status: "active",
    });
    expect(rows[0]!.createdAt.getTime()).toBe(pressedAt.getTime());
    expect(rows[0]!.escalateAt!.getTime()).toBeGreaterThan(Date.now());
    const deliveries = await deliveriesOf(answers[0]!.alertId);
    expect(deliveries).toHaveLength(2);
    for (const d of deliveries) {
      expect(d).toMatchObject({ accountId: owner.userId, kind: "alert", status: "pending" });
      expect(d.destination).not.toContain("@");
      expect(
        app.services.cipher.decrypt(d.destination, `alert_deliveries.destination:${d.id}`),
      ).toBe(d.contactName === "Eve" ? "eve@example.com" : "emile@example.com");
    }
  });

  it("test alerts are marked TEST and make no voice call", async () => {
    const owner = await createOwner(app.services, { name: "Terry Test" });
    const raised = await raise(app.services, owner, "test");
    const deliveries = await deliveriesOf(raised.alertId);
    expect(deliveries.map((d) => d.channel).sort()).toEqual(["email", "sms"]);
    await createDispatcher(app.services).runOnce();
    const email = (await app.services.db.select().from(devOutbox)).find(
      (m) => m.subject === "TEST: SafeTap alert for Terry Test",
    );
    expect(email?.body.startsWith("TEST, no action needed.")).toBe(true);
  });
});

describe("quotas (DESIGN 1.2–1.3): never blocking email", () => {
  const contacts = [
    { name: "Email Contact", channel: "email" as const, value: "e@example.com" },
    { name: "Phone Contact", channel: "sms" as const, value: "+15550001111" },
  ];

  it("beyond the allowance SMS is skipped, email still goes, and the owner is told why", () => {
    const planned = planDeliveries({
      contacts: contacts.map((c, i) => ({ ...c, id: `c${i}`, priority: i + 1 })),
      plan: "pro",
      usage: { messages: 50, voice: 10 },
      isTest: false,
      ownerEmail: "owner@example.com",
    });
    expect(planned.map((d) => [d.channel, d.kind, d.status, d.note])).toEqual([
      ["email", "alert", "pending", null],
      ["sms", "alert", "skipped", "quota"],
      ["email", "quota_notice", "pending", "quota"],
    ]);
    expect(planned[2]!.destination).toBe("owner@example.com");
  });

  it("a real emergency that would reach nobody goes out anyway (emergency overage); a test does not", () => {
    const phoneOnly = [
      {
        id: "c1",
        name: "Only Phone",
        channel: "sms" as const,
        value: "+15550002222",
        priority: 1,
        // A test goes only to a contact who confirmed (decision 148).
        consent: { state: "confirmed" as const, answeredAt: null, requestedAt: null, requests: 1 },
      },
    ];
    const real = planDeliveries({
      contacts: phoneOnly,
      plan: "free",
      usage: { messages: 3, voice: 0 },
      isTest: false,
      ownerEmail: "o@example.com",
    });
    expect(real.map((d) => [d.channel, d.status, d.note])).toEqual([
      ["sms", "pending", "emergency_overage"],
    ]);
    const test = planDeliveries({
      contacts: phoneOnly,
      plan: "free",
      usage: { messages: 3, voice: 0 },
      isTest: true,
      ownerEmail: "o@example.com",
    });
    expect(test.map((d) => [d.channel, d.kind, d.status])).toEqual([
      ["sms", "alert", "skipped"],
      ["email", "quota_notice", "pending"],
    ]);
  });

  it("Free has 3 non-email sends in all, then degrades to email", async () => {
    const owner = await createOwner(app.services, {
      plan: "free",
      // Free alerts one contact (the first): the text message.
      contacts: [
        { name: "Text", channel: "sms", value: "+15550003333" },
        { name: "Mail", channel: "email", value: `mail-${Date.now()}@example.com` },
      ],
    });
    const statuses: string[] = [];
    for (let i = 0; i < 4; i++) {
      const raised = await raise(app.services, owner, "test");
      const sms = (await deliveriesOf(raised.alertId)).find((d) => d.channel === "sms");
      statuses.push(sms!.status);
    }
    expect(statuses).toEqual(["pending", "pending", "pending", "skipped"]);
  });
});

describe("retries", () => {
  let twilio: Server;
  let calls = 0;
  let failUntil = 0;
  beforeAll(async () => {
    // A stand-in for Twilio's Messages endpoint: fails with 503 for the first requests.
    twilio = createServer((req, res) => {
      calls++;
      req.resume();
      if (calls <= failUntil) {
        res.writeHead(503, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "Service Unavailable" }));
      } else {
        res.writeHead(201, { "content-type": "application/json" });
        res.end(JSON.stringify({ sid: `SM${calls}` }));
      }
    });
    await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => twilio.close(() => resolve())));

  async function twilioApp() {
    const port = (twilio.address() as AddressInfo).port;
    return createTestApp({
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "secret",
      TWILIO_FROM: "+15550009999",
      TWILIO_API_BASE: `http://127.0.0.1:${port}`,
    });
  }
  const due = (test: TestApp) =>
    test.services.db.execute(
      sql`update alert_deliveries set next_attempt_at = now() where status = 'pending'`,
    );

  it("a failing provider is retried with backoff until it answers", async () => {
    const test = await twilioApp();
    try {
      calls = 0;
      failUntil = 2;
      const owner = await createOwner(test.services, {
        plan: "free",
        contacts: [{ name: "Text", channel: "sms", value: "+15550004444" }],
      });
      const raised = await raise(test.services, owner, "test");
      const dispatcher = createDispatcher(test.services);
      await dispatcher.runOnce();
      let [delivery] = await test.services.db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, raised.alertId));
      expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
      expect(delivery!.lastError).toContain("503");
      expect(delivery!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      await due(test);
      await dispatcher.runOnce();
      await due(test);
      await dispatcher.runOnce();
      [delivery] = await test.services.db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, raised.alertId));
      expect(delivery).toMatchObject({
        status: "sent",
        attempts: 3,
        provider: "twilio",
        providerMessageId: "SM3",
      });
      expect(calls).toBe(3);
    } finally {
      await test.close();
    }
  });

  it("after the last attempt the delivery is recorded as failed", async () => {
    const test = await twilioApp();
    try {
      calls = 0;
      failUntil = 1_000;
      const owner = await createOwner(test.services, {
        plan: "free",
        contacts: [{ name: "Text", channel: "sms", value: "+15550005555" }],
      });
      const raised = await raise(test.services, owner, "test");
      const dispatcher = createDispatcher(test.services, { maxAttempts: 3 });
      for (let i = 0; i < 3; i++) {
        await dispatcher.runOnce();
        await due(test);
      }
      const [delivery] = await test.services.db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, raised.alertId));
      expect(delivery).toMatchObject({ status: "failed", attempts: 3 });
      expect(calls).toBe(3);
    } finally {
      await test.close();
    }
  });

  it("backoff doubles from about 2 seconds, with jitter, capped at 5 minutes", () => {
    expect(retryDelayMs(1, () => 1)).toBe(2_000);
    expect(retryDelayMs(2, () => 1)).toBe(4_000);
    expect(retryDelayMs(3, () => 0)).toBe(4_000);
    expect(retryDelayMs(20, () => 1)).toBe(300_000);
  });
});

describe("messages in the owner's language", () => {
  it("a Spanish owner's contacts get Spanish messages", async () => {
    const owner = await createOwner(app.services, {
      name: "Lucía",
      language: "es",
      contacts: [{ name: "Pablo", channel: "email", value: `pablo-${Date.now()}@example.com` }],
    });
    const raised = await raise(app.services, owner, "sos");
    await createDispatcher(app.services).runOnce();
    const [delivery] = await deliveriesOf(raised.alertId);
    const [message] = await app.services.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.idempotencyKey, delivery!.id));
    expect(message!.subject).toBe("EMERGENCIA: Lucía necesita ayuda");
    expect(message!.body).toContain("Lucía envió un SOS desde SafeTap");
  });
});
