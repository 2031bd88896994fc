import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "#tests/support/database.ts";
import type { Owner } from "#tests/support/fixtures.ts";
import { type RunningServer, startServer } from "#tests/support/processes.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";
import {
  eventually,
  ownersOnEveryChannel,
  postCardAlert,
  type SharedDatabase,
  sharedDatabase,
} from "./harness.ts";
import { type SmtpPeer, startSmtpPeer } from "./peers.ts";

const PHONE = PHONE_USER_AGENT;

interface Outcome {
  path: string;
  status: number | "hang" | "network";
  ms: number;
  type: string;
  bodyLength: number;
}

describe.skipIf(!TEST_DATABASE_URL)("the database drops the app's connections mid-load", () => {
  let db: SharedDatabase;
  let smtp: SmtpPeer;
  let server: RunningServer;
  let admin: pg.Client;
  let owners: Owner[];

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    db = await sharedDatabase();
    owners = await db.use((services) => ownersOnEveryChannel(services, 2));
    server = await startServer({ ...db.env, SMTP_URL: smtp.url, DATABASE_POOL_SIZE: "5" });
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await admin?.end();
    await smtp?.close();
    await db?.destroy();
  });

  /** Ends every connection to the app's database (the server's pool, and ours). */
  async function dropConnections(): Promise<number> {
    const name = new URL(db.env.DATABASE_URL!).pathname.slice(1);
    const result = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    return result.rowCount ?? 0;
  }

  // Each request from its own network (an IPv6 /64): twelve workers reading one
  // card from one address would meet the per-address scan limit (decision 112).
  let requests = 0;
  async function hit(path: string): Promise<Outcome> {
    const started = performance.now();
    const n = requests++;
    const address = `2001:db8:${(n >> 16) & 0xffff}:${n & 0xffff}::1`;
    try {
      const response = await fetch(`${server.url}${path}`, {
        redirect: "manual",
        headers: { "user-agent": PHONE, "x-forwarded-for": address },
        // Far beyond a healthy answer: reaching it counts as a hang.
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      return {
        path,
        status: response.status,
        ms: performance.now() - started,
        type: response.headers.get("content-type") ?? "",
        bodyLength: body.length,
      };
    } catch (error) {
      const hang = (error as Error).name === "TimeoutError";
      return {
        path,
        status: hang ? "hang" : "network",
        ms: performance.now() - started,
        type: "",
        bodyLength: 0,
      };
    }
  }

  it("requests fail cleanly, nothing hangs or crashes, and the app recovers by itself", async () => {
    const card = `/t/${owners[0]!.tagId}`;
    expect((await hit(card)).status).toBe(200);

    const outcomes: Outcome[] = [];
    let loading = true;
    const worker = async (i: number) => {
      const paths = [card, "/readyz", "/pricing", card];
      for (let n = 0; loading; n++) outcomes.push(await hit(paths[(i + n) % paths.length]!));
    };
    const workers = Array.from({ length: 12 }, (_, i) => worker(i));
    const dropped: number[] = [];
    for (let round = 0; round < 5; round++) {
      await new Promise((r) => setTimeout(r, 500));
      dropped.push(await dropConnections());
    }
    await new Promise((r) => setTimeout(r, 800));
    loading = false;
    await Promise.all(workers);

    const tally: Record<string, number> = {};
    for (const o of outcomes) {
      const kind = `${o.path.split("/")[1]} ${o.status}`;
      tally[kind] = (tally[kind] ?? 0) + 1;
    }
    expect(dropped.some((n) => n > 0)).toBe(true);
    // The process is still the same one, alive.
    expect(server.process.exitCode, server.output()).toBeNull();
    expect(server.process.signalCode).toBeNull();
    // Every answer is a success or a clean server error with a body; none hung,
    // no connection was reset.
    const bad = outcomes.filter(
      (o) => !(o.status === 200 || o.status === 500 || o.status === 503) || o.bodyLength === 0,
    );
    expect(bad, JSON.stringify(tally)).toEqual([]);
    for (const failed of outcomes.filter((o) => o.status === 500 || o.status === 503)) {
      expect(failed.type).toMatch(failed.path === "/readyz" ? /json/ : /html|text\/plain/);
    }
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0);

    // Recovery without a restart: every page answers again, and keeps answering.
    await eventually(async () => (await hit(card)).status === 200, 10_000, "the card again");
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hit(i % 2 ? card : "/readyz")),
    );
    expect(after.map((o) => o.status)).toEqual(after.map(() => 200));
    // The dispatcher recovered too: an alert accepted now reaches the contact.
    const response = await postCardAlert(server.url, owners[1]!.tagId, { address: "192.0.2.9" });
    expect(response.status).toBe(200);
    await smtp.waitForKeys(1, 20_000);
    expect(smtp.received[0]!.to).toMatch(/^mail-/);
  }, 120_000);
});
