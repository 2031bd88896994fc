import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";
import { migrationsFolder } from "#server/paths.ts";
import { acquireLock } from "./embedded-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: domain functions accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /**
   * A read parsed and planned once per connection, for the hottest path (the
   * public card). `text` is plain SQL with $1… placeholders, all of type text.
   * PostgreSQL: a named prepared statement. PGlite, which re-plans every
   * extended-protocol query: SQL PREPARE once, then EXECUTE with the values
   * quoted as literals (pg's escapeLiteral), about 2.5 times faster.
   */
  prepared<Row>(name: string, text: string): (params: string[]) => Promise<Row[]>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, which PostgreSQL delivers when the notifying
   * transaction commits (decision 156). PostgreSQL: one connection of its own, outside the pool,
   * opened again after it is lost (`onNotify` is then called once, for what was missed);
   * PGlite: in process. Resolves once listening (or, on PostgreSQL, trying to): `listening()`
   * says whether notices arrive now, and `stop()` ends it.
   */
  listen(channel: string, onNotify: () => void): Promise<Listener>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface Listener {
  /** Whether a NOTIFY committed now reaches `onNotify`: false while the connection is away. */
  listening(): boolean;
  stop(): Promise<void>;
}

/**
 * A LISTEN on a connection of its own that comes back: a dropped connection (a restarted
 * database, a terminated backend) is opened again after 0.5 s, doubling to 30 s, and the
 * listener is told once it is back, since notices sent meanwhile are lost.
 */
async function postgresListener(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (error: Error) => void,
): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let delayMs = 500;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    let lost = false;
    const reopen = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) onError(error);
      next.end().catch(() => {});
      if (client === next) client = null;
      if (stopped) return;
      timer = setTimeout(() => {
        timer = null;
        open().then(
          () => onNotify(),
          () => {},
        );
      }, delayMs);
      timer.unref?.();
      delayMs = Math.min(delayMs * 2, 30_000);
    };
    next.on("error", reopen);
    next.on("end", () => reopen());
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      reopen(error as Error);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delayMs = 500;
  };
  // Not listening yet (the database is not answering): the retries above go on, and until
  // then the dispatcher's poll finds the work.
  await open().catch(() => {});
  return {
    listening: () => client !== null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

type Runner = (params: string[]) => Promise<unknown[]>;

/**
 * One runner per statement name and handle, however many copies of the
 * calling module are loaded (the server and the page build each bundle the
 * domain code): a statement is prepared once per connection.
 */
function preparedOnce(make: (name: string, text: string) => Runner): DatabaseHandle["prepared"] {
  const runners = new Map<string, { text: string; run: Runner }>();
  return <Row>(name: string, text: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
      throw new RangeError(`Bad statement name "${name}"`);
    }
    let entry = runners.get(name);
    if (!entry) {
      entry = { text, run: make(name, text) };
      runners.set(name, entry);
    } else if (entry.text !== text) {
      throw new Error(`Statement "${name}" is already prepared with other text`);
    }
    return entry.run as (params: string[]) => Promise<Row[]>;
  };
}

/**
 * Opens PGlite on a folder, or in memory when `dataDir` is null (tests). `loadDataDir` starts
 * it from a dump of another database's files (`dumpDataDir`) instead of an empty cluster: the
 * tests' migrated template, copied for each test app.
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const release = dataDir ? acquireLock(dataDir) : () => {};
  let client: PGlite;
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(dataDir ?? undefined, { loadDataDir: options.loadDataDir });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    prepared: preparedOnce((name, text) => {
      let ready: Promise<unknown> | undefined;
      return async (params: string[]) => {
        ready ??= client
          .exec(`prepare ${name}(${params.map(() => "text").join(", ")}) as ${text}`)
          .catch((error) => {
            ready = undefined; // try again next time
            throw error;
          });
        await ready;
        const values = params.map((value) => pg.escapeLiteral(value)).join(", ");
        return (await client.query(`execute ${name}(${values})`)).rows;
      };
    }),
    listen: async (channel, onNotify) => {
      if (!CHANNEL_NAME.test(channel)) throw new RangeError(`Bad channel name "${channel}"`);
      const unlisten = await client.listen(channel, () => onNotify());
      let listening = true;
      return {
        listening: () => listening,
        async stop() {
          listening = false;
          await unlisten().catch(() => {}); // the database may be closed already
        },
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

const MIGRATION_LOCK_ID = 727_274_001;

/** PostgreSQL's answers that mean "not now" rather than "wrong": too many connections, starting. */
const BUSY_SQLSTATES = new Set(["53300", "57P03", "08000", "08001", "08004", "08006"]);
/** The pool's and the network's: no connection could be had in time, or none at all. */
const BUSY_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];
const BUSY_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"]);

/** The rows of a `db.execute` result: node-postgres and PGlite give `{ rows }`, some drivers an array. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

/**
 * Whether an error means the database could not be reached in time (the pool had no free
 * connection within its wait, the server refused or was starting), not that the request was
 * wrong: such a request may be answered "try again" (503), never 500. Looks through the causes
 * Drizzle wraps around the driver's error.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && (BUSY_SQLSTATES.has(code) || BUSY_CODES.has(code))) {
      return true;
    }
    if (BUSY_MESSAGES.some((m) => e instanceof Error && e.message.startsWith(m))) return true;
  }
  return false;
}

export async function openPostgres(
  url: string,
  options: {
    poolSize?: number;
    /** How long a query waits for a free pool connection before it fails (busy). */
    poolWaitMs?: number;
    onPoolError?: (error: Error) => void;
  } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.poolWaitMs ?? 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose backend is terminated emits 'error' on the pool; without
  // a listener Node would crash. The pool drops that client and opens a new one.
  pool.on("error", (error) => options.onPoolError?.(error));
  // A checked-out client has no pool listener: one whose backend is terminated
  // between the statements of a transaction would emit an unhandled 'error' and
  // crash the process (found by tests/fault/database-drop.test.ts). The query in
  // flight fails on its own, and the pool discards the broken client on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    // Our named statements (`prepared`, Drizzle's `.prepare`) are the hot path's index lookups:
    // one plan per connection, not one per call (decision 165). A SET, queued before the
    // connection's first query, rather than a startup option, which poolers may refuse; a
    // server without the setting only plans more often.
    client.query("set plan_cache_mode = force_generic_plan").catch(() => {});
  });
  const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          await migrateNodePg(drizzleNodePg({ client, casing: "snake_case" }), {
            migrationsFolder,
          });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    prepared: preparedOnce(
      (name, text) => async (params: string[]) =>
        (await pool.query({ name, text, values: params })).rows,
    ),
    listen: (channel, onNotify) => {
      if (!CHANNEL_NAME.test(channel)) throw new RangeError(`Bad channel name "${channel}"`);
      return postgresListener(url, channel, onNotify, (error) => options.onPoolError?.(error));
    },
    close: () => pool.end(),
  };
}

/**
 * The configured database: PostgreSQL when DATABASE_URL is set, else the embedded one in
 * DATA_DIR. Here rather than beside the services so that the `safetap` command opens it without
 * loading the whole server.
 */
export async function openDatabase(
  config: Pick<Config, "database">,
  logger: Pick<Logger, "warn">,
): Promise<DatabaseHandle> {
  if (config.database.kind === "postgres") {
    return openPostgres(config.database.url, {
      poolSize: config.database.poolSize,
      poolWaitMs: config.database.poolWaitMs,
      onPoolError: (error) => logger.warn({ err: error }, "database connection lost; reconnecting"),
    });
  }
  return openPglite(config.database.dataDir);
}
