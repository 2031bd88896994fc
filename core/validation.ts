import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { type ContactChannel, describeChannel, isContactChannel } from "./channels.ts";
import { isLanguage, type Language } from "./languages.ts";
import {
  type AdvanceDirective,
  IMPLANTED_DEVICES,
  isAdvanceDirective,
  isImplantedDevice,
} from "./medical-record.ts";

/**
 * Input rules of spec section 5, shared by the forms and the server actions.
 * Errors are locale keys under `validation.*`; screens translate them.
 */

export const LIMITS = {
  name: 100,
  email: 255,
  phone: 20,
  passwordMin: 8,
  passwordMax: 128,
  message: 1000,
  notes: 5000,
  tagId: 50,
  token: 50,
  text: 1000,
  code: 6,
  /** Items in one of the medical record's newer lists (conditions, implanted devices). */
  listItems: 20,
  /** Characters in one such item. */
  listItem: 100,
  /** Where an advance directive is kept; the preferred hospital. */
  place: 200,
} as const;

export type ValidationKey = `validation.${string}`;

/** Removes angle brackets as the user types (spec: inputs are cleaned as typed). */
export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, "");
}

/** C0 control characters other than tab, line feed and carriage return (NUL among them), and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Spec sanitising: trimmed, angle brackets removed, cut to 1000 characters (or
 * `max`). Control characters are removed too: PostgreSQL refuses a NUL in text.
 */
export function sanitizeText(value: unknown, max: number = LIMITS.text): string {
  if (typeof value !== "string") return "";
  return stripAngleBrackets(value).replace(CONTROL_CHARACTERS, "").trim().slice(0, max);
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SHAPE = /^\+?[1-9]\d{1,14}$/;

export function isEmail(value: string): boolean {
  return value.length <= LIMITS.email && EMAIL_SHAPE.test(value);
}

/** The number as libphonenumber reads it; the country code is always written (no leading + needed). */
function parseInternational(value: string) {
  const compact = value.replace(/\s/g, "");
  if (!PHONE_SHAPE.test(compact)) return undefined;
  return parsePhoneNumberFromString(compact.startsWith("+") ? compact : `+${compact}`);
}

/**
 * A number we send codes and alerts to (decision 090). The spec's shape (spaces removed;
 * optional leading +; first digit 1-9; 2 to 15 digits in all), then libphonenumber-js:
 * a known country calling code and a length possible in that country. Not `isValid()`:
 * its ranges refuse the fictional numbers used in tests and docs (+44 7700 900xxx,
 * +1 555 01xx) that are otherwise real-shaped.
 */
export function isPhone(value: string): boolean {
  return parseInternational(value)?.isPossible() ?? false;
}

/**
 * A number a person will read and dial (the sales form's optional phone): a possible
 * number, or a local number written after a known country code (at least 7 digits).
 */
export function isDialablePhone(value: string): boolean {
  const parsed = parseInternational(value.replace(/[-().]/g, " "));
  if (!parsed) return false;
  return parsed.isPossible() || parsed.nationalNumber.length >= 7;
}

/** E.164: a plus and the digits, country code included (the format hint is +1234567890). */
export function toE164(value: string): string {
  const digits = value.replace(/\s/g, "").replace(/^\+/, "");
  return `+${digits}`;
}

export type Identifier = { kind: "email"; value: string } | { kind: "phone"; value: string };

/**
 * An identifier is an email if it passes the email check, otherwise a phone
 * number with spaces removed.
 */
export function parseIdentifier(
  raw: unknown,
): { ok: true; identifier: Identifier } | { ok: false; error: ValidationKey } {
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!value) return { ok: false, error: "validation.identifierRequired" };
  if (isEmail(value))
    return { ok: true, identifier: { kind: "email", value: value.toLowerCase() } };
  if (value.includes("@")) return { ok: false, error: "validation.invalidEmail" };
  if (isPhone(value)) return { ok: true, identifier: { kind: "phone", value: toE164(value) } };
  return { ok: false, error: "validation.invalidPhone" };
}

/** The password rules in the spec's order; the first broken one is the message. */
export function passwordErrors(password: string): ValidationKey[] {
  const errors: ValidationKey[] = [];
  if (password.length < LIMITS.passwordMin) errors.push("validation.passwordLength");
  if (password.length > LIMITS.passwordMax) errors.push("validation.passwordTooLong");
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password)) errors.push("validation.passwordCase");
  if (!/\d/.test(password)) errors.push("validation.passwordNumber");
  if (!/[^A-Za-z0-9]/.test(password)) errors.push("validation.passwordSpecial");
  return errors;
}

