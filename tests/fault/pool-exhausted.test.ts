import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDeliveries, alerts } from "#server/db/schema.ts";
import { TEST_DATABASE_URL } from "#tests/support/database.ts";
import { type RunningServer, startServer } from "#tests/support/processes.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";
import {
  eventually,
  ownersOnEveryChannel,
  type SharedDatabase,
  sharedDatabase,
} from "./harness.ts";
import {
  duplicates,
  type SmtpPeer,
  startSmtpPeer,
  startTwilioPeer,
  type TwilioPeer,
} from "./peers.ts";

/**
 * Issue 19, decision 156: the bench's overload run saw the alert accept path answer 500 when
 * PostgreSQL's pool had no connection free in time. An alert is never refused with a 500 for
 * load: it is answered 503 "busy" with Retry-After, and the card's queue sends it again under
 * the same key. Here one pooled connection, a 200 ms wait for it and a burst of alerts from
 * many phones at once: every answer is 200 or 503, never 500; each alert pressed again after
 * a 503 is accepted; each stored once; each delivery reaches its provider once.
 */
const PHONES = 60;

describe.skipIf(!TEST_DATABASE_URL)("alerts when the database pool runs dry", () => {
  let db: SharedDatabase;
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    twilio = await startTwilioPeer();
    db = await sharedDatabase();
  });
  afterAll(async () => {
    await server?.stop("SIGKILL").catch(() => {});
    await smtp?.close();
    await twilio?.close();
    await db?.destroy();
  });

  it("answers 503 busy with Retry-After, never 500, and the alert sent again is stored once", async () => {
    const owners = await db.use((services) => ownersOnEveryChannel(services, PHONES));
    server = await startServer({
      ...db.env,
      SMTP_URL: smtp.url,
      ...twilio.env(),
      DATABASE_POOL_SIZE: "1",
      DATABASE_POOL_WAIT_MS: "200",
      // The dispatcher shares the one connection: one send at a time, and a send whose
      // queries found no connection during the burst is taken up again after 5 s, not 60 s.
      DISPATCHER_CONCURRENCY: "1",
      DISPATCHER_LEASE_SECONDS: "5",
    });
    const url = server.url;
    const post = (tagId: string, key: string, address: string) =>
      fetch(`${url}/t/${tagId}/alert`, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": address,
          "sec-fetch-site": "same-origin",
          "user-agent": PHONE_USER_AGENT,
        },
        body: new URLSearchParams({ idempotencyKey: key }).toString(),
        signal: AbortSignal.timeout(30_000),
      });
    const presses = owners.map((owner, i) => ({
      tagId: owner.tagId,
      key: randomBytes(12).toString("hex"),
      address: `198.51.100.${i + 1}`,
    }));

    // Every phone at once, on one connection.
    const first = await Promise.all(
      presses.map(async (p) => {
        const response = await post(p.tagId, p.key, p.address);
        return {
          ...p,
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          body: (await response.json().catch(() => null)) as { ok?: boolean; reason?: string },
        };
      }),
    );
    const statuses = first.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const busy = first.filter((a) => a.status === 503);
    // The pool did run dry: the case this test is about.
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.body).toMatchObject({ ok: false, reason: "busy" });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // The card's queue sends a busy alert again under its key, until it is accepted.
    for (const press of busy) {
      await eventually(
        async () => {
          const response = await post(press.tagId, press.key, press.address);
          expect([200, 503]).toContain(response.status);
          return response.status === 200;
        },
        30_000,
        `alert on ${press.tagId} accepted after busy`,
      );
    }

    // One alert per press, each with its deliveries, each sent once.
    const tagIds = presses.map((p) => p.tagId);
    const stored = await db.use((services) =>
      services.db
        .select({ id: alerts.id, tagId: alerts.tagId })
        .from(alerts)
        .where(inArray(alerts.tagId, tagIds)),
    );
    expect(stored.map((a) => a.tagId).sort()).toEqual([...tagIds].sort());
    const sendable = await db.use((services) =>
      services.db
        .select({ id: alertDeliveries.id, status: alertDeliveries.status })
        .from(alertDeliveries)
        .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
        .where(inArray(alerts.tagId, tagIds)),
    );
    const toSend = sendable.filter((d) => d.status !== "skipped").map((d) => d.id);
    expect(toSend.length).toBeGreaterThanOrEqual(PHONES * 3);
    await eventually(
      async () => {
        const seen = new Set([...smtp.countsByKey().keys(), ...twilio.countsByKey().keys()]);
        return toSend.every((id) => seen.has(id));
      },
      90_000,
      "every delivery at a provider",
    );
    // Twilio is asked before any repeat: nothing twice. A send whose outcome could not be
    // recorded (no connection) is uncertain: an emergency's email goes once more under the same
    // Message-ID, as after a crash (decision 116), and is marked so.
    expect(duplicates(twilio)).toEqual([]);
    const emailTwice = duplicates(smtp);
    if (emailTwice.length) {
      const notes = await db.use((services) =>
        services.db
          .select({ note: alertDeliveries.note })
          .from(alertDeliveries)
          .where(inArray(alertDeliveries.id, emailTwice)),
      );
      expect(notes.map((n) => n.note)).toEqual(emailTwice.map(() => "uncertain_resent"));
      for (const id of emailTwice) expect(smtp.countsByKey().get(id)).toBe(2);
    }
    console.info(
      `pool of 1, 200 ms wait: ${PHONES} alerts at once, ${busy.length} answered 503 busy, ` +
        `all ${PHONES} stored once after pressing again; ${toSend.length} deliveries at a provider, ` +
        `Twilio 0 twice, email ${emailTwice.length} twice (uncertain_resent, decision 116)`,
    );
  }, 180_000);
});
