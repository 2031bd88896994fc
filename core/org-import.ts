/**
 * Bulk onboarding by CSV (issue 16 item 3, decision 136): the columns each preset's file takes,
 * and the check of one row, shared by the import page (which shows the columns and their rules)
 * and the server (which checks every row). The rules are spec section 5's (core/validation.ts);
 * what a file may hold at most is here too.
 */

import { type ContactChannel, describeChannel } from "./channels.ts";
import { isComingDate, ORG_LIMITS } from "./org-forms.ts";
import type { OrgPreset } from "./organizations.ts";
import {
  BLOOD_TYPES,
  isPastDate,
  LIMITS,
  sanitizeText,
  splitList,
  validateContact,
} from "./validation.ts";

/** Data rows a file may hold (the header not counted). */
export const IMPORT_MAX_ROWS = 20_000;
/** Bytes a file may hold. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Where the import page's upload is posted (the page, or React Router's data request). */
export const IMPORT_UPLOAD_PATH = /^\/org\/[^/]+\/members\/import(\.data)?$/;
/** Where the `safetap members import` command posts a file to the running server. */
export const OPERATOR_IMPORT_PATH = "/internal/operator/members-import";

/** The values of the "file too large" message. */
export const TOO_LARGE = { max: IMPORT_MAX_BYTES / (1024 * 1024), rows: IMPORT_MAX_ROWS };
/** Characters one row may hold in all (a guard for the parser, far above any real row). */
export const IMPORT_MAX_ROW_CHARS = 64 * 1024;
/** Contacts one person may have in a file (the onboarding's and the card's three). */
export const IMPORT_MAX_CONTACTS = 3;
/** The organisation's id for a person, as its person form takes it (core/org-forms.ts). */
export const EXTERNAL_ID_MAX = ORG_LIMITS.externalId;
/** Class, department, ward or group. */
export const GROUP_MAX = ORG_LIMITS.group;
/** An events person's expiry is at most this many years ahead (core/org-forms.ts `isComingDate`). */
export const EXPIRY_MAX_YEARS = 10;
/** A column the rejected rows' file adds; a file that carries it back is read without it. */
export const ERRORS_COLUMN = "errors";

/** The numbers the rules (`org-import:rules.*`) state. */
export const RULE_VALUES = {
  idMax: EXTERNAL_ID_MAX,
  name: LIMITS.name,
  email: LIMITS.email,
  groupMax: GROUP_MAX,
  maxYears: EXPIRY_MAX_YEARS,
  listItems: LIMITS.listItems,
  listItem: LIMITS.listItem,
  notes: LIMITS.notes,
};

/** The locale key of the rule a problem broke. */
export const ruleKey = (problem: Pick<ImportProblem, "key" | "kind">) =>
  problem.key === "org-import:errors.formula"
    ? "org-import:rules.formula"
    : `org-import:rules.${problem.kind}`;

/** What a column holds; each kind has one rule (`org-import:rules.<kind>`). */
export type ColumnKind =
  | "external_id"
  | "full_name"
  | "group"
  | "date_of_birth"
  | "expires_on"
  | "location"
  | "blood_type"
  | "allergies"
  | "medications"
  | "medical_notes"
  | "contact_name"
  | "contact_channel"
  | "contact_value";

/** What a contact is to the person, as `contacts.role` records it. */
export type ContactRole = "guardian" | "clinician" | null;

export interface ImportColumn {
  name: string;
  kind: ColumnKind;
  /** The header must name it (its cells may still be empty where the rule allows). */
  required: boolean;
  /** For contact columns: which of the person's contacts (0 first), and its role. */
  contact?: { slot: number; role: ContactRole };
}

type ContactPart = "name" | "channel" | "value";
const PARTS: readonly ContactPart[] = ["name", "channel", "value"];

/** `guardian`, `guardian2`, `guardian3`: one column per part for each contact. */
function contactColumns(
  prefix: string,
  numbers: readonly number[],
  slotFrom: number,
  role: ContactRole,
  requiredFirst: boolean,
): ImportColumn[] {
  return numbers.flatMap((n, i) =>
    PARTS.map((part) => ({
      name: `${prefix}${n === 1 ? "" : n}_${part}`,
      kind: `contact_${part}` as ColumnKind,
      required: requiredFirst && i === 0,
      contact: { slot: slotFrom + i, role },
    })),
  );
}

const column = (name: string, kind: ColumnKind, required = false): ImportColumn => ({
  name,
  kind,
  required,
});

