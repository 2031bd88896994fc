import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "./client.ts";

/**
 * Queries built once per executor and kept (decision 162): Drizzle builds a query's SQL anew on
 * every call, which on the alert path cost more than running it. `make` builds the query with
 * `sql.placeholder`s and `.prepare(name)`s it; the pool's executor keeps it for good, and on
 * PostgreSQL each connection parses the named statement once. A transaction (a new executor each
 * time) builds it once for itself, as a builder would.
 */
const built = new WeakMap<Executor, Map<string, unknown>>();

export function preparedQuery<Query>(
  executor: Executor,
  name: string,
  make: (executor: Executor) => Query,
): Query {
  let queries = built.get(executor);
  if (!queries) {
    queries = new Map();
    built.set(executor, queries);
  }
  let query = queries.get(name) as Query | undefined;
  if (!query) {
    query = make(executor);
    queries.set(name, query);
  }
  return query;
}

/**
 * A list of strings as one text parameter that the statement casts (`$1::text[]`): the raw
 * prepared statements (`DatabaseHandle.prepared`) take text parameters only.
 */
export function textArrayParam(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * A prepared statement's text (`$1`, `$2` … placeholders) with its parameters as Drizzle SQL: the
 * same statement run on an executor that has no named statements of its own (a transaction).
 */
export function withParams(text: string, params: readonly string[]): SQL {
  const chunks = text.split(/\$(\d+)/);
  return sql.join(
    chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`)),
  );
}
