/**
 * The safety log (issue 15 item 9, decision 134): every change that touches someone's safety is
 * an audit event naming who acted, the person it touched and the household it happened in. The
 * event is written in the change's own transaction, so the change and its line commit together.
 * Metadata says what changed in words (field names, a contact's name and channel), never the
 * value of a medical field or an address.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { auditEvents, householdMembers } from "#server/db/schema.ts";
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
export const MEDICAL_FIELDS = [
  "dateOfBirth",
  "bloodType",
  "allergies",
  "medications",
  "medicalNotes",
  "conditions",
  "implantedDevices",
  "organDonor",
  "advanceDirective",
  "advanceDirectiveLocation",
  "preferredHospital",
] as const;

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
