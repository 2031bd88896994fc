import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { TOLL_RULES } from "#server/alerts/toll-limits.ts";
import { alertDeliveries, alerts, contacts } from "#server/db/schema.ts";
import { addContacts } from "#server/domain/contacts.ts";
import { startTwilioPeer, type TwilioPeer } from "#tests/fault/peers.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createOwner } from "#tests/support/fixtures.ts";
import { Client, signIn } from "#tests/support/http-client.ts";
import { PHONE_USER_AGENT as PHONE_UA } from "#tests/support/user-agents.ts";

// Issue 13 item 2: one account and one anonymous address try 1,000 SOS, test
// and card alerts to 50 numbers. What reaches the provider (counted at a
// Twilio stand-in) stays within the documented ceilings
// (docs/decisions/012-rate-limits.md, ## abuse), and a real emergency from a
// fresh phone still goes out.
//
// The attack is scripted the way the app's own script sends these forms: the
// SOS and test-alert posts go to the routes' `.data` URLs (the same actions,
// answered with their data instead of a whole page) and the card's alert asks
// for JSON, so the thousand requests cost what the limits cost, not a thousand
// page renders.

let twilio: TwilioPeer;
let app: TestApp;
beforeAll(async () => {
  twilio = await startTwilioPeer();
  app = await createTestApp(twilio.env());
});
afterAll(async () => {
  await app?.close();
  await twilio?.close();
});

const PAID = ["sms", "whatsapp", "voice"];
/** Fifty valid numbers (US, fictional 555 range). */
const NUMBERS = Array.from({ length: 50 }, (_, i) => `+1202555${String(1000 + i)}`);

/** The documented bound for one account in an hour: its paid sends plus the emergency floor. */
const ACCOUNT_BOUND = TOLL_RULES.accountHour.points + TOLL_RULES.floorDay.points;

async function dispatchAll() {
  const dispatcher = createDispatcher(app.services);
  while ((await dispatcher.runOnce()) > 0) {}
}

