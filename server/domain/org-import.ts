/**
 * Bulk onboarding by CSV (issue 16 item 3, decision 136). An upload is checked and previewed:
 * every row is new, changed, unchanged or rejected (with each problem), and the file is kept,
 * gzip-compressed, in `org_imports`. The import then reads that same file again, checks it again
 * against the organisation as it is by then, and writes the new and changed people in batches:
 * one transaction per batch, each with one seat check, multi-row inserts, the encrypted fields
 * sealed in memory before the transaction opens. People are matched on the organisation's
 * external id; nobody is ever deleted; a row that changes nothing writes nothing.
 */
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  checkHeader,
  checkRow,
  ERRORS_COLUMN,
  type FileProblem,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportProblem,
  type ImportRow,
  looksLikeFormula,
  templateHeader,
} from "#core/org-import.ts";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import { isHighRiskNumber } from "#server/alerts/toll-limits.ts";
import { insertMany, oneOf, updateMany } from "#server/db/bulk-writes.ts";
import type { Database } from "#server/db/client.ts";
import { contacts, orgImports, profiles } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { type AuditEvent, recordAudit, recordAudits } from "./audit.ts";
import { contactRow, openContactValue } from "./contacts.ts";
import { csvCell } from "./csv.ts";
import {
  bytesStream,
  checkFileBytes,
  compressFile,
  csvRecords,
  ImportFileError,
  storedFileStream,
} from "./org-import-file.ts";
import { listLocations, type OrgSummary, orgSeatUsage } from "./organizations.ts";
import { decryptProfile, type ProfileData, type ProfileInput, profileValues } from "./profiles.ts";
import { seatsLeft } from "./quotas.ts";
import { changedFields } from "./safety-log.ts";

type ImportServices = Pick<Services, "db" | "cipher" | "logger" | "config">;

/** A rejected row: its place in the file and every problem found in it. */
export interface RejectedRow {
  row: number;
  problems: ImportProblem[];
}

export interface ImportCounts {
  new: number;
  changed: number;
  unchanged: number;
  rejected: number;
}

/**
 * What the preview showed (or the import did): counts and every rejected row. Stored with the
 * file; the page, the rejected rows' CSV and the command line read it.
 */
export interface ImportSummary {
  counts: ImportCounts;
  rejected: RejectedRow[];
}

export type ImportStatus = "previewed" | "importing" | "imported" | "failed" | "discarded";

/** Rows written per transaction: small enough that cards are served between batches. */
export const IMPORT_BATCH_ROWS = 100;

/** A person already in the organisation, as the import compares and updates them. */
interface Existing {
  profile: ProfileData;
  groupName: string | null;
  locationId: string | null;
  expiresAt: Date | null;
  contacts: { name: string; channel: string; value: string; role: string | null }[];
}

type Planned =
  | { action: "create"; row: number; data: ImportRow; locationId: string | null }
  | {
      action: "update";
      row: number;
      data: ImportRow;
      locationId: string | null;
      profileId: string;
      fields: string[];
      contactsChanged: boolean;
    }
  | { action: "unchanged"; row: number }
  | { action: "rejected"; row: number; problems: ImportProblem[] };

interface Plan {
  rows: Planned[];
  counts: ImportCounts;
}

const problem = (
  column: ImportColumn | null | undefined,
  key: string,
  values?: Record<string, string | number>,
): ImportProblem => ({
  column: column?.name ?? null,
  kind: column?.kind ?? "seats",
  key,
  ...(values ? { values } : {}),
});

/**
 * Lets other requests (cards) run: between write batches, and every YIELD_EVERY rows of the
 * CPU-bound reading and checking, which would otherwise hold the event loop for seconds.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
const YIELD_EVERY = 100;

/** The end of the given day (UTC): an events person's data is erased after it. */
const expiryOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 864e5);

const sameContacts = (
  a: readonly { name: string; channel: string; value: string; role: string | null }[],
  b: readonly { name: string; channel: string; value: string; role: string | null }[],
) =>
  a.length === b.length &&
  a.every(
    (c, i) =>
      c.name === b[i]!.name &&
      c.channel === b[i]!.channel &&
      c.value === b[i]!.value &&
      c.role === b[i]!.role,
  );

