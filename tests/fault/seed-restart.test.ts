import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { createServices } from "#server/services.ts";
import {
  createTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from "#tests/support/database.ts";
import { type RunningServer, startServer } from "#tests/support/processes.ts";

/**
 * SEED_DEMO on PostgreSQL: the database outlives the data folder (a container's
 * disk, a second instance), so the folder that held demo-credentials.json can
 * be missing at any start. Every start must still come up.
 */
const servers: RunningServer[] = [];
const folders: string[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL").catch(() => {});
  await database?.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

it.skipIf(!TEST_DATABASE_URL)(
  "with SEED_DEMO on a fresh PostgreSQL database and no data folder, the server starts, and starts again",
  async () => {
    database = await createTestDatabase();
    const parent = mkdtempSync(path.join(tmpdir(), "safetap-seed-"));
    folders.push(parent);
    // A folder that does not exist, and a fresh one for the restart.
    const dataDir = (name: string) => path.join(parent, name, "data");
    const env = {
      APP_ENV: "test",
      DATABASE_URL: database.url!,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PUBLIC_URL: "http://localhost:3000",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    };

    const first = await startServer({ ...env, DATA_DIR: dataDir("first") });
    servers.push(first);
    expect(first.output()).toContain("SafeTap demo data");
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir("first"), "demo-credentials.json"), "utf8"),
    ) as { demo: { email: string; password: string } };
    expect(await first.stop("SIGTERM")).toBe(0);

    // The same database, the data folder gone.
    rmSync(path.join(parent, "first"), { recursive: true, force: true });
    const second = await startServer({ ...env, DATA_DIR: dataDir("second") });
    servers.push(second);
    // The demo passwords are printed again (new ones: the old ones were only in the lost file).
    expect(second.output()).toContain("SafeTap demo data");
    expect(existsSync(path.join(dataDir("second"), "demo-credentials.json"))).toBe(true);
    const again = JSON.parse(
      readFileSync(path.join(dataDir("second"), "demo-credentials.json"), "utf8"),
    ) as { demo: { email: string; password: string } };
    expect(again.demo.email).toBe(credentials.demo.email);
    // The new password is the one that signs in (checked in-process, on the same database).
    const services = createServices({
      config: loadConfig({ ...env, DATA_DIR: dataDir("second") }),
      logger: createLogger({ level: "silent" }),
      database,
    });
    const session = await services.auth.api.signInEmail({ body: again.demo });
    expect(session.user.email).toBe(again.demo.email);
    await services.limiter.close();
    expect(await second.stop("SIGTERM")).toBe(0);
  },
  120_000,
);
