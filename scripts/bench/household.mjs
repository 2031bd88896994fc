// The household dashboard's server time (issue 15's budget, decision 133): the demo account's
// Family household grown to 5 seats, 20 tags and 2,000 alerts (each with three messages), then
// GET /dashboard and GET /dashboard/history timed one request at a time on loopback.
// `node scripts/bench/household.mjs` runs this stage alone on the embedded database (after
// `npm run build`); scripts/bench.mjs runs it last for each database.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase, seedLinkedTags, userIdByEmail } from "./database.mjs";
import { signInDemo } from "./page-weight.mjs";
import { startServer, stopAllServers, stopServer } from "./servers.mjs";

export const HOUSEHOLD = { seats: 5, tags: 20, alerts: 2_000 };
const WARM_UP = 3;
const SAMPLES = Number(process.env.BENCH_HOUSEHOLD_SAMPLES ?? 30);
/** Tag series numbers far above the ones the other stages use. */
const TAG_SERIES = 30_000_000;
const DAY_MS = 86_400_000;

/**
 * Grows the demo owner's household to the sizes above. The alerts are dated 40 days to two years
 * ago, before any plan period the later stages count messages in.
 */
export async function seedHousehold(db, ownerEmail) {
  const ownerId = await userIdByEmail(db, ownerEmail);
  await db.query(`update profiles set plan = 'family' where id = $1`, [ownerId]);
  let [membership] = await db.query(
    "select household_id from household_members where user_id = $1",
    [ownerId],
  );
  if (!membership) {
    const [household] = await db.query(
      "insert into households (owner_user_id) values ($1) returning id",
      [ownerId],
    );
    await db.query(
      "insert into household_members (household_id, user_id, role) values ($1, $2, 'owner')",
      [household.id, ownerId],
    );
    membership = { household_id: household.id };
  }
  const accounts = (
    await db.query("select user_id from household_members where household_id = $1", [
      membership.household_id,
    ])
  ).map((r) => r.user_id);
  const people = async () =>
    db.query("select id, account_id from profiles where account_id = any($1) order by created_at", [
      accounts,
    ]);
  for (let n = (await people()).length; n < HOUSEHOLD.seats; n++) {
    await db.query(
      `insert into profiles (id, account_id, full_name, onboarding_completed)
       values ($1, $2, $3, true)`,
      [randomUUID(), ownerId, `Bench Person ${n + 1}`],
    );
  }
  const everyone = await people();
  // The earlier stages linked their load's tags (1,000 and more) to the demo owner: they go to
  // the admin account, so the household has the Family plan's 20 tags this stage is about.
  const spare = await userIdByEmail(db, "admin@safetap.app");
  await db.query(
    `update tags set user_id = $2, profile_id = null
     where user_id = any($1) and id not in (
       select id from tags where user_id = any($1) order by linked_at nulls last, id limit $3)`,
    [accounts, spare, HOUSEHOLD.tags],
  );
  const [{ n: tagCount }] = await db.query(
    "select count(*)::int as n from tags where user_id = any($1)",
    [accounts],
  );
  if (tagCount < HOUSEHOLD.tags) {
    const ids = await seedLinkedTags(db, {
      from: TAG_SERIES,
      to: TAG_SERIES + HOUSEHOLD.tags - tagCount,
      ownerId,
      batchId: "bench-household",
    });
    // Spread over the owner's people, as a parent with wristbands on each child would have.
    const own = everyone.filter((p) => p.account_id === ownerId);
    for (const [i, id] of ids.entries()) {
      await db.query("update tags set profile_id = $2 where id = $1", [id, own[i % own.length].id]);
    }
  }
  const [{ n: alertCount }] = await db.query(
    "select count(*)::int as n from alerts where user_id = any($1)",
    [accounts],
  );
  const missing = Math.max(0, HOUSEHOLD.alerts - alertCount);
  const now = Date.now();
  const span = 2 * 365 * DAY_MS - 40 * DAY_MS;
  const rows = Array.from({ length: missing }, (_, i) => {
    const person = everyone[i % everyone.length];
    return {
      id: randomUUID(),
      user: person.account_id,
      person: person.id,
      source: ["card", "sos", "test"][i % 3],
      at: new Date(now - 40 * DAY_MS - Math.floor((span * i) / Math.max(1, missing))),
      located: i % 2 === 0,
    };
  });
  for (let start = 0; start < rows.length; start += 250) {
    const chunk = rows.slice(start, start + 250);
    await db.query(
      `insert into alerts (id, idempotency_key, user_id, profile_id, source, created_at,
                           latitude, longitude, status)
       select x.id::uuid, 'bench-household:' || x.id, x.user_id, x.profile_id, x.source,
              x.at::timestamptz, x.lat, x.lng, 'resolved'
       from jsonb_to_recordset($1::jsonb)
         as x(id text, user_id text, profile_id text, source text, at text, lat text, lng text)`,
      [
        JSON.stringify(
          chunk.map((r) => ({
            id: r.id,
            user_id: r.user,
            profile_id: r.person,
            source: r.source,
            at: r.at.toISOString(),
            lat: r.located ? "10.776900" : null,
            lng: r.located ? "106.700900" : null,
          })),
        ),
      ],
    );
    await db.query(
      `insert into alert_deliveries (alert_id, account_id, contact_name, channel, destination,
                                     status, sent_at, created_at)
       select a.id, a.user_id, c.name, c.channel, 'bench', 'delivered', a.created_at, a.created_at
       from alerts a,
            (values ('Maria', 'email'), ('Ben', 'sms'), ('Lan', 'voice')) as c(name, channel)
       where a.id = any($1::uuid[])`,
      [chunk.map((r) => r.id)],
    );
  }
  await db.query("analyze alerts");
  await db.query("analyze alert_deliveries");
  const [{ n: total }] = await db.query(
    "select count(*)::int as n from alerts where user_id = any($1)",
    [accounts],
  );
  const [{ n: tags }] = await db.query(
    "select count(*)::int as n from tags where user_id = any($1)",
    [accounts],
  );
  return { people: everyone.length, tags, alerts: total };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** Times GET `pagePath` with the session cookie, one request at a time. */
export async function timePage(baseUrl, pagePath, cookie, samples = SAMPLES) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${pagePath}`, {
      headers: { cookie },
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const times = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    samples,
    p50ms: round(percentile(times, 50)),
    p90ms: round(percentile(times, 90)),
    maxMs: round(times.at(-1)),
  };
}

/** Seeds the household (server stopped), starts the server, times both pages, stops it. */
export async function householdStage({ target, env, logFile, demo, withDatabase }) {
  const seeded = await withDatabase(target, (db) => seedHousehold(db, demo.email));
  const server = await startServer({ env, logFile });
  try {
    const cookie = await signInDemo(server.url, demo);
    return {
      ...seeded,
      dashboard: await timePage(server.url, "/dashboard", cookie),
      history: await timePage(server.url, "/dashboard/history", cookie),
      historyLastPage: await timePage(server.url, "/dashboard/history?page=40", cookie),
    };
  } finally {
    await stopServer(server);
  }
}

export function printHousehold(h) {
  console.log(
    `\nDashboard of a household with ${h.people} seats, ${h.tags} tags and ${h.alerts} alerts: server time (one request at a time, loopback, ms)`,
  );
  console.table({
    "GET /dashboard": h.dashboard,
    "GET /dashboard/history (50 alerts)": h.history,
    "GET /dashboard/history?page=40": h.historyLastPage,
  });
}

// Run alone: the embedded database in a temporary folder, seeded by the server's first start.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-bench-household-"));
  // As scripts/bench.mjs starts it: demo data, codes read from the dev outbox, nothing outside.
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    DEMO_MODE: "true",
    APP_ENV: "",
    PUBLIC_URL: "",
    REDIS_URL: "",
    SMTP_URL: "",
    TRUST_PROXY: "",
    DISPATCHER_ENABLED: "",
  };
  const logFile = path.join(dataDir, "server.log");
  try {
    const first = await startServer({ env, logFile });
    await stopServer(first);
    const demo = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
    const withDatabase = async (target, fn) => {
      const db = await openDatabase(target);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    };
    const result = await householdStage({
      target: { kind: "pglite", dataDir },
      env,
      logFile,
      demo: demo.demo,
      withDatabase,
    });
    printHousehold(result);
    console.log(JSON.stringify(result));
  } finally {
    await stopAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
