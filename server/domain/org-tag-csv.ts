/**
 * Giving tags to people by CSV (`external_id,tag_id`; issue 16 item 4, decision 138): the file is
 * read with csv-parse, every row checked against the organisation (its people by external id, its
 * tags), the file kept in `org_imports` between the preview and the import so the import reads
 * what the admin saw, and only clean rows are assigned. Problems are locale keys with values
 * (namespace `org-tags`, under `csv.`), so pages and the rejected-rows file say them in the
 * reader's language.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import { TAG_CSV_COLUMNS, TAG_CSV_MAX_BYTES } from "#core/org-tags.ts";
import { MAX_MINT_BATCH, normaliseTagId } from "#core/tag-ids.ts";
import { UUID as IMPORT_ID } from "#core/validation.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { orgImports, profiles, tags } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { recordAudit } from "./audit.ts";
import { assignOrgTagsInBulk } from "./org-tags.ts";
import type { OrgContext } from "./organizations.ts";

/** A rejected-rows file comes back with its `errors` column: it is read and ignored. */
const IGNORED_COLUMNS = ["errors"];
/** As many rows as one minted batch holds. */
export const TAG_CSV_MAX_ROWS = MAX_MINT_BATCH;
/** The longest external id a row may name (the members import's own limit is the same). */
const MAX_EXTERNAL_ID = 100;

export interface CsvProblem {
  /** Locale key under `org-tags:csv.` */
  key: string;
  values?: Record<string, string | number>;
}

export interface RowError extends CsvProblem {
  /** The column the problem is in; null for the row as a whole. */
  column: (typeof TAG_CSV_COLUMNS)[number] | null;
}

export interface TagCsvRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  externalId: string;
  /** The cell as written (shown and given back as written). */
  tagCell: string;
  /** The tag id it names, upper-cased; null when it cannot be one. */
  tagId: string | null;
  errors: RowError[];
}

export type TagCsvFile = { ok: true; rows: TagCsvRow[] } | { ok: false; problem: CsvProblem };

/** A cell a spreadsheet would run as a formula (OWASP's CSV injection list). */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * Reads the file: UTF-8 (a byte order mark is fine), a header naming `external_id` and `tag_id`
 * in any order, at most `TAG_CSV_MAX_ROWS` rows. A problem with the file as a whole is answered
 * alone; problems in rows are listed on each row.
 */
export function readTagCsv(bytes: Uint8Array): TagCsvFile {
  const fail = (key: string, values?: CsvProblem["values"]): TagCsvFile => ({
    ok: false,
    problem: { key, values },
  });
  if (bytes.byteLength > TAG_CSV_MAX_BYTES) {
    return fail("tooLarge", { megabytes: TAG_CSV_MAX_BYTES / 1024 / 1024 });
  }
  let text: string;
  try {
    // The byte order mark is kept for csv-parse, whose byte counts then match `bytes`.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return fail("notUtf8");
  }
  if (!text.replace(/^\uFEFF/, "").trim()) return fail("empty");
  let records: { record: string[]; info: { bytes: number; lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file.
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: 10_000,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    return fail("unreadable", { line });
  }
  // The line each record starts on: line breaks (CRLF, LF or CR) before its first byte. A quoted
  // cell may span lines, and blank lines count, as in the admin's editor.
  let line = 1;
  let offset = 0;
  const lines = records.map(({ record, info }) => {
    const start = line;
    for (; offset < info.bytes; offset++) {
      const byte = bytes[offset];
      if (byte === 0x0a || (byte === 0x0d && bytes[offset + 1] !== 0x0a)) line++;
    }
    return { record, line: start };
  });
  const rows = lines.filter(({ record }) => record.some((cell) => cell.trim() !== ""));
  const header = rows.shift();
  if (!header) return fail("empty");
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const duplicated = names.filter((name, i) => name && names.indexOf(name) !== i);
  if (duplicated.length)
    return fail("duplicateColumns", { columns: [...new Set(duplicated)].join(", ") });
  const missing = TAG_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) return fail("missingColumns", { columns: missing.join(", ") });
  const unknown = names.filter(
    (name) =>
      !(TAG_CSV_COLUMNS as readonly string[]).includes(name) && !IGNORED_COLUMNS.includes(name),
  );
  if (unknown.length) {
    return fail("unknownColumns", { columns: unknown.map((n) => n || '""').join(", ") });
  }
  if (rows.length === 0) return fail("noRows");
  if (rows.length > TAG_CSV_MAX_ROWS) return fail("tooManyRows", { max: TAG_CSV_MAX_ROWS });

  const externalAt = names.indexOf("external_id");
  const tagAt = names.indexOf("tag_id");
  return {
    ok: true,
    rows: rows.map(({ record, line }) => {
      const externalId = (record[externalAt] ?? "").trim();
      const tagCell = (record[tagAt] ?? "").trim();
      const errors: RowError[] = [];
      if (record.length !== names.length) {
        errors.push({
          column: null,
          key: "cells",
          values: { count: record.length, expected: names.length },
        });
      }
      if (!externalId) errors.push({ column: "external_id", key: "required" });
      else if (FORMULA.test(externalId)) errors.push({ column: "external_id", key: "formula" });
      else if (externalId.length > MAX_EXTERNAL_ID) {
        errors.push({ column: "external_id", key: "tooLong", values: { max: MAX_EXTERNAL_ID } });
      }
      const tagId = tagCell && !FORMULA.test(tagCell) ? normaliseTagId(tagCell) : null;
      if (!tagCell) errors.push({ column: "tag_id", key: "required" });
      else if (FORMULA.test(tagCell)) errors.push({ column: "tag_id", key: "formula" });
      else if (!tagId) errors.push({ column: "tag_id", key: "notATagId" });
      return { line, externalId, tagCell, tagId, errors };
    }),
  };
}