const MEDICAL = {
  blood_type: column("blood_type", "blood_type"),
  allergies: column("allergies", "allergies"),
  medications: column("medications", "medications"),
  medical_notes: column("medical_notes", "medical_notes"),
};

/**
 * Every preset's columns in the template's order. Required ones come first; the further
 * contacts, the location and the medical fields may be left out of the header.
 */
export const IMPORT_COLUMNS: Record<OrgPreset, readonly ImportColumn[]> = {
  school: [
    column("external_id", "external_id", true),
    column("full_name", "full_name", true),
    column("date_of_birth", "date_of_birth", true),
    column("class", "group", true),
    ...contactColumns("guardian", [1, 2, 3], 0, "guardian", true),
    column("location", "location"),
    ...Object.values(MEDICAL),
  ],
  workplace: [
    column("external_id", "external_id", true),
    column("full_name", "full_name", true),
    column("department", "group", true),
    ...contactColumns("contact", [1, 2, 3], 0, null, true),
    column("location", "location"),
    column("date_of_birth", "date_of_birth"),
    ...Object.values(MEDICAL),
  ],
  healthcare: [
    column("external_id", "external_id", true),
    column("full_name", "full_name", true),
    column("date_of_birth", "date_of_birth", true),
    column("ward", "group", true),
    { ...MEDICAL.allergies, required: true },
    // The clinician's contact first: the card shows it first (decision 135).
    ...contactColumns("clinician", [1], 0, "clinician", true),
    ...contactColumns("contact", [1, 2], 1, null, false),
    column("location", "location"),
    MEDICAL.blood_type,
    MEDICAL.medications,
    MEDICAL.medical_notes,
  ],
  events: [
    column("external_id", "external_id", true),
    column("full_name", "full_name", true),
    column("group", "group", true),
    column("expires_on", "expires_on", true),
    ...contactColumns("contact", [1, 2, 3], 0, null, true),
    column("location", "location"),
    column("date_of_birth", "date_of_birth"),
    ...Object.values(MEDICAL),
  ],
  other: [
    column("external_id", "external_id", true),
    column("full_name", "full_name", true),
    column("group", "group", true),
    ...contactColumns("contact", [1, 2, 3], 0, null, true),
    column("location", "location"),
    column("date_of_birth", "date_of_birth"),
    ...Object.values(MEDICAL),
  ],
};

/** The template's header line for a preset (every column it takes). */
export function templateHeader(preset: OrgPreset): string[] {
  return IMPORT_COLUMNS[preset].map((c) => c.name);
}

/** A header cell as written by a person: "External ID " reads as `external_id`. */
export function normalizeHeaderName(cell: string): string {
  return cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * What went wrong, as locale keys: `key` says what is wrong (with `values`), the column's rule
 * is `org-import:rules.<kind>`. `column` is null for a problem with the whole row.
 */
export interface ImportProblem {
  column: string | null;
  /** Whose rule applies: the column's kind, the row's, or the seats'. */
  kind: ColumnKind | "row" | "seats";
  /** What is wrong: a full locale key (`org-import:errors.…`, `common:validation.…`). */
  key: string;
  values?: Record<string, string | number>;
}

export type FileProblemCode =
  | "noFile"
  | "empty"
  | "tooLarge"
  | "utf16"
  | "notUtf8"
  | "binary"
  | "unclosedQuote"
  | "badQuote"
  | "rowTooLong"
  | "malformed"
  | "tooManyRows"
  | "noRows"
  | "semicolons"
  | "blankColumn"
  | "duplicateColumns"
  | "unknownColumns"
  | "missingColumns";

/** A problem with the whole file: nothing in it is read further. */
export interface FileProblem {
  code: FileProblemCode;
  values?: Record<string, string | number>;
}

/** The header checked against the preset's columns: each cell's column, or the problems. */
export function checkHeader(
  preset: OrgPreset,
  cells: string[],
): { ok: true; columns: (ImportColumn | null)[] } | { ok: false; problems: FileProblem[] } {
  const names = cells.map(normalizeHeaderName);
  if (names.length === 1 && names[0]!.includes(";")) {
    return { ok: false, problems: [{ code: "semicolons" }] };
  }
  const problems: FileProblem[] = [];
  const blank = names.indexOf("");
  if (blank !== -1) problems.push({ code: "blankColumn", values: { number: blank + 1 } });
  const known = new Map(IMPORT_COLUMNS[preset].map((c) => [c.name, c]));
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) {
    if (seen.has(name) && name !== "") twice.add(name);
    seen.add(name);
  }
  if (twice.size) problems.push({ code: "duplicateColumns", values: { columns: list(twice) } });
  const unknown = names.filter((n) => n !== "" && n !== ERRORS_COLUMN && !known.has(n));
  if (unknown.length) {
    problems.push({
      code: "unknownColumns",
      values: { columns: list(unknown), expected: templateHeader(preset).join(", ") },
    });
  }
  const missing = IMPORT_COLUMNS[preset].filter((c) => c.required && !seen.has(c.name));
  if (missing.length) {
    problems.push({
      code: "missingColumns",
      values: { columns: list(missing.map((c) => c.name)) },
    });
  }
  // A further contact needs all three of its columns, or none.
  const partial = IMPORT_COLUMNS[preset].filter(
    (c) =>
      c.contact &&
      !seen.has(c.name) &&
      IMPORT_COLUMNS[preset].some(
        (other) => other.contact?.slot === c.contact!.slot && seen.has(other.name),
      ),
  );
  if (partial.length && !missing.length) {
    problems.push({
      code: "missingColumns",
      values: { columns: list(partial.map((c) => c.name)) },
    });
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, columns: names.map((name) => known.get(name) ?? null) };
}