/** The profile fields a row sets (its file's columns only). */
function profileInput(data: ImportRow): ProfileInput {
  const input: ProfileInput = { fullName: data.fullName };
  if (data.dateOfBirth !== undefined) input.dateOfBirth = data.dateOfBirth;
  if (data.bloodType !== undefined) input.bloodType = data.bloodType;
  if (data.allergies !== undefined) input.allergies = data.allergies;
  if (data.medications !== undefined) input.medications = data.medications;
  if (data.medicalNotes !== undefined) input.medicalNotes = data.medicalNotes;
  return input;
}

/** The people with these external ids in the organisation, decrypted, with their contacts. */
async function existingPeople(
  services: ImportServices,
  org: OrgSummary,
  externalIds: string[],
): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  const { db, cipher } = services;
  for (let at = 0; at < externalIds.length; at += 500) {
    if (at > 0) await yieldToOthers();
    const chunk = externalIds.slice(at, at + 500);
    const rows = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.organizationId, org.id), oneOf(profiles.externalId, chunk)));
    if (!rows.length) continue;
    const contactRows = await db
      .select()
      .from(contacts)
      .where(
        oneOf(
          contacts.profileId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(contacts.profileId, contacts.priority, contacts.createdAt);
    const byPerson = new Map<string, Existing["contacts"]>();
    for (const c of contactRows) {
      const list = byPerson.get(c.profileId) ?? [];
      list.push({
        name: c.name,
        channel: c.channel,
        value: openContactValue(cipher, c),
        role: c.role,
      });
      byPerson.set(c.profileId, list);
    }
    for (const row of rows) {
      found.set(row.externalId!, {
        profile: decryptProfile(cipher, row),
        groupName: row.groupName,
        locationId: row.locationId,
        expiresAt: row.expiresAt,
        contacts: byPerson.get(row.id) ?? [],
      });
    }
  }
  return found;
}

/**
 * Reads a file and decides what each row would do in the organisation as it is now. Throws
 * ImportFileError when the file as a whole cannot be read.
 */
async function planImport(
  services: ImportServices,
  org: OrgSummary,
  source: Readable,
): Promise<Plan> {
  const allowed = services.config.toll.allowedPhonePrefixes;
  const riskyPhone = (e164: string) => isHighRiskNumber(e164, allowed);
  let columns: (ImportColumn | null)[] | null = null;
  const checked: { at: number; result: ReturnType<typeof checkRow> }[] = [];
  // Empty rows are refused where they stand, but not at the end of the file, where
  // spreadsheets leave them.
  let trailingEmpty: number[] = [];
  let dataRows = 0;
  for await (const record of csvRecords(source)) {
    if (record.row % YIELD_EVERY === 0) await yieldToOthers();
    if (!columns) {
      const header = checkHeader(org.preset, record.cells);
      if (!header.ok) throw new ImportFileError(header.problems);
      columns = header.columns;
      continue;
    }
    if (++dataRows > IMPORT_MAX_ROWS) {
      throw new ImportFileError([{ code: "tooManyRows", values: { max: IMPORT_MAX_ROWS } }]);
    }
    if (record.cells.every((cell) => cell.trim() === "")) {
      trailingEmpty.push(record.row);
      continue;
    }
    for (const row of trailingEmpty) {
      checked.push({ at: row, result: checkRow(columns, [], { riskyPhone }) });
    }
    trailingEmpty = [];
    checked.push({ at: record.row, result: checkRow(columns, record.cells, { riskyPhone }) });
  }
  if (!columns) throw new ImportFileError([{ code: "empty" }]);
  if (checked.length === 0) throw new ImportFileError([{ code: "noRows" }]);

  const idColumn = columns.find((c) => c?.kind === "external_id");
  const locationColumn = columns.find((c) => c?.kind === "location");
  // Rows sharing an external id: none of them is imported (which one is right?).
  const rowsById = new Map<string, number[]>();
  for (const { at, result } of checked) {
    if (!result.ok) continue;
    const rows = rowsById.get(result.row.externalId) ?? [];
    rows.push(at);
    rowsById.set(result.row.externalId, rows);
  }
  const locations = await listLocations(services.db, org.id);
  const locationByName = new Map(locations.map((l) => [l.name.toLowerCase(), l.id]));
  const existing = await existingPeople(
    services,
    org,
    [...rowsById].filter(([, rows]) => rows.length === 1).map(([id]) => id),
  );

  const rows: Planned[] = [];
  for (const { at, result } of checked) {
    if (!result.ok) {
      rows.push({ action: "rejected", row: at, problems: result.problems });
      continue;
    }
    const data = result.row;
    const problems: ImportProblem[] = [];
    const same = rowsById.get(data.externalId)!;
    if (same.length > 1) {
      problems.push(
        problem(idColumn, "org-import:errors.duplicateExternalId", {
          id: data.externalId,
          rows: same.join(", "),
        }),
      );
    }
    let locationId: string | null = null;
    if (data.location) {
      locationId = locationByName.get(data.location.toLowerCase()) ?? null;
      if (!locationId) {
        problems.push(
          problem(locationColumn, "org-import:errors.unknownLocation", { name: data.location }),
        );
      }
    }
    if (problems.length) {
      rows.push({ action: "rejected", row: at, problems });
      continue;
    }
    const before = existing.get(data.externalId);
    if (!before) {
      rows.push({ action: "create", row: at, data, locationId });
      continue;
    }
    const changed = changedFields(before.profile, profileInput(data));
    const fields: string[] = [...changed.profile, ...changed.medical];
    if (data.groupName !== undefined && (data.groupName ?? null) !== before.groupName) {
      fields.push("groupName");
    }
    if (data.location !== undefined && locationId !== before.locationId) fields.push("location");
    if (
      data.expiresOn !== undefined &&
      (data.expiresOn ? expiryOf(data.expiresOn).getTime() : null) !==
        (before.expiresAt?.getTime() ?? null)
    ) {
      fields.push("expiresAt");
    }
    const contactsChanged = !sameContacts(data.contacts, before.contacts);
    if (fields.length === 0 && !contactsChanged) {
      rows.push({ action: "unchanged", row: at });
    } else {
      rows.push({
        action: "update",
        row: at,
        data,
        locationId,
        profileId: before.profile.id,
        fields,
        contactsChanged,
      });
    }
  }

  // Seats: new people past the organisation's seats are refused, in the file's order.
  const seats = await orgSeatUsage(services.db, org);
  let free = seats.limit - seats.used;
  for (const [index, planned] of rows.entries()) {
    if (planned.action !== "create") continue;
    if (free > 0) {
      free--;
      continue;
    }
    rows[index] = {
      action: "rejected",
      row: planned.row,
      problems: [problem(null, "org-import:errors.seatLimit", { limit: seats.limit })],
    };
  }
  return { rows, counts: countOf(rows) };
}

