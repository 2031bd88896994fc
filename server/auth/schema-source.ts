// Entry for Better Auth's schema generator only (`npm run auth:generate`).
// The generator imports the auth configuration, so no database is opened here.
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createAuth } from "./auth.ts";

export const auth = createAuth({
  db: {} as Database,
  config: loadConfig({ ...process.env, DATA_DIR: "./tmp/auth-generate" }),
});