const list = (names: Iterable<string>) => [...names].join(", ");

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection): one starting with `=`,
 * `@`, a tab or a carriage return, or with `+` or `-` followed by anything but a number (a phone
 * number such as +44 20 7946 0000, or -5, is data).
 */
export function looksLikeFormula(cell: string): boolean {
  if (/^[\t\r]/.test(cell)) return true;
  const text = cell.trimStart();
  if (/^[=@]/.test(text)) return true;
  return /^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text);
}

/** A contact as the import writes it (value normalised: E.164 or a lower-case address). */
export interface ImportContact {
  name: string;
  channel: ContactChannel;
  value: string;
  role: ContactRole;
}

/**
 * One row as the import writes it. A field whose column the file does not have is undefined
 * (left as it is on an update); an empty cell of a column the file has is null or [] (cleared).
 */
export interface ImportRow {
  externalId: string;
  fullName: string;
  groupName?: string | null;
  dateOfBirth?: string | null;
  /** YYYY-MM-DD: the person's data is erased after that day (events). */
  expiresOn?: string | null;
  /** A location's name, looked up in the organisation by the server. */
  location?: string | null;
  bloodType?: (typeof BLOOD_TYPES)[number] | null;
  allergies?: string[];
  medications?: string[];
  medicalNotes?: string | null;
  contacts: ImportContact[];
}

/** Today as YYYY-MM-DD in UTC. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** What the spec's sanitising removes (angle brackets, control characters), nothing cut. */
const clean = (cell: string) => sanitizeText(cell, Number.POSITIVE_INFINITY);

/**
 * Checks one data row (its cells, in the header's order) against the columns' rules: the row
 * to write, or every problem found in it. What needs the database (locations, ids already in
 * the file or the organisation, seats, premium-rate numbers) is checked by the server.
 */
