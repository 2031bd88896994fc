import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite database's files, which each test database starts from. */
    pgliteTemplate: string | undefined;
    /** A migrated database on TEST_DATABASE_URL's server, which each test database copies. */
    postgresTemplate: string | undefined;
  }
}

/** As tests/support/database.ts reads it (that module imports Vitest's test API). */
const { TEST_DATABASE_URL } = process.env;

let cleanup = async () => {};

/**
 * Global setup of the integration project: the migrations run once per run, into a template,
 * and every test database starts as a copy of it (tests/support/database.ts) instead of
 * initialising and migrating an empty database of its own. On PGlite the copy is a dump of the
 * migrated files, loaded in about a third of the CPU time an empty cluster takes to initialise;
 * on PostgreSQL it is `create database … template`. The migrations themselves are still run
 * here, on every server start in the process tests, and step by step in migration-people.test.ts.
 */
export async function setup(project: TestProject) {
  if (TEST_DATABASE_URL) {
    const name = `safetap_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    cleanup = () => adminQuery(`drop database if exists ${name} with (force)`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), { poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close(); // a template must have no connections when it is copied
    }
    project.provide("postgresTemplate", name);
    project.provide("pgliteTemplate", undefined);
    return;
  }
  const handle = await openPglite(null);
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const dir = mkdtempSync(path.join(tmpdir(), "safetap-template-"));
    const file = path.join(dir, "pglite.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    project.provide("pgliteTemplate", file);
    project.provide("postgresTemplate", undefined);
  } finally {
    await handle.close();
  }
}

export async function teardown() {
  await cleanup();
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
