import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_ALERT_RULES } from "#server/security/card-alert-guard.ts";
import { TEST_DATABASE_URL } from "#tests/support/database.ts";
import { type RunningServer, startServer } from "#tests/support/processes.ts";
import {
  eventually,
  ownersOnEveryChannel,
  postCardAlert,
  raiseCardAlerts,
  type SharedDatabase,
  sendableDeliveries,
  sharedDatabase,
} from "./harness.ts";
import {
  duplicates,
  type SmtpPeer,
  startSmtpPeer,
  startTwilioPeer,
  type TwilioPeer,
} from "./peers.ts";

/** Set by the test command when Redis answers: the instances then share limits there. */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!TEST_DATABASE_URL)("two app instances on one PostgreSQL", () => {
  let db: SharedDatabase;
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    smtp = await startSmtpPeer({ delayMs: 20 });
    twilio = await startTwilioPeer({ delayMs: 20 });
    db = await sharedDatabase();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL").catch(() => {});
    await smtp?.close();
    await twilio?.close();
    await db?.destroy();
  });

  it("share the outbox with no duplicate sends, and share the rate limits", async () => {
    const owners = await db.use(async (services) => {
      const made = await ownersOnEveryChannel(services, 6);
      // A backlog both dispatchers find when they start.
      await raiseCardAlerts(services, made.slice(0, 5));
      return made;
    });
    const env = {
      ...db.env,
      SMTP_URL: smtp.url,
      ...twilio.env(),
      ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    };
    servers = await Promise.all([startServer(env), startServer(env)]);
    const [a, b] = servers as [RunningServer, RunningServer];

    // Alerts for one tag through both instances, from different addresses: the
    // tag's shared share (decision 111) counts them together; past it, a challenge.
    const limited = owners[5]!;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const server = i % 2 === 0 ? a : b;
      const address = `203.0.113.${randomBytes(1)[0]! % 250}`;
      statuses.push((await postCardAlert(server.url, limited.tagId, { address })).status);
    }
    const share = CARD_ALERT_RULES.tag.points;
    expect(statuses).toEqual([...Array(share).fill(200), ...Array(7 - share).fill(429)]);

    // Five backlog alerts plus the accepted ones, five deliveries each.
    const total = (5 + share) * 5;
    await eventually(
      async () => (await db.use(sendableDeliveries)).every((d) => d.status === "sent"),
      60_000,
      "every delivery sent",
    ).catch(() => {});
    await new Promise((r) => setTimeout(r, 1_000));

    const deliveries = await db.use(sendableDeliveries);
    const keys = [...smtp.countsByKey().keys(), ...twilio.countsByKey().keys()].sort();
    expect(keys).toEqual(deliveries.map((d) => d.id).sort());
    expect(deliveries).toHaveLength(total);
    expect(deliveries.filter((d) => d.status !== "sent")).toEqual([]);
    // No instance died, so no request may be repeated at all.
    expect(duplicates(smtp)).toEqual([]);
    expect(duplicates(twilio)).toEqual([]);
    expect(smtp.received.length + twilio.received.length).toBe(total);
    for (const server of servers) expect(await server.stop("SIGTERM")).toBe(0);
  }, 180_000);
});
