// Issue 16's import budget (decision 136): a generated school CSV of 10,000 pupils with two
// guardians each, uploaded to /org/{slug}/members/import and imported through the page's run
// address (one request each, as a browser with JavaScript does), on a freshly started server.
// Reported: the wall time (upload and preview, then the import), the server's peak memory
// (VmHWM of its process), and the card's p99 under a steady load of phone readers while the
// import runs, beside the same load without it.
// `node scripts/bench/org-import.mjs` runs this stage alone on the embedded database (after
// `npm run build`); scripts/bench.mjs runs it for each database (BENCH_STAGES=org-import: only it).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { openDatabase, userIdByEmail } from "./database.mjs";
import { PHONE_UA } from "./http-load.mjs";
import { signInDemo } from "./page-weight.mjs";
import { root, startServer, stopAllServers, stopServer } from "./servers.mjs";

export const IMPORT_BUDGET = { wallSeconds: 30, peakMemoryMB: 300 };
const QUICK = /^(1|true|yes)$/i.test(process.env.BENCH_QUICK ?? "");
/** The 10,000 in a full run and under BENCH_QUICK alike (BENCH_IMPORT_ROWS overrides). */
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
/** The card's readers: a steady rate (not flat out), the same with and without the import. */
const CARD_RATE = 20;
const CARD_CONNECTIONS = 10;
const BASELINE_SECONDS = QUICK ? 5 : 15;
const SLUG = "bench-import-school";

const HEADER =
  "external_id,full_name,date_of_birth,class,guardian_name,guardian_channel,guardian_value,guardian2_name,guardian2_channel,guardian2_value";