function countOf(rows: readonly Planned[]): ImportCounts {
  const counts: ImportCounts = { new: 0, changed: 0, unchanged: 0, rejected: 0 };
  for (const row of rows) {
    if (row.action === "create") counts.new++;
    else if (row.action === "update") counts.changed++;
    else if (row.action === "unchanged") counts.unchanged++;
    else counts.rejected++;
  }
  return counts;
}

const summaryOf = (plan: Plan): ImportSummary => ({
  counts: plan.counts,
  rejected: plan.rows.flatMap((r) =>
    r.action === "rejected" ? [{ row: r.row, problems: r.problems }] : [],
  ),
});

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

const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export interface ImportProgress {
  done: number;
  total: number;
}

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

/** Writes the plan's new and changed people in batches; the summary of what was done. */
async function writePlan(
  services: ImportServices,
  org: OrgSummary,
  by: string | null,
  run: {
    importId: string;
    fileName: string;
    plan: Plan;
    onProgress?: (progress: ImportProgress) => void;
  },
): Promise<ImportSummary> {
  const rows = [...run.plan.rows];
  const writes = rows.flatMap((r, index) =>
    r.action === "create" || r.action === "update" ? [{ index, planned: r }] : [],
  );
  const reason = `CSV import ${run.fileName}`;
  run.onProgress?.({ done: 0, total: writes.length });
  for (let at = 0; at < writes.length; at += IMPORT_BATCH_ROWS) {
    const batch = writes.slice(at, at + IMPORT_BATCH_ROWS);
    const refused = await writeBatch(services, org, by, {
      importId: run.importId,
      reason,
      batch: batch.map((b) => b.planned),
    });
    for (const [i, problems] of refused) {
      const entry = batch[i]!;
      rows[entry.index] = { action: "rejected", row: entry.planned.row, problems };
    }
    run.onProgress?.({
      done: Math.min(at + IMPORT_BATCH_ROWS, writes.length),
      total: writes.length,
    });
    await yieldToOthers();
  }
  return summaryOf({ rows, counts: countOf(rows) });
}

type Write = Extract<Planned, { action: "create" | "update" }>;

/**
 * One batch in one transaction. Returns the rows it had to refuse after all (by their index in
 * the batch): new people past the seats as they are now, or an external id another request
 * took meanwhile.
 */
