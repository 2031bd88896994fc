// Issue 17's mass-notice budget (decision 144): a notice to 10,000 guardians (half by email,
// half by SMS) sent from the admin's page through two app instances on one PostgreSQL database,
// with a loopback SMTP server and a Twilio stand-in as the providers. Measured: the time from
// the page's "send" to the last provider call and the messages per second (aim ≤ 60 s); and,
// while it drains, 20 individual card alerts raised through the card (alternately on each
// instance), each from its acceptance to its first provider call (aim ≤ 2 s, p50/p99).
// The database is the stage's own (`bench_notices` on BENCH_POSTGRES_URL's server, made afresh
// and dropped at the end; never `test`). Run alone: `node scripts/bench/mass-notice.mjs` after
// `npm run build`; scripts/bench.mjs runs it for PostgreSQL (BENCH_STAGES=mass-notice: only it).
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { acceptedAlertId, cardAlertPath, PHONE_UA } from "./http-load.mjs";
import { signInDemo } from "./page-weight.mjs";
import { root, startServer, stopAllServers, stopServer } from "./servers.mjs";
import { startSmtpPeer } from "./smtp-peer.mjs";
import { startTwilioPeer } from "./twilio-peer.mjs";

export const NOTICE_BUDGET = { sendToLastSeconds: 60, alertFirstCallMs: 2_000 };
const DATABASE = "bench_notices";
const ALERTS = Number(process.env.BENCH_NOTICE_ALERTS ?? 20);
const ALERT_EVERY_MS = 750;
const WAIT_SECONDS = Number(process.env.BENCH_NOTICE_WAIT_SECONDS ?? 300);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/**
 * The texts' sender (decision 173): a short code, 100 texts a second, shared by the two
 * instances (each paces its own sends). A long code's 1 a second (the app's default) would take
 * 42 minutes for 5,000 texts whatever SafeTap did; a school that texts thousands has a faster
 * sender, and the operator sets its pace (TWILIO_SMS_PER_SECOND).
 */
const SENDER_TEXTS_PER_SECOND = 100;
const INSTANCES = 2;