export type PasswordStrength = "tooShort" | "weak" | "fair" | "good" | "strong";

/**
 * 'Too short' below 8 characters; otherwise one point each for length 8+,
 * mixed case, a digit and a symbol: 1 Weak, 2 Fair, 3 Good, 4 Strong.
 */
export function passwordStrength(password: string): { level: PasswordStrength; score: number } {
  if (password.length < LIMITS.passwordMin) return { level: "tooShort", score: 0 };
  const score =
    1 +
    Number(/[a-z]/.test(password) && /[A-Z]/.test(password)) +
    Number(/\d/.test(password)) +
    Number(/[^A-Za-z0-9]/.test(password));
  const levels: PasswordStrength[] = ["weak", "fair", "good", "strong"];
  return { level: levels[score - 1]!, score };
}

export function isSixDigitCode(value: unknown): value is string {
  return typeof value === "string" && /^\d{6}$/.test(value);
}

export interface ContactInput {
  name: string;
  channel: ContactChannel;
  value: string;
}

/** Checks one contact; the value is normalised (lower-case email, E.164 phone). */
export function validateContact(input: {
  name: unknown;
  channel: unknown;
  value: unknown;
}): { ok: true; contact: ContactInput } | { ok: false; error: ValidationKey; field: string } {
  const name = sanitizeText(input.name);
  if (name.length < 1 || name.length > LIMITS.name) {
    return { ok: false, error: "validation.invalidContactName", field: "name" };
  }
  if (!isContactChannel(input.channel)) {
    return { ok: false, error: "validation.invalidChannel", field: "channel" };
  }
  const raw = sanitizeText(input.value);
  if (!raw) return { ok: false, error: "validation.contactValueRequired", field: "value" };
  const channel = input.channel;
  const address = describeChannel(channel).address;
  switch (address) {
    case "email":
      if (!isEmail(raw)) return { ok: false, error: "validation.invalidEmail", field: "value" };
      return { ok: true, contact: { name, channel, value: raw.toLowerCase() } };
    case "phone":
      if (!isPhone(raw)) return { ok: false, error: "validation.invalidPhone", field: "value" };
      return { ok: true, contact: { name, channel, value: toE164(raw) } };
    case "meta":
      // A page-scoped id comes from Meta's webhook, never from a form (DESIGN 1.13).
      throw new Error(`${channel} is linked by the contact, not typed in a form`);
    default: {
      const never: never = address;
      throw new Error(`No rule for ${never} addresses`);
    }
  }
}

/** A UUID as the database writes it (any case): ids of rows that come back in forms and URLs. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COUNTRIES = ["us", "ca", "gb", "au", "mx", "es", "fr", "vn"] as const;
export const BLOOD_TYPES = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;

export type Country = (typeof COUNTRIES)[number];

/** Comma-separated text into a list of cleaned, non-empty items (each cut to `max`). */
export function splitList(value: unknown, max: number = LIMITS.text): string[] {
  if (typeof value !== "string") return [];
  return value
    .split(",")
    .map((item) => sanitizeText(item, max))
    .filter(Boolean);
}