async function writeBatch(
  services: ImportServices,
  org: OrgSummary,
  by: string | null,
  job: { importId: string; reason: string; batch: Write[] },
): Promise<Map<number, ImportProblem[]>> {
  const { cipher } = services;
  const minors = PRESET_DEFAULTS[org.preset].minors;
  const person = (profileId: string) => ({ profileId, accountId: org.accountId });
  const contactsOf = (profileId: string, data: ImportRow) =>
    data.contacts.map((c, i) =>
      contactRow(cipher, person(profileId), { ...c, priority: i + 1, role: c.role }),
    );
  // Sealed before the transaction opens: it holds the database only for the writes.
  const creates = job.batch.flatMap((w, index) => {
    if (w.action !== "create") return [];
    const id = randomUUID();
    return [
      {
        index,
        w,
        profile: {
          id,
          accountId: org.accountId,
          organizationId: org.id,
          externalId: w.data.externalId,
          groupName: w.data.groupName ?? null,
          locationId: w.locationId,
          expiresAt: w.data.expiresOn ? expiryOf(w.data.expiresOn) : null,
          onboardingCompleted: true,
          ...profileValues(cipher, id, { ...profileInput(w.data), isMinor: minors }),
        },
        contacts: contactsOf(id, w.data),
      },
    ];
  });
  const updates = job.batch.flatMap((w) => {
    if (w.action !== "update") return [];
    const set: Partial<typeof profiles.$inferInsert> = {
      ...profileValues(cipher, w.profileId, profileInput(w.data)),
      updatedAt: new Date(),
    };
    if (w.data.groupName !== undefined) set.groupName = w.data.groupName;
    if (w.data.location !== undefined) set.locationId = w.locationId;
    if (w.data.expiresOn !== undefined) {
      set.expiresAt = w.data.expiresOn ? expiryOf(w.data.expiresOn) : null;
    }
    return [{ w, set, contacts: w.contactsChanged ? contactsOf(w.profileId, w.data) : null }];
  });

  return services.db.transaction(async (tx) => {
    const refused = new Map<number, ImportProblem[]>();
    let admitted = creates;
    if (creates.length) {
      const seats = await seatsLeft(tx, org.accountId);
      if (seats.left !== null && seats.left < creates.length) {
        for (const c of creates.slice(seats.left)) {
          refused.set(c.index, [
            problem(null, "org-import:errors.seatLimit", { limit: seats.limit! }),
          ]);
        }
        admitted = creates.slice(0, seats.left);
      }
    }
    const inserted = new Set(
      await insertMany(
        tx,
        profiles,
        admitted.map((c) => c.profile),
        { conflict: "ignore" },
      ),
    );
    const idColumn = IMPORT_COLUMNS[org.preset].find((c) => c.kind === "external_id");
    const added = admitted.filter((c) => {
      if (inserted.has(c.profile.id)) return true;
      refused.set(c.index, [problem(idColumn, "org-import:errors.externalIdTaken")]);
      return false;
    });
    await updateMany(
      tx,
      profiles,
      updates.map((u) => ({ id: u.w.profileId, ...u.set })),
      eq(profiles.organizationId, org.id),
    );
    const replaced = updates.filter((u) => u.contacts !== null);
    if (replaced.length) {
      await tx.delete(contacts).where(
        oneOf(
          contacts.profileId,
          replaced.map((u) => u.w.profileId),
        ),
      );
    }
    const newContacts = [
      ...added.flatMap((c) => c.contacts),
      ...replaced.flatMap((u) => u.contacts!),
    ];
    await insertMany(tx, contacts, newContacts);
    const events: AuditEvent[] = [
      ...added.map((c) => ({
        type: "org_person_added" as const,
        userId: by,
        profileId: c.profile.id,
        organizationId: org.id,
        metadata: { externalId: c.w.data.externalId, importId: job.importId, reason: job.reason },
      })),
      ...updates.map((u) => ({
        type: "org_person_updated" as const,
        userId: by,
        profileId: u.w.profileId,
        organizationId: org.id,
        metadata: {
          externalId: u.w.data.externalId,
          fields: [...u.w.fields, ...(u.contacts ? ["contacts"] : [])].join(","),
          importId: job.importId,
          reason: job.reason,
        },
      })),
    ];
    await recordAudits(tx, events);
    return refused;
  });
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
  services: Pick<Services, "db">,
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
