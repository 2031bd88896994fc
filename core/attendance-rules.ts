/**
 * Who is told of a check-in or check-out (issue 17 item 1, decisions 141 and 142): one rule per
 * location and audience, the preset's defaults where a location has none yet, quiet hours as
 * local times at the location, and the forms that change rules and the HR / security list. Shared
 * by the settings page and the server, which decides with the same functions.
 */
import { z } from "zod";
import { CONTACT_CHANNELS, type ContactChannel } from "./channels.ts";
import { isLanguage, type Language } from "./languages.ts";
import type { OrgPreset } from "./organizations.ts";
import type { ScanDirection } from "./reader.ts";
import { validateContact } from "./validation.ts";

export const AUDIENCES = ["guardians", "staff_list"] as const;
export type Audience = (typeof AUDIENCES)[number];

export const RULE_DIRECTIONS = ["in", "out", "both"] as const;
export type RuleDirections = (typeof RULE_DIRECTIONS)[number];

/** A second scan of a tag in the same direction within this time is the same scan. */
export const DUPLICATE_SCAN_MINUTES = 2;

/** The most people on an organisation's HR / security list (each check-in can text them all). */
export const NOTIFY_LIST_LIMIT = 20;

export interface AttendanceRuleSettings {
  enabled: boolean;
  directions: RuleDirections;
  /** "HH:MM" at the location, or null: nothing is sent from `quietStart` until `quietEnd`. */
  quietStart: string | null;
  quietEnd: string | null;
}

const OFF: AttendanceRuleSettings = {
  enabled: false,
  directions: "both",
  quietStart: null,
  quietEnd: null,
};

/**
 * What a location with no rule of its own does (decision 142): a school tells guardians of every
 * check-in and check-out; a workplace tells its HR / security list of entries and exits outside
 * working hours (quiet 08:00–18:00); healthcare, events and other organisations tell nobody
 * until an admin says so.
 */
export function presetRule(preset: OrgPreset, audience: Audience): AttendanceRuleSettings {
  if (preset === "school" && audience === "guardians") return { ...OFF, enabled: true };
  if (preset === "workplace" && audience === "staff_list") {
    return { ...OFF, enabled: true, quietStart: "08:00", quietEnd: "18:00" };
  }
  return OFF;
}

/** Whether a rule tells its audience of a scan in this direction. */
export const toldOf = (rule: AttendanceRuleSettings, direction: ScanDirection) =>
  rule.enabled && (rule.directions === "both" || rule.directions === direction);

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isClockTime = (value: unknown): value is string =>
  typeof value === "string" && HH_MM.test(value);

/** "HH:MM" (24-hour) of `at` in the time zone. */
export function localClock(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}`;
}

/**
 * Whether a local time falls in the quiet hours [start, end): a window whose end is before its
 * start crosses midnight (22:00–06:00 is quiet at 23:30 and at 05:59, not at 06:00).
 */
export function inQuietHours(clock: string, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  return start < end ? clock >= start && clock < end : clock >= start || clock < end;
}

const clockField = z
  .unknown()
  .transform((v) => (typeof v === "string" ? v.trim() : ""))
  .pipe(z.string().refine((v) => v === "" || isClockTime(v), "org-notify:errors.time"))
  .transform((v) => v || null);

/** One rule as the settings form posts it (a checkbox, a choice, two times). */
export const attendanceRuleSchema = z
  .object({
    enabled: z.unknown().transform((v) => v === "on" || v === "true"),
    directions: z.enum(RULE_DIRECTIONS, "org-notify:errors.directions"),
    quietStart: clockField,
    quietEnd: clockField,
  })
  .superRefine((rule, ctx) => {
    if ((rule.quietStart === null) !== (rule.quietEnd === null)) {
      const path = rule.quietStart === null ? "quietStart" : "quietEnd";
      ctx.addIssue({ code: "custom", path: [path], message: "org-notify:errors.bothTimes" });
    } else if (rule.quietStart !== null && rule.quietStart === rule.quietEnd) {
      ctx.addIssue({ code: "custom", path: ["quietEnd"], message: "org-notify:errors.sameTimes" });
    }
  });

/** The HR / security list's channels: a contact's (email, SMS, WhatsApp). */
export const NOTIFY_CHANNELS: readonly ContactChannel[] = CONTACT_CHANNELS;

export interface NotifyRecipientInput {
  name: string;
  channel: ContactChannel;
  value: string;
  language: Language;
}

/**
 * Checks a new entry of the HR / security list as contacts are checked (spec section 5: name,
 * channel, a valid email or phone, normalised), plus the language its messages are written in.
 * Returns every field's message.
 */
export function checkNotifyRecipient(
  form: Record<string, unknown>,
): { ok: true; recipient: NotifyRecipientInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const contact = validateContact({ name: form.name, channel: form.channel, value: form.value });
  if (!contact.ok) errors[contact.field] = contact.error;
  if (!isLanguage(form.language)) errors.language = "validation.languageRequired";
  if (!contact.ok || !isLanguage(form.language)) {
    // A bad name hides a bad value in validateContact; check the value on its own too.
    if (contact.ok === false && contact.field === "name") {
      const value = validateContact({ name: "x", channel: form.channel, value: form.value });
      if (!value.ok) errors[value.field] = value.error;
    }
    return { ok: false, errors };
  }
  return { ok: true, recipient: { ...contact.contact, language: form.language } };
}
