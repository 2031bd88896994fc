/**
 * What an import file would do in an organisation (decision 136): each row read and checked as
 * it comes (core/org-import.ts's rules), then, against the organisation as it is now, new,
 * changed, unchanged or rejected (an id twice in the file, an unknown location, no seat left).
 */
import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { expiryOf } from "#core/org-forms.ts";
import {
  checkHeader,
  checkRow,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportProblem,
  type ImportRow,
} from "#core/org-import.ts";
import { isHighRiskNumber } from "#server/alerts/toll-limits.ts";
import { oneOf } from "#server/db/bulk-writes.ts";
import { contacts, profiles } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { openContactValue } from "./contacts.ts";
import { csvRecords, ImportFileError } from "./org-import-file.ts";
import { listLocations, type OrgSummary, orgSeatUsage } from "./organizations.ts";
import { decryptProfile, type ProfileData, type ProfileInput } from "./profiles.ts";
import { changedFields } from "./safety-log.ts";

export type ImportServices = Pick<Services, "db" | "cipher" | "logger" | "config" | "limiter">;

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

/** A person already in the organisation, as the import compares and updates them. */
interface Existing {
  profile: ProfileData;
  groupName: string | null;
  locationId: string | null;
  expiresAt: Date | null;
  contacts: { name: string; channel: string; value: string; role: string | null }[];
}

export type Planned =
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

export interface Plan {
  rows: Planned[];
  counts: ImportCounts;
}

export const problem = (
  column: ImportColumn,
  key: string,
  values?: Record<string, string | number>,
): ImportProblem => ({
  column: column.name,
  kind: column.kind,
  key,
  ...(values ? { values } : {}),
});

/** A new person past the organisation's seats: the row's problem, not a column's. */
export const seatProblem = (limit: number): ImportProblem => ({
  column: null,
  kind: "seats",
  key: "org-import:errors.seatLimit",
  values: { limit },
});

/**
 * Lets other requests (cards) run: between write batches, and every YIELD_EVERY rows of the
 * CPU-bound reading and checking, which would otherwise hold the event loop for seconds.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
const YIELD_EVERY = 100;

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
export function profileInput(data: ImportRow): ProfileInput {
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
export async function planImport(
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

  // Every preset requires the id column; a row names a location only when the file has its column.
  const idColumn = columns.find((c) => c?.kind === "external_id")!;
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
          problem(locationColumn!, "org-import:errors.unknownLocation", { name: data.location }),
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
    if (data.location !== undefined && locationId !== before.locationId) fields.push("locationId");
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
      problems: [seatProblem(seats.limit)],
    };
  }
  return { rows, counts: countOf(rows) };
}

export function countOf(rows: readonly Planned[]): ImportCounts {
  const counts: ImportCounts = { new: 0, changed: 0, unchanged: 0, rejected: 0 };
  for (const row of rows) {
    if (row.action === "create") counts.new++;
    else if (row.action === "update") counts.changed++;
    else if (row.action === "unchanged") counts.unchanged++;
    else counts.rejected++;
  }
  return counts;
}

export const summaryOf = (plan: Plan): ImportSummary => ({
  counts: plan.counts,
  rejected: plan.rows.flatMap((r) =>
    r.action === "rejected" ? [{ row: r.row, problems: r.problems }] : [],
  ),
});
