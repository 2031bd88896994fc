import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, ne } from "drizzle-orm";
import type { ContactInput } from "#core/validation.ts";
import { raiseAlert } from "#server/alerts/create.ts";
import { loadConfig } from "#server/config.ts";
import { openPglite } from "#server/db/client.ts";
import { alertDeliveries, alerts } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createServices, type Services } from "#server/services.ts";
import { createTestDatabase, TEST_DATABASE_URL } from "#tests/support/database.ts";
import { createOwner, type Owner } from "#tests/support/fixtures.ts";
import { PHONE_USER_AGENT } from "#tests/support/user-agents.ts";

/**
 * A database shared by production server processes (tests/support/processes.ts
 * startServer) and the test itself: PostgreSQL when TEST_DATABASE_URL is set,
 * otherwise PGlite in a folder, which only one process may hold at a time, so
 * the test opens it between server runs.
 */
export interface SharedDatabase {
  kind: "postgres" | "pglite";
  /** Environment for a server process on this database (secrets shared with the test). */
  env: Record<string, string>;
  /** Runs `work` with services on this database, in this process. */
  use<T>(work: (services: Services) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

export async function sharedDatabase(): Promise<SharedDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-fault-"));
  const env: Record<string, string> = {
    APP_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    SEED_DEMO: "false",
    DEMO_MODE: "true",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
  };
  const config = () => loadConfig(env);
  const logger = createLogger({ level: "silent" });
  if (TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    env.DATABASE_URL = database.url!;
    const services = createServices({ config: config(), logger, database });
    return {
      kind: "postgres",
      env,
      use: (work) => work(services),
      async destroy() {
        await services.limiter.close();
        await database.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    kind: "pglite",
    env,
    async use(work) {
      const database = await openPglite(path.join(dataDir, "pglite"));
      try {
        await database.migrate();
        return await work(createServices({ config: config(), logger, database }));
      } finally {
        await database.close();
      }
    },
    async destroy() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Owners whose contacts use every channel: email, SMS and WhatsApp (plus voice
 * on Family), `perChannel` contacts on each (at most 5: Family allows 15 contacts).
 */
export async function ownersOnEveryChannel(
  services: Services,
  n: number,
  perChannel = 1,
): Promise<Owner[]> {
  const owners: Owner[] = [];
  for (let i = 0; i < n; i++) {
    const tag = randomBytes(3).toString("hex");
    const contacts: ContactInput[] = [];
    for (let j = 0; j < perChannel; j++) {
      const number = String(1_000_000 + i * 10 + j).slice(-7);
      const suffix = perChannel > 1 ? ` ${j + 1}` : "";
      contacts.push(
        { name: `Mail${suffix}`, channel: "email", value: `mail-${tag}-${j}@example.com` },
        { name: `Text${suffix}`, channel: "sms", value: `+1555${number}` },
        { name: `Chat${suffix}`, channel: "whatsapp", value: `+1556${number}` },
      );
    }
    owners.push(await createOwner(services, { plan: "family", contacts }));
  }
  return owners;
}

/** Raises a card alert per owner directly in the outbox, as the card's action does. */
export async function raiseCardAlerts(
  services: Services,
  owners: Owner[],
  source: "card" | "test" = "card",
) {
  for (const owner of owners) {
    await raiseAlert(services, {
      source,
      userId: owner.userId,
      tagId: owner.tagId,
      idempotencyKey: randomBytes(12).toString("hex"),
      location: { latitude: 40.416775, longitude: -3.70379 },
      clientAddress: "192.0.2.1",
    });
  }
}

/** Deliveries that should reach a provider (all but those skipped for quota). */
export async function sendableDeliveries(services: Services) {
  return services.db
    .select({
      id: alertDeliveries.id,
      channel: alertDeliveries.channel,
      status: alertDeliveries.status,
      attempts: alertDeliveries.attempts,
      kind: alertDeliveries.kind,
      note: alertDeliveries.note,
      providerCallStartedAt: alertDeliveries.providerCallStartedAt,
      isTest: alerts.isTest,
    })
    .from(alertDeliveries)
    .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
    .where(ne(alertDeliveries.status, "skipped"));
}

/** Polls `check` until it holds or `timeoutMs` passes (then throws with `what`). */
export async function eventually<T>(
  check: () => Promise<T | false | null | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => false as const);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Posts the card's alert form as a browser without JavaScript would. */
export async function postCardAlert(
  baseUrl: string,
  tagId: string,
  options: { address: string; key?: string; signal?: AbortSignal },
) {
  return fetch(`${baseUrl}/t/${tagId}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": options.address,
      "sec-fetch-site": "same-origin",
      "user-agent": PHONE_USER_AGENT,
    },
    body: new URLSearchParams({
      intent: "alert",
      idempotencyKey: options.key ?? randomBytes(12).toString("hex"),
    }).toString(),
    signal: options.signal ?? AbortSignal.timeout(15_000),
  });
}
