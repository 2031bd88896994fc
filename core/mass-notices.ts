import { UUID } from "./validation.ts";
/**
 * A mass notice's form (issue 17 item 3, decision 144): the locations it goes to, who hears it,
 * the message and whether it asks "I'm safe / I need help". One check for the page and the
 * server; messages are locale keys of the `notices` namespace.
 */

export const NOTICE_AUDIENCES = ["guardians", "members", "both"] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const NOTICE_REPLIES = ["safe", "help"] as const;
export type NoticeReply = (typeof NOTICE_REPLIES)[number];

export const NOTICE_LIMITS = {
  /**
   * The message's longest: with the organisation's name and a reply link it still fits in three
   * SMS segments (3 × 153 GSM characters), so a text arrives as one message on every phone.
   */
  message: 280,
  /** Locations one notice names (an organisation's whole estate fits). */
  locations: 50,
} as const;

/** The fields of the compose form, as posted. */
export interface NoticeInput {
  locationIds: string[];
  audience: NoticeAudience;
  message: string;
  withReply: boolean;
}

// Control characters other than line breaks and tabs (a message keeps its lines).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export const isNoticeAudience = (value: unknown): value is NoticeAudience =>
  typeof value === "string" && (NOTICE_AUDIENCES as readonly string[]).includes(value);
export const isNoticeReply = (value: unknown): value is NoticeReply =>
  typeof value === "string" && (NOTICE_REPLIES as readonly string[]).includes(value);

/** The form checked: its values, or each field's message (a locale key). */
export function checkNoticeForm(
  form: FormData,
): { ok: true; values: NoticeInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const ids = [
    ...new Set(form.getAll("locationId").filter((v): v is string => typeof v === "string")),
  ];
  if (ids.length === 0) errors.locationId = "mass-notices:errors.noLocation";
  else if (ids.length > NOTICE_LIMITS.locations || ids.some((id) => !UUID.test(id))) {
    errors.locationId = "mass-notices:errors.location";
  }
  const audience = form.get("audience");
  if (!isNoticeAudience(audience)) errors.audience = "mass-notices:errors.audience";
  const raw = form.get("message");
  const message = (typeof raw === "string" ? raw : "")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, "")
    .trim();
  if (!message) errors.message = "mass-notices:errors.messageRequired";
  else if ([...message].length > NOTICE_LIMITS.message)
    errors.message = "mass-notices:errors.messageTooLong";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    values: {
      locationIds: ids.map((id) => id.toLowerCase()),
      audience: audience as NoticeAudience,
      message,
      withReply: form.get("withReply") === "on" || form.get("withReply") === "yes",
    },
  };
}