async function admin(url, run) {
  const target = new URL(url);
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** POSTs a form as the page does (same-origin), returning the response. */
function postForm(base, pathname, fields, headers = {}) {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      "sec-fetch-site": "same-origin",
      origin: base,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export async function massNoticeStage({ postgresUrl, logFile, progress = () => {} }) {
  const base = new URL(postgresUrl);
  await admin(postgresUrl, async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  base.pathname = `/${DATABASE}`;
  const databaseUrl = base.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-bench-notices-"));
  const shared = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  const smtp = await startSmtpPeer();
  const twilio = await startTwilioPeer();
  /** This stage's servers only: the bench around it may have its own running. */
  const started = [];
  const start = async (options) => {
    const server = await startServer(options);
    started.push(server);
    return server;
  };
  try {
    progress("mass notice: seeding 10,000 pupils with a guardian each");
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/bench/mass-notice-seed.ts"],
      { cwd: root, env: { ...process.env, ...shared }, encoding: "utf8", maxBuffer: 16 << 20 },
    );
    const line = seeded.stdout.trim().split("\n").at(-1) ?? "";
    if (seeded.status !== 0 || !line.startsWith("{")) {
      throw new Error(`seeding failed (exit ${seeded.status}): ${seeded.stderr.slice(-600)}`);
    }
    const seed = JSON.parse(line);
    const env = (extra = {}) => ({
      ...shared,
      SEED_DEMO: "false",
      DEMO_MODE: "true",
      ESCALATION_MINUTES: "1440",
      APP_ENV: "",
      PUBLIC_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      TWILIO_ACCOUNT_SID: "",
      TWILIO_AUTH_TOKEN: "",
      TRUST_PROXY: "true",
      DISPATCHER_ENABLED: "",
      ...extra,
    });

    // The admin signs in once (codes in the dev outbox of a server without providers).
    const signing = await start({ env: env(), logFile });
    const cookie = await signInDemo(signing.url, seed.admin);
    await stopServer(signing);

    progress("mass notice: two instances with SMTP and Twilio stand-ins");
    const providers = env({
      SMTP_URL: smtp.url,
      ...twilio.env(),
      TWILIO_SMS_PER_SECOND: String(SENDER_TEXTS_PER_SECOND / INSTANCES),
    });
    const one = await start({ env: providers, logFile });
    const two = await start({ env: providers, logFile });
    const composePath = `/org/${seed.slug}/notices/new`;
    const page = await fetch(`${one.url}${composePath}`, { headers: { cookie } });
    if (page.status !== 200) throw new Error(`the compose page answered ${page.status}`);
    await page.arrayBuffer();

    const key = randomUUID();
    const fields = [
      ["intent", "send"],
      ["key", key],
      ["locationId", seed.locationId],
      ["audience", "guardians"],
      ["message", "Bench: the school closes at noon today. Please collect your child."],
      ["withReply", "on"],
    ];
    progress("mass notice: sending");
    const sentAt = Date.now();
    const sent = await postForm(one.url, composePath, fields, { cookie });
    const answeredAt = Date.now();
    if (sent.status !== 303) throw new Error(`send answered ${sent.status}`);

    // While it drains: individual card alerts, alternately on each instance.
    const alerts = [];
    const raising = (async () => {
      for (let i = 0; i < ALERTS; i++) {
        const server = i % 2 ? two : one;
        const response = await postForm(
          server.url,
          cardAlertPath(seed.tagIds[i % seed.tagIds.length]),
          { intent: "alert", idempotencyKey: `bench-notice-${i}-${randomUUID()}` },
          { "user-agent": PHONE_UA, "x-forwarded-for": `10.77.${i >> 8}.${i & 255}` },
        );
        const body = await response.text();
        const acceptedAt = Date.now();
        const alertId = acceptedAlertId(response.status, body);
        alerts.push({ alertId, acceptedAt, status: response.status });
        await sleep(ALERT_EVERY_MS);
      }
    })();

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let deliveries;
    try {
      deliveries = (
        await db.query(
          `select id, status, channel from alert_deliveries
            where kind = 'mass_notice' and payload->'params'->>'notice' = $1`,
          [key],
        )
      ).rows;
      const sendable = deliveries.filter((d) => d.status !== "skipped");
      const pending = sendable.map((d) => d.id);
      const arrivedAt = (id) => (smtp.arrivals.get(id) ?? twilio.arrivals.get(id))?.[0];
      const deadline = Date.now() + WAIT_SECONDS * 1000;
      let arrived = 0;
      while (Date.now() < deadline) {
        arrived = pending.filter((id) => arrivedAt(id) !== undefined).length;
        if (arrived === pending.length) break;
        await sleep(250);
      }
      await raising;
      await sleep(2_500); // the last alert's first call
      const last = Math.max(...pending.map((id) => arrivedAt(id) ?? 0));
      const first = Math.min(...pending.map((id) => arrivedAt(id) ?? Number.POSITIVE_INFINITY));
      const ids = alerts.map((a) => a.alertId).filter(Boolean);
      const alertRows = ids.length
        ? (
            await db.query(
              "select id, alert_id from alert_deliveries where alert_id = any($1::uuid[])",
              [ids],
            )
          ).rows
        : [];
      const latencies = alerts.flatMap((a) => {
        const calls = alertRows
          .filter((r) => r.alert_id === a.alertId)
          .map((r) => arrivedAt(r.id))
          .filter((t) => t !== undefined);
        return calls.length ? [Math.max(0, Math.min(...calls) - a.acceptedAt)] : [];
      });
      const sorted = [...latencies].sort((x, y) => x - y);
      const complete = arrived === pending.length;
      /** Seconds from "send" to the last arrival of one channel's messages, if all arrived. */
      const lastOf = (channel) => {
        const times = sendable.filter((d) => d.channel === channel).map((d) => arrivedAt(d.id));
        if (!times.length || times.some((t) => t === undefined)) return null;
        return Math.round((Math.max(...times) - sentAt) / 100) / 10;
      };
      const seconds = complete ? (last - sentAt) / 1000 : null;
      const duplicates = [...smtp.arrivals.values(), ...twilio.arrivals.values()].filter(
        (times) => times.length > 1,
      ).length;
      const result = {
        people: seed.people,
        seedMs: seed.seedMs,
        messages: pending.length,
        arrived,
        duplicates,
        sendAnsweredMs: answeredAt - sentAt,
        firstCallMs: Number.isFinite(first) ? first - sentAt : null,
        sendToLastSeconds: seconds === null ? null : Math.round(seconds * 10) / 10,
        messagesPerSecond: seconds ? Math.round(pending.length / seconds) : null,
        lastEmailSeconds: lastOf("email"),
        lastTextSeconds: lastOf("sms"),
        senderTextsPerSecond: SENDER_TEXTS_PER_SECOND,
        alerts: {
          raised: alerts.length,
          accepted: ids.length,
          reached: latencies.length,
          p50ms: percentile(sorted, 50),
          p99ms: percentile(sorted, 99),
          maxMs: sorted.at(-1) ?? null,
        },
      };
      result.pass = {
        sendToLast: complete && seconds <= NOTICE_BUDGET.sendToLastSeconds,
        alertFirstCall:
          latencies.length === ALERTS &&
          (sorted.at(-1) ?? Infinity) <= NOTICE_BUDGET.alertFirstCallMs,
      };
      return result;
    } finally {
      await db.end();
    }
  } finally {
    for (const server of started) await stopServer(server);
    await smtp.close();
    await twilio.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin(postgresUrl, (client) =>
      client.query(`drop database if exists ${DATABASE} with (force)`),
    ).catch(() => {});
  }
}

export function printMassNotice(r) {
  if (!r) return;
  if (r.error) {
    console.log(`\nmass notice: failed (${r.error})`);
    return;
  }
  console.log(
    `\nMass notice to ${r.people.toLocaleString("en")} guardians (${r.messages} messages), two instances on PostgreSQL, texts from a sender of ${r.senderTextsPerSecond}/s:`,
  );
  console.table({
    "send answered (ms)": r.sendAnsweredMs,
    "send → first provider call (ms)": r.firstCallMs,
    "send → last provider call (s)": r.sendToLastSeconds,
    "messages per second": r.messagesPerSecond,
    "send → last email (s)": r.lastEmailSeconds,
    "send → last text (s)": r.lastTextSeconds,
    "messages at the providers": `${r.arrived}/${r.messages} (${r.duplicates} duplicates)`,
    "card alerts accepted / reached": `${r.alerts.accepted}/${r.alerts.raised} / ${r.alerts.reached}`,
    "alert accepted → first provider call p50 (ms)": r.alerts.p50ms,
    "alert accepted → first provider call p99 (ms)": r.alerts.p99ms,
  });
  console.log(
    `send → last provider call ${r.sendToLastSeconds ?? "not finished"} s (aim ≤ ${NOTICE_BUDGET.sendToLastSeconds} s): ${r.pass.sendToLast ? "PASS" : "FAIL"}`,
  );
  console.log(
    `alert → first provider call p99 ${r.alerts.p99ms} ms, max ${r.alerts.maxMs} ms (aim ≤ ${NOTICE_BUDGET.alertFirstCallMs} ms): ${r.pass.alertFirstCall ? "PASS" : "FAIL"}`,
  );
}

export function massNoticeChecks(r) {
  if (!r) return [];
  return [
    {
      database: "postgres",
      budget: `mass notice to 10,000 guardians: send → last provider call ≤ ${NOTICE_BUDGET.sendToLastSeconds} s`,
      measured: r.error ?? `${r.sendToLastSeconds} s (${r.messagesPerSecond} messages/s)`,
      ok: Boolean(r.pass?.sendToLast),
    },
    {
      database: "postgres",
      budget: `card alert during a mass notice: accepted → first provider call ≤ ${NOTICE_BUDGET.alertFirstCallMs} ms`,
      measured: r.error ?? `p50 ${r.alerts.p50ms} ms, p99 ${r.alerts.p99ms} ms`,
      ok: Boolean(r.pass?.alertFirstCall),
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const postgresUrl =
    process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const outDir = path.join(root, "bench/results");
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const logFile = path.join(outDir, `server-${stamp}-mass-notice.log`);
  const stop = () => stopAllServers().finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const result = await massNoticeStage({
      postgresUrl,
      logFile,
      progress: (text) => console.error(`[bench] ${text}`),
    });
    printMassNotice(result);
    writeFileSync(path.join(outDir, `mass-notice-${stamp}.json`), JSON.stringify(result, null, 2));
    console.log(JSON.stringify(result));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