export type RowOutcome = "assign" | "unchanged" | "rejected";

export interface CheckedTagRow extends TagCsvRow {
  outcome: RowOutcome;
  /** The person the row names, when they are the organisation's. */
  profileId: string | null;
  personName: string | null;
}

export interface TagCsvSummary {
  total: number;
  assign: number;
  unchanged: number;
  rejected: number;
}

const CHUNK = 1000;

async function inChunks<T, R>(items: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await run(items.slice(i, i + CHUNK))));
  return out;
}

/**
 * Checks every row against the organisation as it is now: the person (by the organisation's
 * external id), the tag (the organisation's own, not given to someone else), and the file itself
 * (one tag on one line only). A row whose tag already shows its person changes nothing.
 */
export async function checkTagRows(
  db: Executor,
  context: OrgContext,
  rows: TagCsvRow[],
): Promise<{ rows: CheckedTagRow[]; summary: TagCsvSummary }> {
  const orgId = context.org.id;
  const externalIds = [...new Set(rows.map((r) => r.externalId).filter(Boolean))];
  const tagIds = [...new Set(rows.map((r) => r.tagId).filter((id): id is string => !!id))];
  const people = await inChunks(externalIds, (chunk) =>
    db
      .select({ id: profiles.id, externalId: profiles.externalId, fullName: profiles.fullName })
      .from(profiles)
      .where(and(eq(profiles.organizationId, orgId), inArray(profiles.externalId, chunk))),
  );
  const owned = await inChunks(tagIds, (chunk) =>
    db
      .select({
        id: tags.id,
        profileId: tags.profileId,
        personName: profiles.fullName,
        externalId: profiles.externalId,
      })
      .from(tags)
      .leftJoin(profiles, eq(profiles.id, tags.profileId))
      .where(and(eq(tags.organizationId, orgId), inArray(tags.id, chunk))),
  );
  const personBy = new Map(people.map((p) => [p.externalId!, p]));
  const tagBy = new Map(owned.map((t) => [t.id, t]));
  const linesOf = new Map<string, number[]>();
  for (const row of rows) {
    if (row.tagId) linesOf.set(row.tagId, [...(linesOf.get(row.tagId) ?? []), row.line]);
  }

  const summary: TagCsvSummary = { total: rows.length, assign: 0, unchanged: 0, rejected: 0 };
  const checked = rows.map((row): CheckedTagRow => {
    const errors = [...row.errors];
    const person = row.externalId ? personBy.get(row.externalId) : undefined;
    if (row.externalId && !errors.some((e) => e.column === "external_id") && !person) {
      errors.push({
        column: "external_id",
        key: "unknownPerson",
        values: { externalId: row.externalId },
      });
    }
    const tag = row.tagId ? tagBy.get(row.tagId) : undefined;
    if (row.tagId) {
      const lines = linesOf.get(row.tagId)!;
      if (lines.length > 1) {
        errors.push({
          column: "tag_id",
          key: "duplicateTag",
          values: { tagId: row.tagId, lines: lines.join(", ") },
        });
      }
      if (!tag) {
        errors.push({ column: "tag_id", key: "notOrgTag", values: { tagId: row.tagId } });
      } else if (tag.profileId && person && tag.profileId !== person.id) {
        errors.push({
          column: "tag_id",
          key: "assignedToOther",
          values: {
            tagId: row.tagId,
            name: tag.personName ?? "",
            externalId: tag.externalId ?? "",
          },
        });
      }
    }
    const outcome: RowOutcome = errors.length
      ? "rejected"
      : tag?.profileId === person?.id
        ? "unchanged"
        : "assign";
    summary[outcome] += 1;
    return {
      ...row,
      errors,
      outcome,
      profileId: person?.id ?? null,
      personName: person?.fullName ?? null,
    };
  });
  return { rows: checked, summary };
}

