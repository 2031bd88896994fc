/**
 * The organisation's compliance log (issue 17 item 5, decision 146): the kinds of line its
 * viewer filters by, the handover form's limits, and the verify page's upload size. Shared by the
 * pages and the server.
 */
import { z } from "zod";
import { sanitizeText, UUID } from "./validation.ts";

/** The viewer's kinds of event, each the audit event types it shows. */
export const AUDIT_LOG_GROUPS = {
  views: ["medical_viewed", "org_person_viewed"],
  changes: [
    "org_person_added",
    "org_person_updated",
    "org_person_removed",
    "org_person_expired",
    "org_person_medical_updated",
    "org_person_medical_confirmed",
    "org_person_contact_added",
    "org_person_contact_updated",
    "org_person_contact_removed",
    "org_person_contacts_reordered",
    "org_import_previewed",
    "org_import_completed",
  ],
  scans: ["attendance_scanned", "tag_scanned", "reader_access_denied", "reader_scan_rejected"],
  handovers: ["org_person_handover"],
  rollCalls: [
    "roll_call_started",
    "roll_call_joined",
    "roll_call_marked",
    "roll_call_alerted",
    "roll_call_ended",
  ],
  notices: ["mass_notice_sent", "mass_notice_replied"],
  tags: [
    "org_tag_assigned",
    "org_tag_unassigned",
    "org_tag_lost",
    "org_tag_found",
    "org_tags_minted",
  ],
  staff: [
    "org_member_invited",
    "org_member_joined",
    "org_member_role_changed",
    "org_member_removed",
    "org_member_locations_changed",
    "org_invitation_cancelled",
    "org_invitation_declined",
  ],
  settings: [
    "org_created",
    "org_updated",
    "org_seats_changed",
    "org_location_added",
    "org_location_updated",
    "org_location_removed",
    "attendance_rules_changed",
    "org_notify_list_changed",
  ],
  exports: [
    "org_report_exported",
    "attendance_exported",
    "org_audit_exported",
    "org_audit_verified",
  ],
} as const satisfies Record<string, readonly string[]>;

export type AuditLogGroup = keyof typeof AUDIT_LOG_GROUPS;
export const AUDIT_LOG_GROUP_NAMES = Object.keys(AUDIT_LOG_GROUPS) as AuditLogGroup[];

export function isAuditLogGroup(value: unknown): value is AuditLogGroup {
  return typeof value === "string" && Object.hasOwn(AUDIT_LOG_GROUPS, value);
}

/** Lines on one page of the viewer. */
export const AUDIT_LOG_PAGE_SIZE = 50;

/** A handover's note: short, and never medical (the log keeps it for good). */
export const HANDOVER_NOTE_MAX = 200;

/** The longest ward or group name (as the person's details form allows). */
export const HANDOVER_GROUP_MAX = 100;

/** The verify page takes an export up to this size; larger ones are checked with the command. */
export const AUDIT_VERIFY_MAX_BYTES = 16 * 1024 * 1024;

/** The verify page's address (its body limit is the file's, server/http/body-limits.ts). */
export const AUDIT_VERIFY_UPLOAD_PATH = /^\/org\/[^/]+\/log\/verify(?:\.data)?$/;

/** A date filter: YYYY-MM-DD, read as a day in UTC (the log's own times are UTC). */
export const AUDIT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Text as the spec cleans it (trimmed, no angle brackets or control characters), not yet cut. */
const cleaned = z.unknown().transform((v) => sanitizeText(v, Number.POSITIVE_INFINITY));

/** A real calendar day, YYYY-MM-DD. */
function isDay(value: string): boolean {
  if (!AUDIT_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * "Record a handover": the ward or group and the location the person goes to (each may stay
 * as it is, not both), and a short note. The server checks the location is the organisation's.
 */
export const handoverSchema = z.object({
  groupName: cleaned
    .pipe(z.string().max(HANDOVER_GROUP_MAX, "org-audit:handover.errors.groupTooLong"))
    .transform((v) => v || null),
  locationId: cleaned
    .pipe(z.string().refine((v) => v === "" || UUID.test(v), "org-audit:handover.errors.location"))
    .transform((v) => v || null),
  note: cleaned.pipe(z.string().max(HANDOVER_NOTE_MAX, "org-audit:handover.errors.noteTooLong")),
});

const optionalDay = cleaned
  .pipe(z.string().refine((v) => v === "" || isDay(v), "org-audit:filters.errors.date"))
  .transform((v) => v || null);

/** The viewer's filters, as the address carries them. */
export const auditLogFilterSchema = z
  .object({
    kind: cleaned
      .pipe(
        z.string().refine((v) => v === "" || isAuditLogGroup(v), "org-audit:filters.errors.kind"),
      )
      .transform((v) => (v ? (v as AuditLogGroup) : null)),
    person: cleaned
      .pipe(z.string().max(100, "org-audit:filters.errors.person"))
      .transform((v) => v || null),
    staff: cleaned
      .pipe(z.string().max(64, "org-audit:filters.errors.staff"))
      .transform((v) => v || null),
    from: optionalDay,
    to: optionalDay,
    before: cleaned
      .pipe(
        z
          .string()
          .refine((v) => v === "" || /^[1-9]\d{0,15}$/.test(v), "org-audit:filters.errors.page"),
      )
      .transform((v) => (v ? Number(v) : null)),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: "org-audit:filters.errors.range",
    path: ["to"],
  });

export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;

/** The export's range (`from`, `to`: days in UTC, both optional). */
export const auditExportRangeSchema = z
  .object({ from: optionalDay, to: optionalDay })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: "org-audit:filters.errors.range",
    path: ["to"],
  });

/** The first instant of a day and the first instant after it, in UTC. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
export function dayEnd(day: string): Date {
  return new Date(dayStart(day).getTime() + 86_400_000);
}
