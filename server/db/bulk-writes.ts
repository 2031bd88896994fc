import { type Column, getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Executor, rowsOf } from "./client.ts";

const casing = new CasingCache("snake_case");

/*
 * Writes of many rows at once, each statement carrying its rows as one JSON parameter: PGlite
 * binds and plans a statement with thousands of parameters about ten times slower than one
 * with a single JSON parameter, and holds the whole database while it does (decision 136).
 */

/**
 * The columns the rows give (a key one row lacks is null there; a key no row gives a value,
 * undefined in all, takes the column's default, as Drizzle's own inserts do), with their SQL names
 * and types.
 */
function columnsOf(table: PgTable, rows: readonly Record<string, unknown>[]) {
  const columns = getTableColumns(table);
  const keys = [
    ...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined))),
  ].filter((key) => key in columns);
  return keys.map((key) => {
    const column = columns[key]!;
    const type = column.getSQLType();
    if (type === "bytea") throw new TypeError(`bulk writes cannot carry ${key} (bytea)`);
    return { key, name: casing.getColumnCasing(column), type };
  });
}

/** The rows as the one JSON parameter, keyed by SQL column names. */
const recordsOf = (names: ReturnType<typeof columnsOf>, rows: readonly Record<string, unknown>[]) =>
  JSON.stringify(
    rows.map((row) => Object.fromEntries(names.map(({ key, name }) => [name, row[key] ?? null]))),
  );

const joined = (names: ReturnType<typeof columnsOf>, f: (c: (typeof names)[number]) => string) =>
  sql.raw(names.map(f).join(", "));

/** `column` is one of `values` (one JSON parameter, however many values). */
export const oneOf = (column: Column, values: readonly string[]): SQL =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Inserts many rows in one statement (`insert … select … from jsonb_to_recordset($1)`); the
 * columns the rows leave out take their defaults in the database. Values must already be what
 * the column stores (text, numbers, booleans, dates, JSON), not binary. With
 * `conflict: "ignore"` a row that breaks a unique index is skipped; the ids of the rows inserted
 * are returned.
 */
export async function insertMany<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: readonly T["$inferInsert"][],
  options: { conflict?: "ignore" } = {},
): Promise<string[]> {
  if (rows.length === 0) return [];
  const hasId = "id" in getTableColumns(table);
  const result = await executor.execute(sql`${insertRows(table, rows, options)}
    returning ${sql.raw(hasId ? `"id"::text` : "null")} as id`);
  return rowsOf(result).flatMap((r) => (typeof r.id === "string" ? [r.id] : []));
}

/**
 * `insertMany`'s statement without its `returning`, to be part of a larger one (a data-modifying
 * `with`): `onlyIf` adds a condition the rows are inserted under (`exists (select 1 from a)`).
 */
export function insertRows<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  options: { conflict?: "ignore"; onlyIf?: SQL } = {},
): SQL {
  const data = rows as readonly Record<string, unknown>[];
  const names = columnsOf(table, data);
  return sql`insert into ${sql.raw(`"${getTableName(table)}"`)}
    (${joined(names, (c) => `"${c.name}"`)})
    select ${joined(names, (c) => `"${c.name}"`)}
    from jsonb_to_recordset(${recordsOf(names, data)}::jsonb)
      as x(${joined(names, (c) => `"${c.name}" ${c.type}`)})
    ${options.onlyIf ? sql`where ${options.onlyIf}` : sql``}
    ${options.conflict === "ignore" ? sql`on conflict do nothing` : sql``}`;
}

/**
 * Updates many rows, each by its `id`, in one statement (`update … from
 * jsonb_to_recordset($1)`): every row sets the same columns (the keys it gives). `where` narrows the rows that
 * may change (an organisation's own, say); the ids of the rows updated are returned.
 */
export async function updateMany<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: readonly (Partial<T["$inferInsert"]> & { id: string })[],
  where?: SQL,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const data = rows as readonly Record<string, unknown>[];
  const names = columnsOf(table, data);
  if (data.some((row) => names.some((c) => !(c.key in row)))) {
    throw new TypeError("updateMany: every row must set the same columns");
  }
  const set = names.filter((c) => c.key !== "id");
  const name = `"${getTableName(table)}"`;
  const result = await executor.execute(sql`update ${sql.raw(name)}
    set ${joined(set, (c) => `"${c.name}" = x."${c.name}"`)}
    from jsonb_to_recordset(${recordsOf(names, data)}::jsonb)
      as x(${joined(names, (c) => `"${c.name}" ${c.type}`)})
    where ${sql.raw(`${name}."id"`)} = x."id" ${where ? sql`and ${where}` : sql``}
    returning ${sql.raw(`${name}."id"::text`)} as id`);
  return rowsOf(result).flatMap((r) => (typeof r.id === "string" ? [r.id] : []));
}
