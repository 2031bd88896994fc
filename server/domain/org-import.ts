/**
 * Bulk onboarding by CSV (issue 16 item 3, decision 136): an import's life. An upload is checked
 * and previewed (org-import-plan.ts: every row new, changed, unchanged or rejected, with each
 * problem), and the file is kept, gzip-compressed, in `org_imports`. The import then reads that
 * same file again, plans it again against the organisation as it is by then, and writes the new
 * and changed people in batches (org-import-writes.ts). It runs once. People are matched on the
 * organisation's external id; nobody is ever deleted; a row that changes nothing writes nothing.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  ERRORS_COLUMN,
  type FileProblem,
  type ImportProblem,
  looksLikeFormula,
  templateHeader,
} from "#core/org-import.ts";
import { UUID as IMPORT_ID } from "#core/validation.ts";
import type { Database } from "#server/db/client.ts";
import { orgImports } from "#server/db/schema.ts";
import { recordAudit } from "./audit.ts";
import { csvCell } from "./csv.ts";
import {
  bytesStream,
  checkFileBytes,
  compressFile,
  csvRecords,
  ImportFileError,
  storedFileStream,
} from "./org-import-file.ts";
import {
  type ImportCounts,
  type ImportServices,
  type ImportSummary,
  type Plan,
  planImport,
  summaryOf,
} from "./org-import-plan.ts";
import { type ImportProgress, writePlan } from "./org-import-writes.ts";
import type { OrgSummary } from "./organizations.ts";

export type { ImportCounts, ImportSummary, RejectedRow } from "./org-import-plan.ts";
export type { ImportProgress } from "./org-import-writes.ts";

export type ImportStatus = "previewed" | "importing" | "imported" | "failed" | "discarded";

/** A file name as kept and shown: its last path part, printable, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
  const printable = base.replace(/[\u0000-\u001f\u007f<>]/g, "").trim();
  return printable.slice(0, 200) || "import.csv";
}

export type PreviewResult =
  | { ok: true; importId: string; summary: ImportSummary }
  | { ok: false; problems: FileProblem[] };

/**
 * Checks an uploaded file and keeps it for the import: nothing about the organisation's people
 * changes. A file that cannot be read as a whole is refused and not kept.
 */
export async function previewImport(
  services: ImportServices,
  org: OrgSummary,
  by: string | null,
  file: { name: string; bytes: Buffer },
): Promise<PreviewResult> {
  const refused = checkFileBytes(file.bytes);
  if (refused) return { ok: false, problems: [refused] };
  let plan: Plan;
  try {
    plan = await planImport(services, org, bytesStream(file.bytes));
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, problems: error.problems };
    throw error;
  }
  const summary = summaryOf(plan);
  const [stored] = await services.db
    .insert(orgImports)
    .values({
      organizationId: org.id,
      kind: "members",
      createdBy: by,
      fileName: cleanFileName(file.name),
      content: await compressFile(file.bytes),
      rowCount: plan.rows.length,
      status: "previewed",
      summary,
    })
    .returning({ id: orgImports.id });
  return { ok: true, importId: stored!.id, summary };
}

/** One of the organisation's member imports (an id from a URL or form is never trusted). */
export async function findImport(db: Database, org: OrgSummary, importId: unknown) {
  if (typeof importId !== "string" || !IMPORT_ID.test(importId)) return null;
  const [row] = await db
    .select({
      id: orgImports.id,
      fileName: orgImports.fileName,
      status: orgImports.status,
      summary: orgImports.summary,
      rowCount: orgImports.rowCount,
      createdAt: orgImports.createdAt,
      importedAt: orgImports.importedAt,
      createdBy: orgImports.createdBy,
    })
    .from(orgImports)
    .where(
      and(
        eq(orgImports.id, importId),
        eq(orgImports.organizationId, org.id),
        eq(orgImports.kind, "members"),
      ),
    )
    .limit(1);
  return row
    ? { ...row, status: row.status as ImportStatus, summary: row.summary as ImportSummary }
    : null;
}

/** The organisation's latest member imports, newest first. */
export async function recentImports(db: Database, org: OrgSummary, limit = 10) {
  const rows = await db
    .select({
      id: orgImports.id,
      fileName: orgImports.fileName,
      status: orgImports.status,
      // The counts only: a summary can list thousands of rejected rows.
      counts: sql<ImportCounts | null>`${orgImports.summary} -> 'counts'`,
      createdAt: orgImports.createdAt,
    })
    .from(orgImports)
    .where(and(eq(orgImports.organizationId, org.id), eq(orgImports.kind, "members")))
    .orderBy(desc(orgImports.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, status: r.status as ImportStatus }));
}

