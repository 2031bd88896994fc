// Decision 156: the dispatcher is woken by the commit of new deliveries, on every instance, not by
// its poll; batch claims never give one delivery to two instances; emergencies go before a mass
// of notices. Real SMTP peer on loopback (tests/fault/peers.ts), PGlite or PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseAlert } from "#server/alerts/create.ts";
import { channelShare, createDispatcher, type Dispatcher } from "#server/alerts/dispatcher.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { loadConfig } from "#server/config.ts";
import { openPostgres } from "#server/db/client.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createServices, type Services } from "#server/services.ts";
import { type SmtpPeer, startSmtpPeer, startTwilioPeer } from "#tests/fault/peers.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/support/database.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";

/** Longer than any test here: a delivery sent within a test was sent because of a wake-up. */
const NEVER_MS = 3_600_000;

let database: TestDatabase;
let smtp: SmtpPeer;
const dispatchers: Dispatcher[] = [];
const closers: (() => Promise<void>)[] = [];

function servicesOn(
  handle: TestDatabase | Awaited<ReturnType<typeof openPostgres>>,
  env: Record<string, string> = {},
): Services {
  const config = loadConfig({
    APP_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "safetap-test-")),
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    SMTP_URL: smtp.url,
    // The same key on every instance: they read each other's rows.
    DATA_ENCRYPTION_KEY: "11".repeat(32),
    AUTH_SECRET: "22".repeat(32),
    ...env,
  });
  const services = createServices({
    config,
    logger: createLogger({ level: "silent" }),
    database: handle,
  });
  closers.push(async () => {
    await services.scans.close();
    await services.limiter.close();
  });
  return services;
}

/** A dispatcher that polls only once an hour: only a wake-up can make it send in a test. */
function dispatcherOf(services: Services, concurrency = 4) {
  const dispatcher = createDispatcher(services, { intervalMs: NEVER_MS, concurrency });
  dispatchers.push(dispatcher);
  return dispatcher;
}

/** Starts a dispatcher and lets its first pass (the backlog, here none) end. */
async function started(dispatcher: Dispatcher) {
  dispatcher.start();
  await dispatcher.runOnce();
}

/** Waits (up to 30 s, then the test fails on its expectation) for a delivery at the peer. */
async function arrived(id: string) {
  for (let i = 0; i < 300 && !smtp.countsByKey().has(id); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alertFor = (services: Services, owner: Owner) =>
  raiseAlert(services, {
    source: "card",
    userId: owner.userId,
    tagId: owner.tagId,
    idempotencyKey: randomBytes(12).toString("hex"),
    location: null,
    clientAddress: "192.0.2.1",
  });

async function deliveryIds(services: Services, alertId: string) {
  const rows = await services.db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertId, alertId));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  smtp = await startSmtpPeer({ delayMs: 20 });
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const dispatcher of dispatchers) await dispatcher.stop();
  for (const close of closers) await close();
  await database?.destroy();
  await smtp?.close();
});

const mailOwner = (services: Services, n = 1) =>
  createOwner(services, {
    plan: "family",
    contacts: Array.from({ length: n }, (_, i) => ({
      name: `Mail ${i + 1}`,
      channel: "email" as const,
      value: `mail-${randomBytes(4).toString("hex")}@example.com`,
    })),
  });

describe("the dispatcher wakes on commit", () => {
  it("a committed alert is sent without waiting for the poll", async () => {
    const services = servicesOn(database);
    // Not attached to `services`: raiseAlert's own nudge cannot reach it, only the outbox's
    // NOTIFY (PostgreSQL) or the embedded database's own notification (PGlite).
    const dispatcher = dispatcherOf(services);
    await started(dispatcher);
    const owner = await mailOwner(services);
    const raised = await alertFor(services, owner);
    const [id] = await deliveryIds(services, raised.alertId);
    await arrived(id!);
    expect(smtp.countsByKey().get(id!)).toBe(1);
    await dispatcher.stop();
  }, 60_000);

  it("a dispatcher that cannot listen is told by the instance's own alert (decision 162)", async () => {
    const services = servicesOn(database);
    // The same database, whose notices never reach this dispatcher: only `inserted()` can.
    const deaf = servicesOn({
      ...database,
      listen: () => Promise.reject(new Error("no listener here")),
    } as TestDatabase);
    const dispatcher = dispatcherOf(deaf);
    await started(dispatcher);
    const owner = await mailOwner(services);
    // Attached as the accepting instance's dispatcher: raiseAlert tells it, as it is not listening.
    const raised = await alertFor({ ...services, dispatcher }, owner);
    const [id] = await deliveryIds(services, raised.alertId);
    await arrived(id!);
    expect(smtp.countsByKey().get(id!)).toBe(1);
    await dispatcher.stop();
  }, 60_000);

  it.skipIf(!TEST_DATABASE_URL)(
    "PostgreSQL: the instance that did not accept the alert is woken too",
    async () => {
      const accepting = servicesOn(database);
      const other = await openPostgres(database.url!, { poolSize: 3 });
      closers.push(() => other.close());
      const sending = servicesOn(other as TestDatabase);
      // Only the other instance dispatches; the accepting one has no dispatcher at all.
      const dispatcher = dispatcherOf(sending);
      await started(dispatcher);
      const before = smtp.received.length;
      const owner = await mailOwner(accepting);
      const raised = await alertFor(accepting, owner);
      const [id] = await deliveryIds(accepting, raised.alertId);
      await arrived(id!);
      expect(smtp.countsByKey().get(id!)).toBe(1);
      expect(smtp.received.length).toBe(before + 1);
      await dispatcher.stop();
    },
    60_000,
  );
});

