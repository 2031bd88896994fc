#!/usr/bin/env node
/**
 * npm run load: 500 concurrent card viewers plus a steady stream of alerts for
 * 60 seconds against the production build, on loopback only, with a local SMTP
 * server as the mail provider. Prints errors and p99s, and the count of alerts
 * accepted against the messages the SMTP server received, which must be equal
 * once the dispatcher has drained (waited for, up to LOAD_DRAIN_SECONDS).
 *
 * Needs `npm run build` first (the npm script does it). Uses a fresh embedded
 * database in a temporary folder, seeded through scripts/load-seed.ts; stops its
 * server and exits by itself; exit code 1 when the counts differ or requests failed.
 *
 * Settings (environment): LOAD_SECONDS (60), LOAD_CONNECTIONS (500),
 * LOAD_ALERTS_PER_SECOND (2), LOAD_OWNERS (60), LOAD_DRAIN_SECONDS (120),
 * LOAD_VIEWER_UA (a phone's; a bot's user agent shows the card without counting scans).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 500);
const ALERTS_PER_SECOND = Number(process.env.LOAD_ALERTS_PER_SECOND ?? 2);
const OWNERS = Number(process.env.LOAD_OWNERS ?? 60);
const DRAIN_SECONDS = Number(process.env.LOAD_DRAIN_SECONDS ?? 120);
// Public alerts are limited to 5 per tag in 10 minutes: spread the stream over enough tags.
const needed = Math.ceil((SECONDS * ALERTS_PER_SECOND) / 5);
if (OWNERS < needed) {
  console.error(`LOAD_OWNERS must be at least ${needed} for this rate (5 alerts per tag).`);
  process.exit(2);
}
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

if (!existsSync(path.join(root, "build", "app", "main.js"))) {
  console.error("No build: run `npm run build` first (npm run load does).");
  process.exit(2);
}

const children = new Set();
let dataDir;
let smtp;
async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  if (smtp) await new Promise((r) => smtp.server.close(r));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => cleanUp().finally(() => process.exit(130)));
}

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v) => (v === null || v === undefined ? "–" : `${Math.round(v)} ms`);

/** The mail provider: SMTP on loopback, counting messages by SafeTap's delivery id. */
async function startSmtp() {
  const received = new Map();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 8192) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const key = head.match(/^X-SafeTap-Delivery:\s*(\S+)/im)?.[1] ?? "(none)";
        received.set(key, (received.get(key) ?? 0) + 1);
        total++;
        callback(null, "queued");
      });
    },
  });
  server.on("error", () => {}); // a client dropping its connection is not the peer's failure
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: server.server.address().port, received, total: () => total };
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => {
      children.delete(child);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${args.join(" ")} exited with ${code}:\n${stderr}`));
    });
  });
}

async function startServer(env) {
  const child = spawn(process.execPath, [path.join(root, "build", "app", "main.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, output: () => output };
}

/** One alert a second-ish from a different phone each time, as the card's form posts it. */
function alertStream(url, tagIds, stats) {
  let n = 0;
  const inFlight = new Set();
  const timer = setInterval(() => {
    const tagId = tagIds[n % tagIds.length];
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    n++;
    stats.sent++;
    const started = performance.now();
    const request = fetch(`${url}/t/${tagId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        "user-agent": PHONE,
        "x-forwarded-for": address,
      },
      body: new URLSearchParams({
        intent: "alert",
        idempotencyKey: randomBytes(12).toString("hex"),
        latitude: "40.416775",
        longitude: "-3.703790",
      }),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        stats.latencies.push(performance.now() - started);
        stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
        if (response.status === 200) stats.accepted++;
      })
      .catch((error) => {
        stats.latencies.push(performance.now() - started);
        const kind = error.name === "TimeoutError" ? "timeout" : "error";
        stats.byStatus[kind] = (stats.byStatus[kind] ?? 0) + 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / ALERTS_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
  };
}

