/**
 * The organisation's forms (issue 16 items 2 and 5, decision 137): a person's details, why a
 * critical change was made, a location. One zod schema per input, used by the page's check and by
 * the server action; messages are locale keys (the `org` namespace, or `validation.*` in common).
 */
import { z } from "zod";
import { EMERGENCY_NUMBER_COUNTRIES } from "./emergency-numbers.ts";
import { isLanguage, type Language } from "./languages.ts";
import { isPastDate, LIMITS, sanitizeText, UUID } from "./validation.ts";

export const ORG_LIMITS = {
  /** The organisation's own id for a person (student or employee number). */
  externalId: 64,
  /** A class, department, ward or group. */
  group: 100,
  locationName: 100,
  address: 200,
  /** Why a critical change was made, kept in the organisation's log. */
  reason: 200,
  search: 100,
} as const;

/** People per page of the organisation's list. */
export const ORG_PEOPLE_PAGE_SIZE = 50;

/**
 * What a contact is to an organisation's person: a guardian (school), a clinician (healthcare,
 * first on the card) or an ordinary contact (stored as no role).
 */
export const CONTACT_ROLES = ["contact", "guardian", "clinician"] as const;
export type ContactRoleChoice = (typeof CONTACT_ROLES)[number];

export function contactRoleOf(stored: string | null | undefined): ContactRoleChoice {
  return stored === "guardian" || stored === "clinician" ? stored : "contact";
}

let zones: readonly string[] | null = null;

/** The IANA time zones this runtime knows (`Intl.supportedValuesOf`), and UTC. */
export function timeZones(): readonly string[] {
  zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone")];
  return zones;
}

/** How a time zone is written: "UTC", or Area/Place with capitals ("America/New_York"). */
const ZONE_NAME = /^(UTC|[A-Z][A-Za-z_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+)$/;

/**
 * The IANA time zone named by `value`, as it is stored: a name of `timeZones()`, or another name
 * of one of those zones (Intl knows "Asia/Ho_Chi_Minh" as "Asia/Saigon") kept as written, or
 * Intl's own spelling when the case was off ("europe/london"); null for anything else.
 */
export function timeZoneOf(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 64) return null;
  if (timeZones().includes(value)) return value;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!timeZones().includes(resolved)) return null;
  return ZONE_NAME.test(value) ? value : resolved;
}

export function isTimeZone(value: unknown): value is string {
  return timeZoneOf(value) !== null;
}

/** A calendar date (YYYY-MM-DD) from today (UTC) on, within ten years. */
export function isComingDate(value: string, now = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return false;
  const today = new Date(now).toISOString().slice(0, 10);
  return value >= today && date.getTime() < now + 10 * 366 * 86_400_000;
}

/** An events person's expiry date: their data is erased after the end of that day (UTC). */
export function expiryOf(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

/** The date an expiry shows as, YYYY-MM-DD (UTC), or "". */
export function expiryDate(at: Date | string | null | undefined): string {
  return at ? new Date(at).toISOString().slice(0, 10) : "";
}

/** Text as the spec cleans it (trimmed, no angle brackets or control characters), not yet cut. */
const cleaned = z.unknown().transform((v) => sanitizeText(v, Number.POSITIVE_INFINITY));

const required = (max: number, missing: string, tooLong: string) =>
  cleaned.pipe(z.string().min(1, missing).max(max, tooLong));

const optional = (max: number, tooLong: string) =>
  cleaned.pipe(z.string().max(max, tooLong)).transform((v) => v || null);

const optionalDate = (check: (v: string) => boolean, message: string) =>
  cleaned.pipe(z.string().refine((v) => v === "" || check(v), message)).transform((v) => v || null);

/** A person's details as the organisation's admins keep them (the add and edit forms). */
export const orgPersonSchema = z.object({
  fullName: required(
    LIMITS.name,
    "org:person.errors.nameRequired",
    "org:person.errors.nameTooLong",
  ),
  externalId: optional(ORG_LIMITS.externalId, "org:person.errors.externalIdTooLong"),
  groupName: optional(ORG_LIMITS.group, "org:person.errors.groupTooLong"),
  locationId: cleaned
    .pipe(z.string().refine((v) => v === "" || UUID.test(v), "org:person.errors.location"))
    .transform((v) => v || null),
  language: z.unknown().refine(isLanguage, "validation.languageRequired") as z.ZodType<Language>,
  expiresOn: optionalDate(isComingDate, "org:person.errors.expiry"),
});

/** Adding a person: their details and, optionally, their date of birth. */
export const newOrgPersonSchema = orgPersonSchema.extend({
  dateOfBirth: optionalDate(isPastDate, "validation.invalidDate"),
});

export type OrgPersonDetails = z.output<typeof orgPersonSchema>;
export type NewOrgPerson = z.output<typeof newOrgPersonSchema>;

/**
 * Why a change to someone's medical record or contacts was made: required of the
 * organisation's admins, optional for the person changing their own.
 */
export function reasonSchema(requiredReason: boolean) {
  return cleaned.pipe(
    z
      .string()
      .max(ORG_LIMITS.reason, "org:reason.tooLong")
      .refine((v) => !requiredReason || v.length > 0, "org:reason.required"),
  );
}

export const contactRoleSchema = z.enum(CONTACT_ROLES, "org:contacts.errors.role");

/** A site or branch: its name (unique in the organisation), address, time zone and country. */
export const orgLocationSchema = z.object({
  name: required(
    ORG_LIMITS.locationName,
    "org:locations.errors.nameRequired",
    "org:locations.errors.nameTooLong",
  ),
  address: optional(ORG_LIMITS.address, "org:locations.errors.addressTooLong"),
  timeZone: cleaned
    .pipe(z.string().refine(isTimeZone, "org:locations.errors.timeZone"))
    .transform((v) => timeZoneOf(v)!),
  // Stored upper case (ISO 3166-1 alpha-2); the emergency number list is lower case.
  country: cleaned
    .transform((v) => v.toLowerCase())
    .pipe(
      z
        .string()
        .refine((v) => EMERGENCY_NUMBER_COUNTRIES.includes(v), "org:locations.errors.country"),
    )
    .transform((v) => v.toUpperCase()),
});

export type OrgLocationInput = z.output<typeof orgLocationSchema>;

/** Field name → the first problem's message key, for the fields' own messages. */
export type OrgFieldErrors = Record<string, string>;

/**
 * Checks a form (FormData or plain values) against a schema: the values, or every field's first
 * problem (in the schema's field order).
 */
export function checkForm<S extends z.ZodObject>(
  schema: S,
  input: FormData | Record<string, unknown>,
): { ok: true; values: z.output<S> } | { ok: false; errors: OrgFieldErrors } {
  const fields = Object.keys(schema.shape);
  const candidate = Object.fromEntries(
    fields.map((name) => {
      const value = input instanceof FormData ? input.get(name) : input[name];
      return [name, typeof value === "string" ? value : ""];
    }),
  );
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: OrgFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