/** Drops a preview that was not imported; false when there is none to drop. */
export async function discardImport(db: Database, org: OrgSummary, importId: unknown) {
  if (typeof importId !== "string" || !IMPORT_ID.test(importId)) return false;
  const dropped = await db
    .update(orgImports)
    .set({ status: "discarded" })
    .where(
      and(
        eq(orgImports.id, importId),
        eq(orgImports.organizationId, org.id),
        eq(orgImports.kind, "members"),
        eq(orgImports.status, "previewed"),
      ),
    )
    .returning({ id: orgImports.id });
  return dropped.length > 0;
}

export type RunResult =
  | { ok: true; summary: ImportSummary }
  | { ok: false; reason: "not_found" | "already_run" }
  | { ok: false; reason: "not_clean"; summary: ImportSummary };

/**
 * Runs a previewed import once. `mode` "all" imports only when every row is still clean (else
 * nothing is written and the preview is brought up to date); "clean" imports the clean rows and
 * leaves the rejected ones for their CSV. `onProgress` hears after each batch.
 */
export async function runImport(
  services: ImportServices,
  org: OrgSummary,
  by: string | null,
  importId: unknown,
  mode: "all" | "clean",
  onProgress?: (progress: ImportProgress) => void,
): Promise<RunResult> {
  if (typeof importId !== "string" || !IMPORT_ID.test(importId)) {
    return { ok: false, reason: "not_found" };
  }
  const { db } = services;
  const scope = and(
    eq(orgImports.id, importId),
    eq(orgImports.organizationId, org.id),
    eq(orgImports.kind, "members"),
  );
  // Taking the import: only one request can move it from previewed to importing.
  const [claimed] = await db
    .update(orgImports)
    .set({ status: "importing" })
    .where(and(scope, eq(orgImports.status, "previewed")))
    .returning({ content: orgImports.content, fileName: orgImports.fileName });
  if (!claimed) {
    const [row] = await db.select({ id: orgImports.id }).from(orgImports).where(scope).limit(1);
    return { ok: false, reason: row ? "already_run" : "not_found" };
  }
  try {
    const plan = await planImport(services, org, storedFileStream(claimed.content));
    if (mode === "all" && plan.counts.rejected > 0) {
      const summary = summaryOf(plan);
      await db.update(orgImports).set({ status: "previewed", summary }).where(scope);
      return { ok: false, reason: "not_clean", summary };
    }
    const summary = await writePlan(services, org, by, {
      importId,
      fileName: claimed.fileName,
      plan,
      onProgress,
    });
    await db
      .update(orgImports)
      .set({ status: "imported", summary, importedAt: new Date() })
      .where(scope);
    const { counts } = summary;
    if (counts.new + counts.changed > 0) {
      await recordAudit(db, services.logger, {
        type: "org_import_completed",
        userId: by,
        organizationId: org.id,
        metadata: { importId, fileName: claimed.fileName, ...counts },
      });
    }
    return { ok: true, summary };
  } catch (error) {
    await db
      .update(orgImports)
      .set({ status: "failed" })
      .where(scope)
      .catch(() => {});
    throw error;
  }
}

/** The preset's template: its header line, every column it takes. */
export function templateCsv(org: OrgSummary): string {
  return `${templateHeader(org.preset).join(",")}\r\n`;
}

/**
 * The rejected rows of an import as CSV: the file's own columns (its header as written) and an
 * `errors` column saying, for each, what is wrong and the rule. Read from the stored file.
 */
export async function rejectedRowsCsv(
  services: Pick<ImportServices, "db">,
  org: OrgSummary,
  importId: unknown,
  describe: (problem: ImportProblem) => string,
): Promise<string | null> {
  if (typeof importId !== "string" || !IMPORT_ID.test(importId)) return null;
  const [stored] = await services.db
    .select({ content: orgImports.content, summary: orgImports.summary })
    .from(orgImports)
    .where(
      and(
        eq(orgImports.id, importId),
        eq(orgImports.organizationId, org.id),
        eq(orgImports.kind, "members"),
      ),
    )
    .limit(1);
  if (!stored) return null;
  const rejected = new Map(
    ((stored.summary as ImportSummary | null)?.rejected ?? []).map((r) => [r.row, r.problems]),
  );
  let header: string[] | null = null;
  let keep: number[] = [];
  const out: string[][] = [];
  for await (const record of csvRecords(storedFileStream(stored.content))) {
    if (!header) {
      // A file that carried an errors column back: the new one replaces it.
      keep = record.cells.flatMap((cell, i) =>
        cell.trim().toLowerCase() === ERRORS_COLUMN ? [] : [i],
      );
      header = keep.map((i) => record.cells[i]!);
      continue;
    }
    const problems = rejected.get(record.row);
    if (!problems) continue;
    out.push([...keep.map((i) => record.cells[i] ?? ""), problems.map(describe).join(" | ")]);
  }
  // Only cells the import itself calls formulas are defused: a phone number's + stays, so the
  // file, once corrected, can be uploaded again as it is.
  const line = (cells: string[]) => cells.map((c) => csvCell(c, looksLikeFormula)).join(",");
  return `${[[...(header ?? []), ERRORS_COLUMN], ...out].map(line).join("\r\n")}\r\n`;
}
