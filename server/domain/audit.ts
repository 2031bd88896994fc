import { inBatches } from "#server/db/batches.ts";
import { insertMany } from "#server/db/bulk-writes.ts";
import type { Executor } from "#server/db/client.ts";
import { auditEvents } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";

export type AuditEventType =
  | "auth_signup"
  | "auth_failed"
  | "auth_signout"
  | "otp_sent"
  | "otp_verified"
  | "otp_failed"
  | "password_reset"
  | "tag_claimed"
  | "tag_scanned"
  | "tag_lost"
  | "tag_unlinked"
  | "tag_found"
  | "sos_triggered"
  | "alert_sent"
  | "medical_viewed"
  | "reader_access_denied"
  | "reader_scan_rejected"
  | "attendance_exported"
  | "sales_enquiry_mailed"
  // The support form (decision 153).
  | "support_ticket_mailed"
  | "support_ticket_status"
  // The safety log (issue 15 item 9): changes that touch someone's safety.
  | "person_added"
  | "person_removed"
  | "profile_updated"
  | "medical_updated"
  | "medical_confirmed"
  | "photo_updated"
  | "photo_removed"
  | "contact_added"
  | "contact_updated"
  | "contact_removed"
  | "contacts_reordered"
  // A contact's own Messenger or Instagram account (decision 149), and Meta webhooks refused.
  | "contact_channel_linked"
  | "contact_channel_unlinked"
  | "meta_webhook_refused"
  | "card_visibility_changed"
  | "scan_notice_changed"
  | "household_invitation_sent"
  | "household_invitation_revoked"
  | "household_member_joined"
  | "household_member_removed"
  | "household_member_left"
  // Organisations (issue 16, decision 135).
  | "org_created"
  | "org_updated"
  | "org_seats_changed"
  | "org_location_added"
  | "org_location_updated"
  | "org_location_removed"
  | "org_member_invited"
  | "org_member_joined"
  | "org_member_role_changed"
  | "org_member_removed"
  | "org_person_added"
  | "org_person_updated"
  | "org_person_removed"
  // Critical info of an organisation's person (decision 137): who, and why.
  | "org_person_medical_updated"
  | "org_person_medical_confirmed"
  | "org_person_contact_added"
  | "org_person_contact_updated"
  | "org_person_contact_removed"
  | "org_person_contacts_reordered"
  | "org_person_expired"
  | "org_import_previewed"
  | "org_import_completed"
  | "org_tag_assigned"
  | "org_tag_unassigned"
  | "org_tag_lost"
  | "org_tag_found"
  | "org_tags_minted"
  // Staff, invitations and sales (decision 139).
  | "org_invitation_cancelled"
  | "org_invitation_declined"
  | "org_member_locations_changed"
  | "sales_enquiry_status_changed"
  // Safety operations (issue 17, decision 141).
  | "attendance_scanned"
  | "attendance_rules_changed"
  | "org_notify_list_changed"
  | "roll_call_started"
  | "roll_call_joined"
  | "roll_call_marked"
  | "roll_call_alerted"
  | "roll_call_ended"
  | "mass_notice_sent"
  | "mass_notice_replied"
  | "org_report_exported"
  | "org_person_viewed"
  | "org_person_handover"
  | "org_audit_exported"
  | "org_audit_verified"
  // Contacts who agreed, and STOP / START / HELP replies (issue 18, decision 148).
  | "contact_consent_answered"
  | "contact_opt_out"
  | "contact_opt_in"
  | "contact_help"
  | "twilio_inbound_refused";

export interface AuditEvent {
  type: AuditEventType;
  /** Who acted. */
  userId?: string | null;
  /** The person the event touched (their safety log). */
  profileId?: string | null;
  /** The household it happened in (the household's shared safety log). */
  householdId?: string | null;
  /** The organisation it happened in (the organisation's log). */
  organizationId?: string | null;
  success?: boolean;
  clientAddress?: string | null;
  metadata?: Record<string, unknown>;
}

/** Keys that could carry a secret or a medical value never reach the log. */
const FORBIDDEN_KEY =
  /pass|code|token|secret|otp|blood|allerg|medic|note|birth|dob|diagnos|condition/i;

export function cleanMetadata(metadata: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (FORBIDDEN_KEY.test(key)) continue;
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      out[key] = typeof value === "string" ? value.slice(0, 200) : value;
    }
  }
  return out;
}

/**
 * Appends an audit event. Never throws: a failing audit write is logged and the
 * user's action goes on (spec: audit failures are silent).
 */
export async function recordAudit(db: Executor, logger: Logger, event: AuditEvent): Promise<void> {
  let write = auditBatches.get(db);
  if (!write) {
    write = inBatches(async (events: AuditEvent[]) => {
      await recordAudits(db, logger, events);
      return events.map(() => undefined);
    });
    auditBatches.set(db, write);
  }
  await write(event);
}

/**
 * Lines that many requests write at once go in one statement, in the order they came (decision
 * 162): under a flood of alerts, one insert carries many requests' lines.
 */
const auditBatches = new WeakMap<Executor, (event: AuditEvent) => Promise<void>>();

const auditRow = (event: AuditEvent) => ({
  eventType: event.type,
  userId: event.userId ?? null,
  profileId: event.profileId ?? null,
  householdId: event.householdId ?? null,
  organizationId: event.organizationId ?? null,
  success: event.success ?? true,
  clientAddress: event.clientAddress ?? null,
  metadata: cleanMetadata(event.metadata),
});

/** Appends many audit events in few statements (a bulk change writes one line per thing it changed). */
export async function recordAudits(
  db: Executor,
  logger: Logger,
  events: readonly AuditEvent[],
): Promise<void> {
  try {
    for (let i = 0; i < events.length; i += 1000) {
      await db.insert(auditEvents).values(events.slice(i, i + 1000).map(auditRow));
    }
  } catch (error) {
    logger.error({ err: error, eventType: events[0]?.type }, "audit write failed");
  }
}

/**
 * Appends many events in one statement (a bulk change: one line per person it touched) in the
 * caller's transaction, and fails with it: the change and its lines commit together or not at
 * all. One JSON parameter for all the rows (server/db/bulk-writes.ts).
 */
export async function recordAuditsWithChange(
  tx: Executor,
  events: readonly AuditEvent[],
): Promise<void> {
  await insertMany(tx, auditEvents, events.map(auditRow));
}
