import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openPglite, openPostgres } from "#server/db/client.ts";

/** Set by the test command when PostgreSQL answers; otherwise tests use PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * Whether this is the integration project's PGlite pass. Tests whose servers and commands run
 * on an embedded database of their own (a `DATA_DIR`, whatever TEST_DATABASE_URL says) do the
 * same work in both passes, and run in this one only (decision 167).
 */
export const EMBEDDED_PASS = !TEST_DATABASE_URL;

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL when on PostgreSQL, for child processes. */
  url?: string;
  destroy(): Promise<void>;
}

/**
 * The integration project's migrated template (tests/support/database-template.ts), if any:
 * none outside Vitest (a script using these helpers) or in a project without that setup.
 */
const templates = () =>
  process.env.VITEST
    ? { pglite: inject("pgliteTemplate"), postgres: inject("postgresTemplate") }
    : { pglite: undefined, postgres: undefined };

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * An isolated, migrated database for one test file: PGlite in memory by default,
 * or a brand-new database on the PostgreSQL server named by TEST_DATABASE_URL. Each
 * is a copy of the run's migrated template when the project made one.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = templates();
  if (!TEST_DATABASE_URL) {
    if (template.pglite) {
      pgliteTemplate ??= openAsBlob(template.pglite);
    }
    const loadDataDir = template.pglite ? await pgliteTemplate : undefined;
    const handle = await openPglite(null, { loadDataDir });
    if (!loadDataDir) await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `safetap_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(
    template.postgres
      ? `create database ${name} template ${template.postgres}`
      : `create database ${name}`,
  );
  // A test database need not wait for its commits to reach the disk: PostgreSQL keeps
  // every commit's order and atomicity, and only a crash of the server itself could lose
  // the last ones. For this database only, and every connection to it (child processes too).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { poolSize: 5 });
  if (!template.postgres) await handle.migrate();
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

/**
 * How many advisory locks are waited for in the database `db` is connected to (PostgreSQL).
 * pg_locks is the whole server's: the tests of another file, each with its own database and
 * running beside this one, must not count.
 */
export async function advisoryLocksWaited(db: Database): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
