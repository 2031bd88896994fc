// `npm run bench`: measures the public card against a static file of the same size,
// served by the same production server in the same run, plus page weights.
// Loopback only; bounded in time; stops its server and exits by itself.
// Prints a table and writes JSON to bench/results/.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
const root = path.resolve(import.meta.dirname, "..");
const STATIC_NAME = "bench-static.html";

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

async function startServer(dataDir, port) {
  const child = spawn(process.execPath, [path.join(root, "build/app/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

function run(url, path) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${path}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { "user-agent": PHONE_UA, "accept-encoding": "gzip" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function weight(url, path) {
  const response = await fetch(`${url}${path}`, { headers: { "user-agent": PHONE_UA } });
  const html = await response.text();
  return { html, gzip: gzipSync(html).byteLength };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-bench-"));
const staticFile = path.join(root, "build/client", STATIC_NAME);
let server;
try {
  // First start: seed the demo data and find the demo card.
  const port = await freePort();
  server = await startServer(dataDir, port);
  const demo = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
  const cardPath = `/t/${demo.linkedTag.tagId}`;
  const card = await weight(server.url, cardPath);
  server.child.kill("SIGTERM");
  await once(server.child, "exit");

  // A static file of the card's size, served by the same server (the list of
  // public files is read at start, so restart with it in place).
  writeFileSync(staticFile, card.html);
  server = await startServer(dataDir, port);

  await run(server.url, "/healthz"); // warm-up is not measured
  const cardResult = await run(server.url, cardPath);
  const staticResult = await run(server.url, `/${STATIC_NAME}`);
  const landingResult = await run(server.url, "/");
  const landing = await weight(server.url, "/");

  const row = (name, r) => ({
    name,
    requestsPerSecond: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    errors: r.errors + r.non2xx,
  });
  const rows = [
    row("card /t/{id}", cardResult),
    row(`static (${card.html.length} B)`, staticResult),
    row("landing /", landingResult),
  ];
  const ratio = cardResult.requests.average / staticResult.requests.average;
  const report = {
    date: new Date().toISOString(),
    cores: cpus().length,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    results: rows,
    cardToStaticRatio: Number(ratio.toFixed(3)),
    pageWeight: {
      card: {
        htmlBytes: card.html.length,
        gzipBytes: card.gzip,
        within14KB: card.gzip <= 14 * 1024,
      },
      landing: { htmlBytes: landing.html.length, gzipBytes: landing.gzip },
    },
  };
  console.log(
    `\nSafeTap bench: ${report.cores} cores, ${CONNECTIONS} connections, ${DURATION} s each, loopback\n`,
  );
  console.table(rows);
  console.log(
    `card / static requests per second: ${report.cardToStaticRatio} (budget ≥ 0.25, aim 0.5)`,
  );
  console.log(
    `card HTML: ${card.html.length} B, ${card.gzip} B gzip, within the first 14 KB: ${report.pageWeight.card.within14KB}`,
  );
  const out = path.join(root, "bench/results");
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${report.date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(root, file)}`);
} finally {
  rmSync(staticFile, { force: true });
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await once(server.child, "exit");
  }
  rmSync(dataDir, { recursive: true, force: true });
}
