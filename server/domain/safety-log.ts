/**
 * The safety log (issue 15 item 9, decision 134): every change that touches someone's safety is
 * an audit event naming who acted, the person it touched and the household it happened in. The
 * event is written in the change's own transaction, so the change and its line commit together.
 * Metadata says what changed in words (field names, a contact's name and channel), never the
 * value of a medical field or an address.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MEDICAL_RECORD_FIELDS } from "#core/medical-record.ts";
import type { Executor } from "#server/db/client.ts";
import { auditEvents, householdMembers, profiles, user } from "#server/db/schema.ts";
import { type AuditEventType, cleanMetadata } from "./audit.ts";
import type { ProfileData, ProfileInput } from "./profiles.ts";

/** The household an account is in, or null. */
export async function householdOf(executor: Executor, accountId: string): Promise<string | null> {
  const [row] = await executor
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.userId, accountId))
    .limit(1);
  return row?.householdId ?? null;
}

/**
 * Appends one line to the safety log, in the caller's transaction (a failure fails the change).
 * The household is the actor's unless given.
 */
export async function logSafetyEvent(
  executor: Executor,
  event: {
    type: AuditEventType;
    userId: string;
    profileId: string | null;
    householdId?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  const householdId =
    event.householdId === undefined ? await householdOf(executor, event.userId) : event.householdId;
  await executor.insert(auditEvents).values({
    eventType: event.type,
    userId: event.userId,
    profileId: event.profileId,
    householdId,
    metadata: cleanMetadata(event.metadata),
  });
}

/** Fields of a profile as the log names them; the medical ones make a `medical_updated` line. */
const PROFILE_FIELDS = ["fullName", "language", "country", "isMinor"] as const;
export const MEDICAL_FIELDS = MEDICAL_RECORD_FIELDS;

/** Empty, missing and blank are one "nothing"; lists compare by content. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === "") return "null";
  if (Array.isArray(value) && value.length === 0) return "null";
  return JSON.stringify(value);
}

/** The names of the fields an input changes, compared with what was stored before. */
export function changedFields(before: ProfileData | null, input: ProfileInput) {
  const was = (field: keyof ProfileInput): unknown =>
    before ? before[field] : field === "language" ? "en" : field === "isMinor" ? false : null;
  const changed = (fields: readonly (keyof ProfileInput)[]) =>
    fields.filter(
      (field) => input[field] !== undefined && comparable(input[field]) !== comparable(was(field)),
    );
  return { profile: changed(PROFILE_FIELDS), medical: changed(MEDICAL_FIELDS) };
}

/**
 * The lines a profile save writes: what changed on the profile, what changed in the medical
 * record (by field name only), and a re-confirmation of the record.
 */
export async function logProfileChanges(
  executor: Executor,
  change: { userId: string; profileId: string; before: ProfileData | null; input: ProfileInput },
): Promise<void> {
  const { profile, medical } = changedFields(change.before, change.input);
  const householdId = await householdOf(executor, change.userId);
  const line = (type: AuditEventType, metadata?: Record<string, unknown>) =>
    logSafetyEvent(executor, {
      type,
      userId: change.userId,
      profileId: change.profileId,
      householdId,
      metadata,
    });
  if (profile.length) await line("profile_updated", { fields: profile.join(",") });
  if (medical.length) await line("medical_updated", { fields: medical.join(",") });
  const confirmed = change.input.medicalConfirmedAt;
  if (confirmed && confirmed.getTime() !== change.before?.medicalConfirmedAt?.getTime()) {
    await line("medical_confirmed");
  }
}

/** The events the safety log shows: changes that touch someone's safety. */
export const SAFETY_EVENT_TYPES = [
  "person_added",
  "person_removed",
  "profile_updated",
  "medical_updated",
  "medical_confirmed",
  "photo_updated",
  "photo_removed",
  "contact_added",
  "contact_updated",
  "contact_removed",
  "contacts_reordered",
  "contact_channel_linked",
  "contact_channel_unlinked",
  "card_visibility_changed",
  "scan_notice_changed",
  "tag_claimed",
  "tag_lost",
  "tag_found",
  "tag_unlinked",
  "household_invitation_sent",
  "household_invitation_revoked",
  "household_member_joined",
  "household_member_removed",
  "household_member_left",
] as const satisfies readonly AuditEventType[];

export interface SafetyLogEntry {
  id: string;
  type: AuditEventType;
  at: Date;
  /** Who acted; null when the account is gone. */
  actorId: string | null;
  actorName: string | null;
  profileId: string | null;
  /** The person's name now; null when they were removed. */
  personName: string | null;
  metadata: Record<string, unknown>;
}

/**
 * One page of the user's own safety log, newest first: what they did, what happened to the
 * people they manage, and what happened in their household. Nothing of another household's.
 */
export async function listSafetyLog(
  executor: Executor,
  userId: string,
  page: { offset: number; limit: number },
): Promise<SafetyLogEntry[]> {
  const householdId = await householdOf(executor, userId);
  const actor = alias(profiles, "actor");
  const person = alias(profiles, "person");
  const rows = await executor
    .select({
      id: auditEvents.id,
      type: auditEvents.eventType,
      at: auditEvents.createdAt,
      actorId: auditEvents.userId,
      actorProfileName: actor.fullName,
      actorAccountName: user.name,
      profileId: auditEvents.profileId,
      // A removed person's name lives on in the line that removed them.
      personName: sql<string | null>`coalesce(${person.fullName}, (
        select r.metadata->>'person' from audit_events r
         where r.profile_id = ${auditEvents.profileId} and r.event_type = 'person_removed'
         limit 1))`,
      metadata: auditEvents.metadata,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.userId))
    .leftJoin(user, eq(user.id, auditEvents.userId))
    // A membership line names the member by their account, whose own profile has its id.
    .leftJoin(
      person,
      eq(person.id, sql`coalesce(${auditEvents.profileId}, ${auditEvents.metadata}->>'member_id')`),
    )
    .where(
      and(
        inArray(auditEvents.eventType, [...SAFETY_EVENT_TYPES]),
        eq(auditEvents.success, true),
        or(
          eq(auditEvents.userId, userId),
          inArray(
            auditEvents.profileId,
            executor
              .select({ id: profiles.id })
              .from(profiles)
              .where(eq(profiles.accountId, userId)),
          ),
          householdId ? eq(auditEvents.householdId, householdId) : undefined,
        ),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({
    id: row.id,
    type: row.type as AuditEventType,
    at: row.at,
    actorId: row.actorId,
    actorName: row.actorProfileName || row.actorAccountName || null,
    profileId: row.profileId,
    personName: row.personName,
    metadata: row.metadata,
  }));
}
