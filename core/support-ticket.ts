import { z } from "zod";
import { LIMITS, stripAngleBrackets } from "./validation.ts";

/**
 * The support form of /support (decision 153): one schema for the browser's check and the
 * server action, with the same rules and message style as /contact's sales form (decision 041).
 * Messages are keys of the `support` namespace; the first failing rule is the one shown.
 */

/** What a question is about: the FAQ's sections, plus the account and anything else. */
export const SUPPORT_TOPICS = [
  "claiming",
  "lost-tags",
  "contacts",
  "alerts",
  "live-location",
  "privacy",
  "organisations",
  "plans",
  "account",
  "other",
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const isSupportTopic = (value: unknown): value is SupportTopic =>
  typeof value === "string" && (SUPPORT_TOPICS as readonly string[]).includes(value);

/** The form's field names, in the order it shows them (and reports errors). */
export const SUPPORT_FIELDS = ["name", "email", "topic", "message"] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];

/** The hidden field people never see; bots fill it in (as on /contact). */
export const SUPPORT_HONEYPOT = "website";

export const SUPPORT_MESSAGE_MIN = 10;
/** A support question may need a few steps described; twice the sales form's 1,000. */
export const SUPPORT_MESSAGE_MAX = 2000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point (PostgreSQL refuses NUL)
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const clean = (v: string) => stripAngleBrackets(v).replace(CONTROL, "");

export const supportTicketSchema = z.object({
  name: z
    .string()
    .transform((v) =>
      clean(v)
        .replace(/[\r\n\t]+/g, " ")
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(1, "support:errors.nameRequired")
        .max(LIMITS.name, "support:errors.nameTooLong"),
    ),
  email: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z
        .string()
        .max(LIMITS.email, "support:errors.invalidEmail")
        .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, "support:errors.invalidEmail"),
    ),
  topic: z.enum(SUPPORT_TOPICS, "support:errors.topicRequired"),
  message: z
    .string()
    .transform((v) => clean(v).trim())
    .pipe(
      z
        .string()
        .min(SUPPORT_MESSAGE_MIN, "support:errors.messageTooShort")
        .max(SUPPORT_MESSAGE_MAX, "support:errors.messageTooLong"),
    ),
  [SUPPORT_HONEYPOT]: z.string().max(0, "support:errors.invalidSubmission"),
});

export type SupportTicketInput = Omit<
  z.output<typeof supportTicketSchema>,
  typeof SUPPORT_HONEYPOT
>;

export type SupportValidation =
  | { ok: true; ticket: SupportTicketInput }
  | { ok: false; error: string; field: SupportField | typeof SUPPORT_HONEYPOT };

const FIELD_ORDER: readonly string[] = [SUPPORT_HONEYPOT, ...SUPPORT_FIELDS];

/**
 * Checks a submission (FormData or plain values). A missing field counts as empty. The honeypot
 * is checked first: a bot learns nothing about the rest.
 */
export function validateSupportTicket(
  input: FormData | Record<string, unknown>,
): SupportValidation {
  const get = (name: string) => {
    const value = input instanceof FormData ? input.get(name) : input[name];
    return typeof value === "string" ? value : "";
  };
  const candidate = Object.fromEntries(FIELD_ORDER.map((name) => [name, get(name)]));
  const parsed = supportTicketSchema.safeParse(candidate);
  if (parsed.success) {
    const { [SUPPORT_HONEYPOT]: _honeypot, ...ticket } = parsed.data;
    return { ok: true, ticket };
  }
  const first = [...parsed.error.issues].sort(
    (a, b) => FIELD_ORDER.indexOf(String(a.path[0])) - FIELD_ORDER.indexOf(String(b.path[0])),
  )[0]!;
  return {
    ok: false,
    error: first.message,
    field: String(first.path[0]) as SupportField | typeof SUPPORT_HONEYPOT,
  };
}
