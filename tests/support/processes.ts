import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { projectRoot } from "#server/paths.ts";

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `safetap` command line as an operator would, from the checkout. */
export async function runCli(args: string[], env: Record<string, string>): Promise<RunResult> {
  const child = spawn(process.execPath, [path.join(projectRoot, "bin", "safetap.mjs"), ...args], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * How long a server may take to answer /readyz. Readiness is what the tests wait for, not a
 * speed they assert: a fresh embedded database is initialised, migrated and (SEED_DEMO) seeded
 * first, about 20 s of CPU, which on a shared 2-core machine under load took 135 s of wall
 * time (the old 60 s deadline failed the e2e run's global setup before any test ran). The wait
 * ends at once when the process exits; the cap only stops a server that hangs.
 */
const READY_WITHIN_MS = 600_000;

/** Starts the production build (`build/app/main.js`) and waits for /readyz. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [path.join(projectRoot, "build", "app", "main.js")], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      // A process that ended on a signal has a null exitCode and a signalCode.
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, "exit")) as [number | null];
      return code;
    },
  };
}
