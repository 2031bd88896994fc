import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PasswordHashing } from "#server/auth/password-hashing.ts";
import { loadConfig } from "#server/config.ts";
import { createHttpApp } from "#server/http/app.ts";
import { lingerAfterEarlyAnswers } from "#server/http/lingering-close.ts";
import { createLogger } from "#server/logger.ts";
import { clientBuildDir, projectRoot } from "#server/paths.ts";
import { createServices, type Services } from "#server/services.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { LIGHT_PASSWORD_HASHING } from "./password-hashing.ts";

const serverBuildPath = path.join(projectRoot, "build", "server", "index.js");

async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(serverBuildPath)) {
    throw new Error("No server build: run `npm run build` before the integration tests.");
  }
  return (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
}

export interface TestApp {
  services: Services;
  database: TestDatabase;
  /** Sends a request through the whole HTTP stack (headers, auth, pages). */
  request(pathOrUrl: string, init?: RequestInit): Promise<Response>;
  /** The same app on a loopback socket, as main.ts serves it (raw methods, chunked bodies). */
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * The real application in-process, on its own database: the same Hono app and
 * React Router build that production serves, with no network socket.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** The servers' own scrypt by default a thirty-second of its cost (decision 169). */
    passwordHashing?: PasswordHashing;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    APP_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "safetap-test-")),
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    ...env,
  });
  const logger = createLogger({ level: config.logLevel });
  const services = createServices({
    config,
    logger,
    database,
    passwordHashing: options.passwordHashing ?? LIGHT_PASSWORD_HASHING,
  });
  const handlePage = createRequestHandler(await loadServerBuild(), "production");
  const app = createHttpApp(services, { handlePage, staticDir: clientBuildDir });
  return {
    services,
    database,
    request: async (pathOrUrl, init) =>
      app.request(new URL(pathOrUrl, config.publicUrl).toString(), init),
    listen: async () => {
      const server = createServer(getRequestListener(app.fetch));
      const lingering = lingerAfterEarlyAnswers(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve) => {
            lingering.closeAll();
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    },
    close: async () => {
      await services.scans.close();
      await database.destroy();
    },
  };
}