/** Only used to parse a path: what is kept must resolve to this same origin. */
const REDIRECT_BASE = "http://safetap.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const ANY_CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Undoes percent-encoding until nothing changes (a few rounds), or null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A same-site path to return to after signing in; anything else is dropped.
 * Browsers drop TAB, CR and LF and read a backslash as a slash, so the value is
 * parsed as a browser would (`new URL`) and kept only when it stays on this
 * origin; a path that decodes to `//` or `/\` (or holds control characters,
 * raw or encoded) is refused too, in case something downstream decodes it.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500 || !value.startsWith("/")) return null;
  if (ANY_CONTROL_CHARACTER.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return null;
  }
  if (url.origin !== REDIRECT_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const decoded = fullyDecoded(url.pathname);
  if (decoded === null || ANY_CONTROL_CHARACTER.test(decoded) || /^[/\\]{2}/.test(decoded))
    return null;
  if (/^\/[/\\]/.test(path)) return null;
  return path;
}

export interface ProfileFields {
  fullName: string;
  /** The profile's language: one of core/languages.ts LANGUAGES. */
  language: Language;
  country: Country;
  dateOfBirth: string | null;
  bloodType: (typeof BLOOD_TYPES)[number] | null;
  allergies: string[];
  medications: string[];
  medicalNotes: string | null;
}

/** The fuller record's fields (decision 130), checked by `validateMedicalRecord`. */
export interface MedicalRecordFields {
  conditions: string[];
  /** Keys of IMPLANTED_DEVICES first, then what was typed. */
  implantedDevices: string[];
  organDonor: boolean | null;
  advanceDirective: AdvanceDirective | null;
  advanceDirectiveLocation: string | null;
  preferredHospital: string | null;
}

export interface FieldProblem {
  /** Locale keys of the notice's title and description. */
  title: string;
  description: ValidationKey;
  step: 1 | 2 | 3;
  /** The form field at fault (its `name`), for a message beside it. */
  field: string;
  /** Values the description interpolates (a limit). */
  values?: Record<string, number>;
}

/** A calendar date (YYYY-MM-DD) that exists, from 1900 up to today. */
export function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    date.getTime() <= Date.now() &&
    date.getUTCFullYear() >= 1900
  );
}

const MEDICAL_TITLE = "account:onboarding.errors.medical";

/** A comma list of at most LIMITS.listItems items of at most LIMITS.listItem characters. */
function checkList(
  raw: unknown,
  field: string,
): { ok: true; items: string[] } | { ok: false; problem: FieldProblem } {
  const items = splitList(raw, Number.POSITIVE_INFINITY);
  const fail = (description: ValidationKey, max: number) => ({
    ok: false as const,
    problem: { title: MEDICAL_TITLE, description, step: 2 as const, field, values: { max } },
  });
  if (items.some((item) => item.length > LIMITS.listItem))
    return fail("validation.itemTooLong", LIMITS.listItem);
  if (items.length > LIMITS.listItems) return fail("validation.tooManyItems", LIMITS.listItems);
  return { ok: true, items };
}

/**
 * The fuller record's fields as the medical step posts them: `conditions` and
 * `implantedDevicesOther` comma lists, `implantedDevices` the ticked choices (one value or
 * several), `organDonor` yes/no/"" (not said), `advanceDirective` one of ADVANCE_DIRECTIVES or ""
 * (not said), `advanceDirectiveLocation` and `preferredHospital` short texts.
 */
export function validateMedicalRecord(
  input: Record<string, unknown>,
): { ok: true; record: MedicalRecordFields } | { ok: false; problem: FieldProblem } {
  const fail = (description: ValidationKey, field: string, max?: number) => ({
    ok: false as const,
    problem: {
      title: MEDICAL_TITLE,
      description,
      step: 2 as const,
      field,
      ...(max === undefined ? {} : { values: { max } }),
    },
  });
  const conditions = checkList(input.conditions, "conditions");
  if (!conditions.ok) return conditions;
  const ticked = input.implantedDevices ?? [];
  const choices = (Array.isArray(ticked) ? ticked : [ticked]).filter((v) => v !== "");
  if (!choices.every(isImplantedDevice))
    return fail("validation.invalidChoice", "implantedDevices");
  const other = checkList(input.implantedDevicesOther, "implantedDevicesOther");
  if (!other.ok) return other;
  const devices = [
    ...IMPLANTED_DEVICES.filter((device) => choices.includes(device)),
    ...other.items.filter((item, i) => other.items.indexOf(item) === i),
  ];
  if (devices.length > LIMITS.listItems)
    return fail("validation.tooManyItems", "implantedDevicesOther", LIMITS.listItems);
  const donor = input.organDonor ?? "";
  if (donor !== "" && donor !== "yes" && donor !== "no")
    return fail("validation.invalidChoice", "organDonor");
  const directive = input.advanceDirective ?? "";
  if (directive !== "" && !isAdvanceDirective(directive))
    return fail("validation.invalidChoice", "advanceDirective");
  const place = (name: string) =>
    typeof input[name] === "string" ? sanitizeText(input[name], Number.POSITIVE_INFINITY) : "";
  const location = place("advanceDirectiveLocation");
  if (location.length > LIMITS.place)
    return fail("validation.textTooLong", "advanceDirectiveLocation", LIMITS.place);
  const hospital = place("preferredHospital");
  if (hospital.length > LIMITS.place)
    return fail("validation.textTooLong", "preferredHospital", LIMITS.place);
  return {
    ok: true,
    record: {
      conditions: conditions.items,
      implantedDevices: devices,
      organDonor: donor === "" ? null : donor === "yes",
      advanceDirective: directive === "" ? null : (directive as AdvanceDirective),
      advanceDirectiveLocation: location || null,
      preferredHospital: hospital || null,
    },
  };
}

/** The medical part of a profile: what a person's medical record form posts. */
export type MedicalFields = Pick<
  ProfileFields,
  "dateOfBirth" | "bloodType" | "allergies" | "medications" | "medicalNotes"
> &
  MedicalRecordFields;

/**
 * The medical record as a form posts it: date of birth, blood type, allergies, medications and
 * notes (spec section 5, "Onboarding save") and the fuller record's fields.
 */
export function validateMedicalFields(
  input: Record<string, unknown>,
): { ok: true; medical: MedicalFields } | { ok: false; problem: FieldProblem } {
  const fail = (title: string, description: ValidationKey, step: 1 | 2, field: string) => ({
    ok: false as const,
    problem: { title, description, step, field },
  });
  const dob = sanitizeText(input.dateOfBirth);
  if (dob && !isPastDate(dob))
    return fail("account:onboarding.errors.incomplete", "validation.invalidDate", 1, "dateOfBirth");
  const blood = sanitizeText(input.bloodType);
  if (blood && !(BLOOD_TYPES as readonly string[]).includes(blood)) {
    return fail(
      "account:onboarding.errors.incomplete",
      "validation.invalidBloodType",
      1,
      "bloodType",
    );
  }
  const notes =
    typeof input.medicalNotes === "string" ? stripAngleBrackets(input.medicalNotes).trim() : "";
  if (notes.length > LIMITS.notes) {
    return fail(
      "account:onboarding.errors.notesTooLong",
      "validation.notesTooLong",
      2,
      "medicalNotes",
    );
  }
  const record = validateMedicalRecord(input);
  if (!record.ok) return record;
  return {
    ok: true,
    medical: {
      ...record.record,
      dateOfBirth: dob || null,
      bloodType: (blood || null) as ProfileFields["bloodType"],
      allergies: splitList(input.allergies),
      medications: splitList(input.medications),
      medicalNotes: notes || null,
    },
  };
}

/** Steps 1 and 2 of onboarding (spec section 5, "Onboarding save"), the fuller record with them. */
export function validateProfile(
  input: Record<string, unknown>,
):
  | { ok: true; profile: ProfileFields & MedicalRecordFields }
  | { ok: false; problem: FieldProblem } {
  const fail = (title: string, description: ValidationKey, step: 1 | 2, field: string) => ({
    ok: false as const,
    problem: { title, description, step, field },
  });
  const fullName = sanitizeText(input.fullName);
  if (fullName.length < 1 || fullName.length > LIMITS.name) {
    return fail("account:onboarding.errors.invalidName", "validation.invalidName", 1, "fullName");
  }
  const language = input.language;
  if (!isLanguage(language)) {
    return fail(
      "account:onboarding.errors.incomplete",
      "validation.languageRequired",
      1,
      "language",
    );
  }
  const country = input.country;
  if (!(COUNTRIES as readonly unknown[]).includes(country)) {
    return fail("account:onboarding.errors.incomplete", "validation.countryRequired", 1, "country");
  }
  const medical = validateMedicalFields(input);
  if (!medical.ok) return medical;
  return {
    ok: true,
    profile: { ...medical.medical, fullName, language, country: country as Country },
  };
}

/**
 * Onboarding contact rows: a row counts only when name and value are both
 * filled; each counted row must be valid.
 */
export function validateContactRows(
  rows: { name: unknown; channel: unknown; value: unknown }[],
): { ok: true; contacts: ContactInput[] } | { ok: false; problem: FieldProblem } {
  const contacts: ContactInput[] = [];
  for (const [index, row] of rows.entries()) {
    const name = sanitizeText(row.name);
    const value = sanitizeText(row.value);
    if (!name || !value) continue;
    const checked = validateContact(row);
    if (!checked.ok) {
      const title =
        checked.field === "name"
          ? "account:onboarding.errors.invalidContactName"
          : "account:onboarding.errors.invalidContact";
      return {
        ok: false,
        problem: {
          title,
          description: checked.error,
          step: 3,
          field: `contacts.${index}.${checked.field}`,
        },
      };
    }
    contacts.push(checked.contact);
  }
  return { ok: true, contacts };
}