/** A school's file: pupils with two guardians each (a phone and an email). */
export function schoolCsv(rows) {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(5, "0");
    const year = 2010 + (i % 8);
    const phone = `+4477009${String(i % 100_000).padStart(5, "0")}`;
    lines.push(
      `B-${n},Pupil ${n},${year}-0${1 + (i % 9)}-1${i % 10},${1 + (i % 6)}${"ABC"[i % 3]},Guardian A${n},sms,${phone},Guardian B${n},email,guardian.b${n}@example.com`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * Resets the process's peak resident size (VmHWM) to its current size (Linux `clear_refs` 5), so
 * the peak read afterwards is the import's; false where that is not possible.
 */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Peak and current resident memory of a process, in MB (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+)`, "m"))?.[1] ?? 0);
  return { peakMB: Math.round(kb("VmHWM") / 1024), residentMB: Math.round(kb("VmRSS") / 1024) };
}

/** GETs the card at a fixed rate until stopped; resolves to its latencies (coordinated omission corrected). */
function steadyCardLoad(url, cardPath, seconds) {
  let n = 0;
  const instance = autocannon({
    url: `${url}${cardPath}`,
    connections: CARD_CONNECTIONS,
    overallRate: CARD_RATE,
    duration: seconds,
    headers: { "user-agent": PHONE_UA, "accept-encoding": "gzip" },
    requests: [
      {
        setupRequest(request) {
          const i = n++;
          return {
            ...request,
            headers: {
              ...request.headers,
              "x-forwarded-for": `10.251.${(i >> 8) & 255}.${i & 255}`,
            },
          };
        },
      },
    ],
  });
  const done = new Promise((resolve, reject) => {
    instance.on("done", resolve);
    instance.on("error", reject);
  });
  return {
    stop: () => instance.stop(),
    result: done.then((r) => ({
      requests: r.requests.total,
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      maxMs: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    })),
  };
}

/** `safetap ARGS` against the bench's database, as an operator runs it. */
async function safetap(args, env) {
  const child = spawn(process.execPath, [path.join(root, "bin/safetap.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`safetap ${args.join(" ")} exited ${code}: ${output}`);
  return output;
}

/** Upload (preview), then the import through the run address, read to its last line. */
async function importFile(url, cookie, csv) {
  const started = performance.now();
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new File([csv], "bench-pupils.csv", { type: "text/csv" }));
  const uploaded = await fetch(`${url}/org/${SLUG}/members/import`, {
    method: "POST",
    body: form,
    headers: { cookie },
    redirect: "manual",
  });
  const location = uploaded.headers.get("location") ?? "";
  const importId = new URL(location, url).searchParams.get("import");
  if (uploaded.status !== 303 || !importId) {
    throw new Error(
      `the upload answered ${uploaded.status}: ${(await uploaded.text()).slice(0, 300)}`,
    );
  }
  const previewed = performance.now();
  const run = new FormData();
  run.set("intent", "import");
  const response = await fetch(`${url}/org/${SLUG}/members/import/${importId}/run`, {
    method: "POST",
    body: run,
    headers: { cookie },
  });
  const lines = (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const last = lines.at(-1);
  if (response.status !== 200 || !last?.done) {
    throw new Error(`the import answered ${response.status}: ${JSON.stringify(last)}`);
  }
  const ended = performance.now();
  return {
    counts: last.counts,
    progressLines: lines.length - 1,
    previewSeconds: Math.round((previewed - started) / 100) / 10,
    importSeconds: Math.round((ended - previewed) / 100) / 10,
    wallSeconds: Math.round((ended - started) / 100) / 10,
  };
}

/**
 * Creates the school (its own account, through the command and the running server), makes the
 * demo account its admin with seats for every pupil (server stopped), starts a fresh server,
 * measures the card alone, then the card during the import.
 */
export async function orgImportStage({
  target,
  env,
  logFile,
  demo,
  withDatabase,
  rows = IMPORT_ROWS,
}) {
  const cliEnv =
    target.kind === "postgres"
      ? { DATABASE_URL: target.url, DATA_DIR: target.dataDir }
      : { DATA_DIR: target.dataDir, DATABASE_URL: "" };
  let server = await startServer({ env, logFile });
  try {
    await safetap(
      ["orgs", "create", "--name", "Bench Import School", "--slug", SLUG, "--preset", "school"],
      cliEnv,
    );
  } finally {
    await stopServer(server);
  }
  await withDatabase(target, async (db) => {
    const userId = await userIdByEmail(db, demo.email);
    const [org] = await db.query("select id from organization where slug = $1", [SLUG]);
    await db.query("update organization set extra_seats = $2 where id = $1", [org.id, rows]);
    await db.query(
      `insert into member (id, organization_id, user_id, role, created_at)
       values (gen_random_uuid()::text, $1, $2, 'admin', now())`,
      [org.id, userId],
    );
  });
  const csv = schoolCsv(rows);
  server = await startServer({ env: { ...env, TRUST_PROXY: "true" }, logFile });
  try {
    const cookie = await signInDemo(server.url, demo);
    const cardPath = `/t/${demo.cardTagId}`;
    // Warm-up, then the card alone.
    await steadyCardLoad(server.url, cardPath, 2).result;
    const withoutImport = await steadyCardLoad(server.url, cardPath, BASELINE_SECONDS).result;
    const before = memoryOf(server.child.pid);
    const peakReset = resetPeak(server.child.pid);
    const load = steadyCardLoad(server.url, cardPath, 600);
    let imported;
    try {
      imported = await importFile(server.url, cookie, csv);
    } finally {
      load.stop();
    }
    const duringImport = await load.result;
    const after = memoryOf(server.child.pid);
    return {
      rows,
      guardiansPerRow: 2,
      fileBytes: Buffer.byteLength(csv),
      ...imported,
      /** The server's resident memory just before the import (PGlite's own memory included). */
      residentBeforeMB: before.residentMB,
      /** The peak while the import ran (VmHWM reset at its start), or since the server started. */
      peakServerMemoryMB: after.peakMB,
      peakSince: peakReset ? "the import's start" : "the server's start",
      importGrowthMB: after.peakMB - before.residentMB,
      card: { rate: CARD_RATE, withoutImport, duringImport },
    };
  } finally {
    await stopServer(server);
  }
}

export function orgImportChecks(database, r) {
  return [
    {
      database,
      budget: `import of ${r.rows.toLocaleString("en")} pupils with 2 guardians ≤ ${IMPORT_BUDGET.wallSeconds} s wall`,
      measured: `${r.wallSeconds} s (preview ${r.previewSeconds} s, import ${r.importSeconds} s)`,
      ok: r.wallSeconds <= IMPORT_BUDGET.wallSeconds && r.counts?.new === r.rows,
    },
    {
      database,
      budget: `server peak memory (VmHWM of its process) during the import ≤ ${IMPORT_BUDGET.peakMemoryMB} MB`,
      measured: `${r.peakServerMemoryMB} MB (${r.residentBeforeMB} MB resident before it; the import added ${r.importGrowthMB} MB)`,
      ok: r.peakServerMemoryMB <= IMPORT_BUDGET.peakMemoryMB,
    },
    {
      database,
      budget: "cards keep being served during the import (every request answered 2xx)",
      measured: `card p99 ${r.card.duringImport.p99ms} ms during, ${r.card.withoutImport.p99ms} ms without (${r.card.duringImport.requests} requests, ${r.card.duringImport.errors} errors, ${r.card.duringImport.non2xx} non-2xx)`,
      ok:
        r.card.duringImport.requests > 0 &&
        r.card.duringImport.errors === 0 &&
        r.card.duringImport.non2xx === 0,
    },
  ];
}

export function printOrgImport(r) {
  console.log(
    `\nImport of ${r.rows.toLocaleString("en")} pupils with ${r.guardiansPerRow} guardians each (${(r.fileBytes / 1024 / 1024).toFixed(1)} MB CSV), one upload and one import request`,
  );
  console.table({
    "upload and preview": { seconds: r.previewSeconds },
    "import (run address, streamed progress)": { seconds: r.importSeconds },
    "wall, both": { seconds: r.wallSeconds, budget: `≤ ${IMPORT_BUDGET.wallSeconds} s` },
  });
  console.log(
    `counts: ${JSON.stringify(r.counts)}; server memory: ${r.residentBeforeMB} MB resident before the import, peak (VmHWM since ${r.peakSince}) ${r.peakServerMemoryMB} MB (budget ≤ ${IMPORT_BUDGET.peakMemoryMB} MB), so the import added ${r.importGrowthMB} MB`,
  );
  console.log(`Card /t/{id} at ${r.card.rate} requests/s from phones (ms):`);
  console.table({
    "without the import": r.card.withoutImport,
    "during the import": r.card.duringImport,
  });
}

// Run alone: the embedded database in a temporary folder, seeded by the server's first start.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-bench-import-"));
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
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"),
    );
    const withDatabase = async (target, fn) => {
      const db = await openDatabase(target);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    };
    const result = await orgImportStage({
      target: { kind: "pglite", dataDir },
      env,
      logFile,
      demo: { ...credentials.demo, cardTagId: credentials.linkedTag.tagId },
      withDatabase,
    });
    printOrgImport(result);
    console.table(
      orgImportChecks("pglite", result).map(({ ok, ...c }) => ({
        ...c,
        result: ok ? "PASS" : "FAIL",
      })),
    );
    console.log(JSON.stringify(result));
  } finally {
    await stopAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