export type SaveTagImportResult =
  | { ok: true; importId: string; summary: TagCsvSummary }
  | { ok: false; problem: CsvProblem };

/**
 * Reads and checks an uploaded file and keeps it for its import; a file that cannot be read is
 * answered at once and kept nowhere.
 */
export async function saveTagImport(
  db: Database,
  logger: Logger,
  context: OrgContext,
  file: { name: string; bytes: Uint8Array },
): Promise<SaveTagImportResult> {
  const read = readTagCsv(file.bytes);
  if (!read.ok) return read;
  const { summary } = await checkTagRows(db, context, read.rows);
  const [row] = await db
    .insert(orgImports)
    .values({
      organizationId: context.org.id,
      kind: "tags",
      createdBy: context.userId,
      fileName: file.name.slice(0, 200) || "tags.csv",
      content: gzipSync(file.bytes),
      rowCount: read.rows.length,
      summary,
    })
    .returning({ id: orgImports.id });
  await recordAudit(db, logger, {
    type: "org_import_previewed",
    userId: context.userId,
    organizationId: context.org.id,
    metadata: { kind: "tags", import_id: row!.id, ...summary },
  });
  return { ok: true, importId: row!.id, summary };
}

/** The organisation's tag import, or null for any other id (another organisation's too). */
export async function findTagImport(db: Executor, orgId: string, importId: unknown) {
  if (typeof importId !== "string" || !IMPORT_ID.test(importId)) return null;
  const [row] = await db
    .select()
    .from(orgImports)
    .where(
      and(
        eq(orgImports.id, importId),
        eq(orgImports.organizationId, orgId),
        eq(orgImports.kind, "tags"),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type TagImport = NonNullable<Awaited<ReturnType<typeof findTagImport>>>;

/** The kept file's rows, checked against the organisation as it is now. */
export async function checkTagImport(db: Executor, context: OrgContext, saved: TagImport) {
  const read = readTagCsv(gunzipSync(saved.content));
  // The file was readable when it was kept, and it does not change.
  if (!read.ok) throw new Error(`Kept tag import ${saved.id} no longer reads`);
  return checkTagRows(db, context, read.rows);
}

export type RunTagImportResult =
  | { ok: true; assigned: number; unchanged: number; rejected: number }
  | { ok: false; reason: "already_imported" };

/**
 * Assigns the clean rows of a kept file, once: the rows are checked again inside the import (the
 * organisation may have changed since the preview), and a tag given to someone meanwhile is
 * left alone.
 */
export async function runTagImport(
  db: Database,
  logger: Logger,
  context: OrgContext,
  saved: TagImport,
  clientAddress: string | null,
): Promise<RunTagImportResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(orgImports)
      .set({ status: "imported", importedAt: new Date() })
      .where(and(eq(orgImports.id, saved.id), eq(orgImports.status, "previewed")))
      .returning({ id: orgImports.id });
    if (claimed.length === 0) return { ok: false, reason: "already_imported" } as const;
    const { rows, summary } = await checkTagImport(tx, context, saved);
    const assigned = await assignOrgTagsInBulk(
      tx,
      logger,
      { context, clientAddress, importId: saved.id },
      rows
        .filter((row) => row.outcome === "assign")
        .map((row) => ({ tagId: row.tagId!, profileId: row.profileId! })),
    );
    const result = {
      assigned: assigned.length,
      unchanged: summary.unchanged,
      rejected: summary.rejected + (summary.assign - assigned.length),
    };
    await tx
      .update(orgImports)
      .set({ summary: { ...summary, result } })
      .where(eq(orgImports.id, saved.id));
    await recordAudit(tx, logger, {
      type: "org_import_completed",
      userId: context.userId,
      organizationId: context.org.id,
      clientAddress,
      metadata: { kind: "tags", import_id: saved.id, ...result },
    });
    return { ok: true, ...result } as const;
  });
}
