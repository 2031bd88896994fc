import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { ensureFreshBuild } from "#scripts/build-stamp.mjs";
import { projectRoot } from "#server/paths.ts";
import type { DemoCredentials } from "#server/seed.ts";
import { type RunningServer, startServer } from "#tests/support/processes.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    demo: DemoCredentials;
    /** The run's shared Chromium, which every file's launchBrowser() connects to. */
    browserWSEndpoint: string;
  }
}

let server: RunningServer | undefined;
let browserServer: BrowserServer | undefined;

/**
 * One production server (the real build, on the embedded default) for the end-to-end suite.
 * The build is made first when the sources changed since the last one (the same stamp check
 * as the integration project's), so the browser never tests old code.
 */
export async function setup(project: TestProject) {
  await ensureFreshBuild(projectRoot);
  const dataDir = mkdtempSync(path.join(tmpdir(), "safetap-e2e-"));
  // Chromium starts while the server migrates and seeds.
  const browserStarted = chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  // Each browser context sends its own X-Forwarded-For (tests/e2e/browser.ts), so
  // per-address rate limits see separate people, as they would in real use.
  server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    TRUST_PROXY: "true",
    // No providers: messages land in the dev outbox, which the tests read from loopback.
    DEMO_MODE: "true",
  });
  // The server's own origin, so Better Auth's origin checks see what a browser sends.
  project.provide("baseURL", server.url.replace("127.0.0.1", "localhost"));
  project.provide("dataDir", dataDir);
  browserServer = await browserStarted;
  project.provide("browserWSEndpoint", browserServer.wsEndpoint());
  project.provide(
    "demo",
    JSON.parse(
      readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"),
    ) as DemoCredentials,
  );
}

export async function teardown() {
  await Promise.all([server?.stop(), browserServer?.close()]);
}