describe("toll fraud through alerts", () => {
  it("1,000 SOS, test and card alerts to 50 numbers reach the provider at most the documented number of times; a real emergency from a fresh phone still goes out", async () => {
    // Enterprise: no plan quota at all, the worst case (a paid plan bought with a stolen card).
    const attacker = await createOwner(app.services, {
      name: "Mallory",
      plan: "enterprise",
      contacts: NUMBERS.slice(0, 15).map((value, i) => ({ name: `N${i}`, channel: "sms", value })),
    });
    const account = await signIn(app, attacker.email);
    const attackerAlerts = app.services.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.userId, attacker.userId));
    /** Paid deliveries recorded to go out (not skipped): what the provider would be asked for. */
    const paidPlanned = () =>
      app.services.db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(
          and(
            inArray(alertDeliveries.alertId, attackerAlerts),
            inArray(alertDeliveries.channel, PAID),
            ne(alertDeliveries.status, "skipped"),
          ),
        );
    const anonymous = new Client(app, "203.0.113.66");
    let rotation = 0;
    for (let i = 0; i < 1000; i++) {
      if (i % 100 === 99) expect((await paidPlanned()).length).toBeLessThanOrEqual(ACCOUNT_BOUND);
      if (i > 0 && i % 60 === 0) {
        // Cycle the contacts through all fifty numbers.
        rotation++;
        await app.services.db.delete(contacts).where(eq(contacts.userId, attacker.userId));
        await addContacts(
          app.services.db,
          app.services.cipher,
          attacker.userId,
          Array.from({ length: 15 }, (_, j) => ({
            name: `N${j}`,
            channel: "sms" as const,
            value: NUMBERS[(rotation * 15 + j) % 50]!,
          })),
        );
      }
      const key = randomUUID();
      if (i % 3 === 0) {
        const answer = await account.post("/sos.data", { intent: "sos", idempotencyKey: key });
        // Sent, or raised with every paid send capped: "no contact could be reached".
        expect(answer.status).toBeOneOf([200, 409]);
      } else if (i % 3 === 1) {
        const answer = await account.post("/dashboard.data", {
          intent: "testAlert",
          tagId: attacker.tagId,
          idempotencyKey: key,
        });
        expect(answer.status).toBeOneOf([200, 400]); // 400: the test-alert limit
      } else {
        const answer = await anonymous.post(
          `/t/${attacker.tagId}/alert`,
          { idempotencyKey: key },
          { "user-agent": PHONE_UA, accept: "application/json" },
        );
        expect(answer.status).toBeOneOf([200, 429]);
      }
    }
    // Every SOS press was taken (an emergency is never refused), so every one was capped.
    const raised = await app.services.db
      .select({ source: alerts.source })
      .from(alerts)
      .where(eq(alerts.userId, attacker.userId));
    expect(raised.filter((a) => a.source === "sos")).toHaveLength(334);
    expect(raised.filter((a) => a.source === "test").length).toBeGreaterThan(0);
    expect(raised.filter((a) => a.source === "card").length).toBeGreaterThan(0);
    expect((await paidPlanned()).length).toBeLessThanOrEqual(ACCOUNT_BOUND);
    // Capped deliveries are recorded as skipped, with the reason.
    const skipped = await app.services.db
      .select({ note: alertDeliveries.note })
      .from(alertDeliveries)
      .where(
        and(
          inArray(alertDeliveries.alertId, attackerAlerts),
          eq(alertDeliveries.status, "skipped"),
        ),
      );
    expect(new Set(skipped.map((s) => s.note))).toContain("limit_account");

    await dispatchAll();
    const attackerCalls = twilio.received.length;
    expect(attackerCalls).toBeGreaterThan(0);
    expect(attackerCalls).toBeLessThanOrEqual(ACCOUNT_BOUND);

    // A real person's emergency, from a fresh phone, to one of the attacked numbers.
    const victim = await createOwner(app.services, {
      name: "Rosa Real",
      plan: "free",
      contacts: [{ name: "Sam", channel: "sms", value: NUMBERS[0]! }],
    });
    const finder = new Client(app, "198.51.100.23");
    const pressed = await finder.post(
      `/t/${victim.tagId}/alert`,
      { idempotencyKey: randomUUID() },
      { "user-agent": PHONE_UA, accept: "application/json" },
    );
    expect(pressed.status).toBe(200);
    await dispatchAll();
    const toVictimContact = twilio.received.slice(attackerCalls);
    expect(toVictimContact.map((r) => [r.channel, r.to])).toContainEqual(["sms", NUMBERS[0]]);
  }, 480_000);

  it("a real emergency whose numbers the ceilings have used up still messages its first phone contact (the floor), a few times a day", () =>
    floorHolds(app));
});

/** Three emergencies use a number's hour (an SMS and a call each); the fourth reaches it through the floor. */
async function floorHolds(app: TestApp) {
  const owner = await createOwner(app.services, {
    name: "Flo Floor",
    plan: "enterprise",
    contacts: [{ name: "Only", channel: "sms", value: "+12025550999" }],
  });
  const sos = async () => {
    const raised = await raiseAlert(app.services, {
      source: "sos",
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: randomUUID(),
      location: null,
      clientAddress: "192.0.2.9",
    });
    return app.services.db
      .select({
        channel: alertDeliveries.channel,
        status: alertDeliveries.status,
        note: alertDeliveries.note,
      })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, raised.alertId));
  };
  // An SMS and a call each: three emergencies use the number's hour.
  for (let i = 0; i < TOLL_RULES.destinationHour.points / 2; i++) {
    expect((await sos()).every((d) => d.status === "pending")).toBe(true);
  }
  const capped = await sos();
  expect(capped).toContainEqual({ channel: "sms", status: "pending", note: "emergency_floor" });
  expect(capped).toContainEqual({
    channel: "voice",
    status: "skipped",
    note: "limit_destination",
  });
  for (let i = 1; i < TOLL_RULES.floorDay.points; i++) await sos();
  const beyondFloor = await sos();
  expect(beyondFloor.every((d) => d.status === "skipped")).toBe(true);
}

const { TEST_REDIS_URL } = process.env;

describe.skipIf(!TEST_REDIS_URL)("toll ceilings with Redis as the limiter", () => {
  let redisApp: TestApp;
  beforeAll(async () => {
    redisApp = await createTestApp({ ...twilio.env(), REDIS_URL: TEST_REDIS_URL! });
  });
  afterAll(async () => {
    await redisApp?.services.limiter.close();
    await redisApp?.close();
  });

  it("the floor and the ceilings hold the same way", () => floorHolds(redisApp));
});