describe("batch claims", () => {
  it("two dispatchers on one outbox: every delivery sent once, each claimed once", async () => {
    const first = servicesOn(database);
    const second = TEST_DATABASE_URL
      ? servicesOn((await openPostgres(database.url!, { poolSize: 5 })) as TestDatabase)
      : servicesOn(database);
    if (second.database !== database) closers.push(() => second.database.close());
    const owners: Owner[] = [];
    for (let i = 0; i < 12; i++) owners.push(await mailOwner(first, 5));
    const ids: string[] = [];
    for (const owner of owners)
      ids.push(...(await deliveryIds(first, (await alertFor(first, owner)).alertId)));
    expect(ids).toHaveLength(60);
    const a = dispatcherOf(first, 8);
    const b = dispatcherOf(second, 8);
    // Both claim from the same backlog at once, in batches of up to 8.
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    for (let i = 0; i < 300 && ids.some((id) => !smtp.countsByKey().has(id)); i++) {
      await Promise.all([a.runOnce(), b.runOnce()]);
    }
    const counts = smtp.countsByKey();
    expect(ids.map((id) => counts.get(id) ?? 0)).toEqual(ids.map(() => 1));
    const rows = await first.db
      .select({ status: alertDeliveries.status, attempts: alertDeliveries.attempts })
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.id, ids));
    // One claim each: a second claim would have raised `attempts`.
    expect(rows.map((r) => `${r.status}:${r.attempts}`)).toEqual(ids.map(() => "sent:1"));
  }, 120_000);
});

describe("priorities under load", () => {
  it("an alert raised behind 400 queued notices is sent before them", async () => {
    const services = servicesOn(database);
    const owner = await mailOwner(services);
    const notices: string[] = [];
    await services.db.transaction(async (tx) => {
      for (let i = 0; i < 400; i++) {
        notices.push(
          await queueNotice(tx, services.cipher, {
            kind: "mass_notice",
            accountId: owner.userId,
            channel: "email",
            to: `guardian-${i}@example.com`,
            recipientName: `Guardian ${i}`,
            payload: {
              template: "scanNotice",
              language: "en",
              params: { tag: "Bag", time: "14:02" },
            },
          }),
        );
      }
    });
    const concurrency = 4;
    const dispatcher = dispatcherOf(services, concurrency);
    dispatcher.start(); // the notices are under way
    for (let i = 0; i < 300 && !notices.some((id) => smtp.countsByKey().has(id)); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const raised = await alertFor(services, owner);
    const [alertDelivery] = await deliveryIds(services, raised.alertId);
    const noticesAtRaise = notices.filter((id) => smtp.countsByKey().has(id)).length;
    for (let i = 0; i < 300 && !smtp.countsByKey().has(alertDelivery!); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const order = smtp.received.map((r) => r.key);
    const alertAt = order.indexOf(alertDelivery!);
    expect(alertAt).toBeGreaterThanOrEqual(0);
    const noticesBefore = order.slice(0, alertAt).filter((key) => notices.includes(key)).length;
    // Only notices already claimed when the alert came, and those the other slots sent while
    // the alert was being composed and sent, went first; without priorities it would be all.
    expect(noticesBefore - noticesAtRaise).toBeLessThanOrEqual(3 * concurrency);
    expect(noticesBefore).toBeLessThan(notices.length);
    await dispatcher.stop();
  }, 120_000);

  // Decision 173: texts waiting on their number's pace hold at most their channel's share of the
  // slots, so the same notice's emails go out at the mail server's pace, not the number's.
  it("a mass notice's emails are not held behind its texts waiting on their number's pace", async () => {
    const twilio = await startTwilioPeer();
    const own = await createTestDatabase();
    closers.push(async () => {
      await own.destroy();
      await twilio.close();
    });
    // Two texts a second from the one number: 30 take 15 s.
    const services = servicesOn(own, { ...twilio.env(), TWILIO_SMS_PER_SECOND: "2" });
    const owner = await mailOwner(services);
    const notice = (channel: "sms" | "email", i: number) =>
      queueNotice(services.db, services.cipher, {
        kind: "mass_notice",
        accountId: owner.userId,
        channel,
        to:
          channel === "sms" ? `+1555010${String(i).padStart(4, "0")}` : `guardian-${i}@example.com`,
        recipientName: `Guardian ${i}`,
        payload: { template: "scanNotice", language: "en", params: { tag: "Bag", time: "14:02" } },
      });
    // The texts are queued first, so they come first in the claim's order.
    const texts: string[] = [];
    for (let i = 0; i < 30; i++) texts.push(await notice("sms", i));
    await new Promise((r) => setTimeout(r, 10));
    const emails: string[] = [];
    for (let i = 0; i < 30; i++) emails.push(await notice("email", i));

    const concurrency = 8; // 2 kept for emergencies, 6 for the rest: 3 a channel
    expect(channelShare(concurrency)).toBe(3);
    const dispatcher = dispatcherOf(services, concurrency);
    dispatcher.start();
    const mailed = () => emails.filter((id) => smtp.countsByKey().has(id)).length;
    const texted = () => texts.filter((id) => twilio.countsByKey().has(id)).length;
    for (let i = 0; i < 600 && mailed() < emails.length && texted() < 10; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const textsWhenMailed = texted();
    await dispatcher.stop();
    // Every email went while the number had sent only its first few texts. With the texts
    // holding every slot, each email waited for a text to be sent: 24 texts went first.
    expect(mailed()).toBe(emails.length);
    expect(textsWhenMailed).toBeLessThan(10);
  }, 120_000);
});
