// Starting and stopping the production server for the benchmark. Every child
// started here is remembered so that the bench can stop it on any exit path.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
const running = new Set();
const START_SECONDS = Number(process.env.BENCH_START_SECONDS ?? 600);

export async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/**
 * Starts `build/app/main.js` with NODE_ENV=production on loopback and waits for
 * /readyz. Its output (LOG_LEVEL=warn, and the demo banner) is appended to `logFile`.
 * `appRoot` is the checkout whose build runs: this one, or a baseline commit's (BENCH_BASELINE).
 */
export async function startServer({ env, logFile, appRoot = root }) {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: "a" });
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": Node's own options for
  // the servers only (NODE_OPTIONS refuses --cpu-prof), to profile what a run measured.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(appRoot, "build/app/main.js")], {
    cwd: appRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // pino writes to standard output; crashes and warnings of Node to standard error.
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const server = { child, port, url: `http://127.0.0.1:${port}`, log };
  running.add(server);
  const exited = once(child, "exit").then(([code]) => code);
  // The first start seeds the demo data: minutes on a busy 2-core machine.
  const deadline = Date.now() + START_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopServer(server, "SIGKILL");
  throw new Error(
    `the server did not answer /readyz within ${START_SECONDS} s (exit ${await exited}); see ${logFile}`,
  );
}

/** Stops one server and waits for it to exit (PGlite must be closed before it is reopened). */
export async function stopServer(server, signal = "SIGTERM") {
  if (!server || !running.has(server)) return;
  running.delete(server);
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = once(server.child, "exit");
    server.child.kill(signal);
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  }
  server.log.end();
}

export async function stopAllServers() {
  for (const server of [...running]) await stopServer(server);
}

/** Last resort on a signal: no await possible, so kill what is left at once. */
export function killAllServersNow() {
  for (const server of running) server.child.kill("SIGKILL");
}
