import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createDispatcher } from "#server/alerts/dispatcher.ts";
import { authMessagesSettled } from "#server/auth/code-delivery.ts";
import { DatabaseLockedError } from "#server/db/embedded-lock.ts";
import { createConsentJob } from "#server/domain/current-checks.ts";
import { createPositionRetentionJob } from "#server/domain/live-location.ts";
import { createOrgExpiryJob } from "#server/domain/org-expiry.ts";
import { createHttpApp, type PageHandler } from "#server/http/app.ts";
import { lingerAfterEarlyAnswers } from "#server/http/lingering-close.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { createLogger } from "./logger.ts";
import { clientBuildDir, projectRoot } from "./paths.ts";
import { formatDemoBanner, seedDemoData } from "./seed.ts";
import { createServices, openDatabase } from "./services.ts";

const SHUTDOWN_GRACE_MS = 10_000;
const AUTH_MESSAGES_GRACE_MS = 5_000;

export function operatorFile(dataDir: string) {
  return path.join(dataDir, "server.json");
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const devMode = process.env.NODE_ENV === "development";

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config, logger);
    await database.migrate();
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const services = createServices({ config, logger, database });
  logger.info({ database: database.kind, appEnv: config.appEnv }, "database ready");
  if (config.demoMode) {
    const where = config.devOutboxPublic ? "every address" : "this machine only";
    const log = config.isProduction ? logger.warn.bind(logger) : logger.info.bind(logger);
    log(`DEMO_MODE: messages without a provider go to the dev outbox (/dev/outbox, ${where})`);
  }
  for (const name of config.generatedSecrets) {
    logger.warn(`${name} is not set: using a key generated into ${config.dataDir}`);
  }

  let handlePage: PageHandler;
  let staticDir: string | undefined;
  let viteMiddleware:
    | ((req: IncomingMessage, res: ServerResponse, next: () => void) => void)
    | null = null;
  let closeVite = async () => {};
  if (devMode) {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      root: projectRoot,
      server: { middlewareMode: true },
      appType: "custom",
    });
    viteMiddleware = devServer.middlewares;
    closeVite = () => devServer.close();
    handlePage = createRequestHandler(
      () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      "development",
    );
  } else {
    const buildPath = pathToFileURL(path.join(projectRoot, "build", "server", "index.js")).href;
    const build = (await import(buildPath)) as ServerBuild;
    handlePage = createRequestHandler(build, "production");
    staticDir = clientBuildDir;
  }

  if (database.kind === "pglite") services.operatorToken = randomBytes(32).toString("hex");
  // Background work runs where the dispatcher does: events' people are erased after expiry,
  // live positions after 7 days (DESIGN 1b.6).
  const orgExpiry = config.dispatcherEnabled ? createOrgExpiryJob(services) : null;
  const positionRetention = config.dispatcherEnabled ? createPositionRetentionJob(services) : null;
  // And the six-monthly "still current?" checks and delayed confirmation requests (decision 148).
  const consentJob = config.dispatcherEnabled ? createConsentJob(services) : null;
  if (config.dispatcherEnabled) {
    services.dispatcher = createDispatcher(services);
    services.dispatcher.start();
    orgExpiry?.start();
    positionRetention?.start();
    consentJob?.start();
  }

  if (config.seedDemo) {
    const credentials = await seedDemoData(services);
    console.log(formatDemoBanner(credentials, config.publicUrl));
  }

  const app = createHttpApp(services, { handlePage, staticDir, devMode });
  const honoListener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (viteMiddleware) viteMiddleware(req, res, () => honoListener(req, res));
    else honoListener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  // A 413 given while the client still sends its body reaches a slow client (lingering-close.ts).
  const lingering = lingerAfterEarlyAnswers(server);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = config.publicUrl;
  if (services.operatorToken) {
    writeFileSync(
      operatorFile(config.dataDir),
      JSON.stringify({
        pid: process.pid,
        url: `http://127.0.0.1:${port}`,
        token: services.operatorToken,
      }),
      { mode: 0o600 },
    );
  }
  logger.info({ port, url }, `SafeTap listening on ${url}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close();
    server.closeIdleConnections();
    lingering.closeAll();
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        server.getConnections((_error, count) => {
          if (count === 0) {
            clearInterval(poll);
            resolve();
          }
        });
      }, 50);
    });
    await services.dispatcher?.stop();
    await orgExpiry?.stop();
    await positionRetention?.stop();
    await consentJob?.stop();
    // Sign-in codes are sent after the answer (decision 106): give those under way
    // a few seconds; one still failing then is lost and "Resend code" covers it.
    await Promise.race([
      authMessagesSettled(services),
      new Promise((resolve) => setTimeout(resolve, AUTH_MESSAGES_GRACE_MS)),
    ]);
    await services.scans.close();
    await closeVite();
    if (services.operatorToken) rmSync(operatorFile(config.dataDir), { force: true });
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