export function checkRow(
  columns: readonly (ImportColumn | null)[],
  cells: readonly string[],
  options: {
    /** YYYY-MM-DD (UTC) that expiry dates are checked against. */
    today?: string;
    /** Whether a phone number (E.164) is in a premium-rate range SafeTap does not message. */
    riskyPhone?: (e164: string) => boolean;
  } = {},
): { ok: true; row: ImportRow } | { ok: false; problems: ImportProblem[] } {
  if (cells.every((cell) => cell.trim() === "")) {
    return {
      ok: false,
      problems: [{ column: null, kind: "row", key: "org-import:errors.emptyRow" }],
    };
  }
  if (cells.length !== columns.length) {
    return {
      ok: false,
      problems: [
        {
          column: null,
          kind: "row",
          key: "org-import:errors.cellCount",
          values: { found: cells.length, expected: columns.length },
        },
      ],
    };
  }
  const today = options.today ?? utcDay();
  const problems: ImportProblem[] = [];
  const fail = (col: ImportColumn, key: string, values?: Record<string, string | number>) =>
    problems.push({
      column: col.name,
      kind: col.kind,
      // core/validation.ts's keys live in the common namespace.
      key: key.startsWith("validation.") ? `common:${key}` : key,
      ...(values ? { values } : {}),
    });
  const row: ImportRow = { externalId: "", fullName: "", contacts: [] };
  const contactCells = new Map<
    number,
    { role: ContactRole; parts: Partial<Record<ContactPart, [ImportColumn, string]>> }
  >();

  for (const [index, col] of columns.entries()) {
    if (!col) continue; // the rejected rows' errors column, read back
    const raw = cells[index] ?? "";
    if (looksLikeFormula(raw)) {
      fail(col, "org-import:errors.formula", { start: raw.trimStart().slice(0, 1) || "\\t" });
      continue;
    }
    const value = clean(raw);
    switch (col.kind) {
      case "external_id":
        if (!value) fail(col, "org-import:errors.externalIdRequired");
        else if (value.length > EXTERNAL_ID_MAX)
          fail(col, "org-import:errors.externalIdTooLong", { max: EXTERNAL_ID_MAX });
        else row.externalId = value;
        break;
      case "full_name":
        if (value.length < 1 || value.length > LIMITS.name) fail(col, "validation.invalidName");
        else row.fullName = value;
        break;
      case "group":
        if (value.length > GROUP_MAX) fail(col, "validation.textTooLong", { max: GROUP_MAX });
        else row.groupName = value || null;
        break;
      case "location":
        if (value.length > LIMITS.name) fail(col, "validation.textTooLong", { max: LIMITS.name });
        else row.location = value || null;
        break;
      case "date_of_birth":
        if (value && !isPastDate(value)) fail(col, "validation.invalidDate");
        else row.dateOfBirth = value || null;
        break;
      case "expires_on":
        if (!value) fail(col, "org-import:errors.expiryRequired");
        else if (!isCalendarDate(value)) fail(col, "org-import:errors.dateFormat");
        else if (value < today) fail(col, "org-import:errors.expiryPast");
        else if (!isComingDate(value, Date.parse(`${today}T12:00:00Z`)))
          fail(col, "org-import:errors.expiryTooFar", { years: EXPIRY_MAX_YEARS });
        else row.expiresOn = value;
        break;
      case "blood_type": {
        const type = BLOOD_TYPES.find((t) => t === value.toUpperCase());
        if (value && !type) fail(col, "validation.invalidBloodType");
        else row.bloodType = type ?? null;
        break;
      }
      case "allergies":
      case "medications": {
        const items = splitList(value, Number.POSITIVE_INFINITY);
        if (items.some((item) => item.length > LIMITS.listItem))
          fail(col, "validation.itemTooLong", { max: LIMITS.listItem });
        else if (items.length > LIMITS.listItems)
          fail(col, "validation.tooManyItems", { max: LIMITS.listItems });
        else row[col.kind === "allergies" ? "allergies" : "medications"] = items;
        break;
      }
      case "medical_notes":
        if (value.length > LIMITS.notes) fail(col, "validation.notesTooLong");
        else row.medicalNotes = value || null;
        break;
      case "contact_name":
      case "contact_channel":
      case "contact_value": {
        const { slot, role } = col.contact!;
        const entry = contactCells.get(slot) ?? { role, parts: {} };
        entry.parts[col.kind.slice("contact_".length) as ContactPart] = [col, value];
        contactCells.set(slot, entry);
        break;
      }
    }
  }

  for (const [, { role, parts }] of [...contactCells].sort(([a], [b]) => a - b)) {
    const filled = PARTS.filter((part) => parts[part]?.[1]);
    if (filled.length === 0) continue;
    const firstColumn = (parts.name ?? parts.channel ?? parts.value)![0];
    if (filled.length < PARTS.length) {
      const empty = PARTS.find((part) => !parts[part]?.[1])!;
      const col = parts[empty]?.[0] ?? firstColumn;
      fail(col, "org-import:errors.contactIncomplete");
      continue;
    }
    const checked = validateContact({
      name: parts.name![1],
      channel: parts.channel![1].toLowerCase(),
      value: parts.value![1],
    });
    if (!checked.ok) {
      fail(parts[checked.field as ContactPart]![0], checked.error);
      continue;
    }
    if (
      describeChannel(checked.contact.channel).address === "phone" &&
      options.riskyPhone?.(checked.contact.value)
    ) {
      fail(parts.value![0], "validation.highRiskNumber");
      continue;
    }
    row.contacts.push({ ...checked.contact, role });
  }
  const contactProblem = problems.some((p) => p.kind?.startsWith("contact_"));
  if (!contactProblem && row.contacts.length === 0) {
    const first = columns.find((c) => c?.contact);
    if (first) fail(first, "validation.contactRequired");
  }
  return problems.length ? { ok: false, problems } : { ok: true, row };
}