async function main() {
  console.log(
    `SafeTap load test: ${CONNECTIONS} card viewers + ${ALERTS_PER_SECOND} alerts/s for ${SECONDS} s ` +
      `(${cpus().length} cores, Node ${process.version}, loopback, embedded database)`,
  );
  smtp = await startSmtp();
  dataDir = mkdtempSync(path.join(tmpdir(), "safetap-load-"));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SEED_DEMO: "false",
    // Email goes to the loopback SMTP peer; SMS has no provider here, so this is a demo.
    DEMO_MODE: "true",
    LOG_LEVEL: "warn",
    // Each alert comes from its own phone; the stream passes X-Forwarded-For.
    TRUST_PROXY: "true",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  };
  for (const name of ["DATABASE_URL", "REDIS_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"]) {
    delete env[name];
  }

  process.stdout.write(`Seeding ${OWNERS} owners, each with a tag and one email contact… `);
  const seeded = await run(process.execPath, ["--import", "tsx", "scripts/load-seed.ts"], {
    ...env,
    OWNERS: String(OWNERS),
  });
  const tagIds = JSON.parse(seeded.trim().split("\n").pop());
  console.log("done");

  const server = await startServer(env);
  console.log(`Server ready at ${server.url}; loading…`);

  const alerts = { sent: 0, accepted: 0, byStatus: {}, latencies: [] };
  const stopAlerts = alertStream(server.url, tagIds, alerts);
  const cards = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 30,
    headers: { "user-agent": process.env.LOAD_VIEWER_UA ?? PHONE, "accept-encoding": "gzip, br" },
    requests: tagIds.slice(0, 20).map((tagId) => ({ method: "GET", path: `/t/${tagId}` })),
  });
  const loadEnded = performance.now();
  await stopAlerts();

  // Drain: every accepted alert's message must reach the SMTP server, once.
  const deadline = Date.now() + DRAIN_SECONDS * 1000;
  while (smtp.total() < alerts.accepted && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 1_000)); // anything more would be a duplicate
  const drainedIn = (performance.now() - loadEnded) / 1000;
  const delivered = smtp.received.size;
  const repeated = [...smtp.received.values()].filter((n) => n > 1).length;

  const stop = once(server.child, "exit");
  server.child.kill("SIGTERM");
  const [exitCode] = await stop;

  const cardErrors = cards.errors + cards.timeouts + cards.non2xx;
  const alertFailures = alerts.sent - alerts.accepted;
  console.log("");
  console.log("Card viewers (GET /t/{id})");
  console.log(
    `  requests        ${cards.requests.total} (${Math.round(cards.requests.average)}/s)`,
  );
  console.log(
    `  latency         p50 ${cards.latency.p50} ms · p99 ${cards.latency.p99} ms · max ${cards.latency.max} ms`,
  );
  console.log(
    `  errors          ${cardErrors} (connection errors ${cards.errors}, timeouts ${cards.timeouts}, non-2xx ${cards.non2xx})`,
  );
  console.log("Alerts (POST /t/{id}, intent=alert)");
  console.log(`  sent            ${alerts.sent}`);
  console.log(`  accepted        ${alerts.accepted}`);
  console.log(`  answers         ${JSON.stringify(alerts.byStatus)}`);
  console.log(
    `  latency         p50 ${ms(percentile(alerts.latencies, 50))} · p99 ${ms(percentile(alerts.latencies, 99))}`,
  );
  console.log("Delivery (local SMTP server)");
  console.log(`  delivered       ${delivered} distinct messages (${smtp.total()} received)`);
  console.log(`  repeated        ${repeated}`);
  console.log(`  drained         ${drainedIn.toFixed(1)} s after the load ended`);
  console.log(`  server exit     ${exitCode === 0 ? "clean (0)" : exitCode}`);
  const ok =
    delivered === alerts.accepted &&
    repeated === 0 &&
    cardErrors === 0 &&
    alertFailures === 0 &&
    exitCode === 0;
  console.log("");
  console.log(
    ok
      ? `PASS: ${alerts.accepted} alerts accepted, ${delivered} messages delivered, no errors`
      : `FAIL: ${alerts.accepted} accepted vs ${delivered} delivered, ${repeated} repeated, ${cardErrors} card errors, ${alertFailures} alerts not accepted`,
  );
  await cleanUp();
  process.exit(ok ? 0 : 1);
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
