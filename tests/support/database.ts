import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "#server/db/client.ts";

/** Set by the test command when PostgreSQL answers; otherwise tests use PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL when on PostgreSQL, for child processes. */
  url?: string;
  destroy(): Promise<void>;
}

/**
 * An isolated, migrated database for one test file: PGlite in memory by default,
 * or a brand-new database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const handle = await openPglite(null);
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `safetap_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { poolSize: 5 });
  await handle.migrate();
  let destroyed = false;
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await handle.close().catch(() => {});
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
