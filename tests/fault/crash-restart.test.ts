import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningServer, startServer } from "#tests/support/processes.ts";
import {
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

/** Workers sending at once: at most this many calls are under way at the kill. */
const CONCURRENCY = 4;

let db: SharedDatabase;
let smtp: SmtpPeer;
let twilio: TwilioPeer;
const servers: RunningServer[] = [];

beforeAll(async () => {
  // Slow providers, so the kill lands while the dispatcher is working through the outbox.
  smtp = await startSmtpPeer({ delayMs: 60 });
  twilio = await startTwilioPeer({ delayMs: 60 });
  db = await sharedDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL").catch(() => {});
  await smtp?.close();
  await twilio?.close();
  await db?.destroy();
});

it("a server killed with SIGKILL while dispatching, then restarted, loses nothing and sends nothing twice", async () => {
  const owners = await db.use(async (services) => {
    const made = await ownersOnEveryChannel(services, 5);
    // A backlog accepted before the server starts: 4 alerts of 5 deliveries.
    await raiseCardAlerts(services, made.slice(0, 4));
    return made;
  });
  const env = {
    ...db.env,
    SMTP_URL: smtp.url,
    ...twilio.env(),
    // A claim held by a dead process is taken up again after 3 s (60 s in production).
    DISPATCHER_LEASE_SECONDS: "3",
    DISPATCHER_CONCURRENCY: String(CONCURRENCY),
  };

  const first = await startServer(env);
  servers.push(first);
  // One more accepted over HTTP while it dispatches.
  for (const [i, owner] of owners.slice(4).entries()) {
    const response = await postCardAlert(first.url, owner.tagId, {
      address: `198.51.100.${i + 1}`,
    });
    expect(response.status).toBe(200);
  }
  const total = 5 * 5;
  await smtp.waitForKeys(1, 20_000);
  const deadline = Date.now() + 20_000;
  while (smtp.received.length + twilio.received.length < total / 3 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(await first.stop("SIGKILL")).toBeNull(); // killed, not exited
  const atKill = smtp.received.length + twilio.received.length;
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(total);

  const second = await startServer(env);
  servers.push(second);
  const sentEmails = 5;
  // (A timeout here is reported by the comparisons below, which say what is missing.)
  await smtp.waitForKeys(sentEmails, 30_000).catch(() => {});
  await twilio.waitForKeys(total - sentEmails, 30_000).catch(() => {});
  // Let the restarted dispatcher run on: nothing more may arrive.
  await new Promise((r) => setTimeout(r, 1_500));
  expect(await second.stop("SIGTERM")).toBe(0);

  const deliveries = await db.use((services) => sendableDeliveries(services));
  const keys = [...smtp.countsByKey().keys(), ...twilio.countsByKey().keys()].sort();
  expect(keys).toEqual(deliveries.map((d) => d.id).sort());
  expect(deliveries.filter((d) => d.status !== "sent")).toEqual([]);
  expect(deliveries).toHaveLength(total);
  // Nothing reaches Twilio twice: a call under way at the kill is looked up there
  // before any repeat (decision 116). SMTP cannot be asked: an email whose closing
  // dot went out just before the kill is repeated for a real emergency (these are
  // card alerts), once, under the same Message-ID; at most one per worker.
  expect(duplicates(twilio)).toEqual([]);
  const resent = await db.use((services) => sendableDeliveries(services));
  const repeated = duplicates(smtp);
  expect(repeated.length).toBeLessThanOrEqual(CONCURRENCY);
  for (const key of repeated) {
    expect(smtp.countsByKey().get(key)).toBe(2);
    expect(resent.find((d) => d.id === key)?.note).toBe("uncertain_resent");
  }
}, 180_000);
