import { z } from "zod";
import { isDialablePhone, LIMITS, stripAngleBrackets } from "./validation.ts";

/**
 * The sales / demo enquiry of /contact (spec sections 3 and 5): one schema for
 * the form's check in the browser and for the server action. Messages are keys
 * of the `sales` namespace; the first failing rule is the one shown.
 */

/** Stored values (spec section 3's enquiry list; decision 040). */
export const INDUSTRIES = [
  "education",
  "higher-ed",
  "healthcare",
  "corporate",
  "hospitality",
  "events",
  "government",
  "other",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const ESTIMATED_USERS = [
  "1-50",
  "51-100",
  "101-500",
  "501-1000",
  "1001-5000",
  "5000+",
] as const;
export type EstimatedUsers = (typeof ESTIMATED_USERS)[number];

/** The form's field names, in the order the form shows them (and reports errors). */
export const SALES_FIELDS = [
  "fullName",
  "organization",
  "email",
  "phone",
  "industry",
  "estimatedUsers",
  "message",
] as const;
export type SalesField = (typeof SALES_FIELDS)[number];

/** The hidden field people never see; bots fill it in. */
export const HONEYPOT_FIELD = "website";

export const MESSAGE_MIN = 10;
/** Organisation names run longer than people's (hospital trusts, school districts). */
export const ORGANIZATION_MAX = 200;

/** Trimmed, angle brackets removed, line breaks folded (single-line fields end up in mail subjects). */
const line = (max: number, required: string, tooLong: string) =>
  z
    .string()
    .transform((v) =>
      stripAngleBrackets(v)
        .replace(/[\r\n\t]+/g, " ")
        .trim(),
    )
    .pipe(z.string().min(1, required).max(max, tooLong));

export const salesEnquirySchema = z.object({
  fullName: line(LIMITS.name, "sales:errors.fullNameRequired", "sales:errors.fullNameTooLong"),
  organization: line(
    ORGANIZATION_MAX,
    "sales:errors.organizationRequired",
    "sales:errors.organizationTooLong",
  ),
  email: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z
        .string()
        .max(LIMITS.email, "sales:errors.invalidEmail")
        .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, "sales:errors.invalidEmail"),
    ),
  phone: z
    .string()
    .transform((v) =>
      stripAngleBrackets(v)
        .replace(/[\r\n\t]+/g, " ")
        .trim(),
    )
    .pipe(
      z
        .string()
        .max(LIMITS.phone, "sales:errors.phoneTooLong")
        .refine((v) => v === "" || isDialablePhone(v), "validation.invalidPhone"),
    )
    .transform((v) => v || null),
  industry: z.enum(INDUSTRIES, "sales:errors.industryRequired"),
  estimatedUsers: z.enum(ESTIMATED_USERS, "sales:errors.estimatedUsersRequired"),
  message: z
    .string()
    .transform((v) => stripAngleBrackets(v).trim())
    .pipe(
      z
        .string()
        .min(MESSAGE_MIN, "sales:errors.messageTooShort")
        .max(LIMITS.message, "sales:errors.messageTooLong"),
    ),
  [HONEYPOT_FIELD]: z.string().max(0, "sales:errors.invalidSubmission"),
});

export type SalesEnquiry = Omit<z.output<typeof salesEnquirySchema>, typeof HONEYPOT_FIELD>;

export type SalesValidation =
  | { ok: true; enquiry: SalesEnquiry }
  | { ok: false; error: string; field: SalesField | typeof HONEYPOT_FIELD };

const FIELD_ORDER: readonly string[] = [HONEYPOT_FIELD, ...SALES_FIELDS];

/**
 * Checks a submission (FormData or plain values). A missing field counts as
 * empty. The honeypot is checked first: a bot learns nothing about the rest.
 */
export function validateSalesEnquiry(input: FormData | Record<string, unknown>): SalesValidation {
  const get = (name: string) => {
    const value = input instanceof FormData ? input.get(name) : input[name];
    return typeof value === "string" ? value : "";
  };
  const candidate = Object.fromEntries(FIELD_ORDER.map((name) => [name, get(name)]));
  const parsed = salesEnquirySchema.safeParse(candidate);
  if (parsed.success) {
    const { [HONEYPOT_FIELD]: _honeypot, ...enquiry } = parsed.data;
    return { ok: true, enquiry };
  }
  const first = [...parsed.error.issues].sort(
    (a, b) => FIELD_ORDER.indexOf(String(a.path[0])) - FIELD_ORDER.indexOf(String(b.path[0])),
  )[0]!;
  return {
    ok: false,
    error: first.message,
    field: String(first.path[0]) as SalesField | typeof HONEYPOT_FIELD,
  };
}
