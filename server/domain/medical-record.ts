/**
 * Saving and confirming a person's medical record (decision 130). Either one sets
 * `medicalConfirmedAt` to now: the card shows responders how current the record is, and the
 * dashboard asks for a review once it is RECONFIRM_AFTER_DAYS old. The safety log names the
 * fields that changed, never their values.
 */
import { eq, sql } from "drizzle-orm";
import { MEDICAL_RECORD_FIELDS } from "#core/medical-record.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { recordAudit } from "./audit.ts";
import { logOrgChange, type OrgChangeBy } from "./org-log.ts";
import { householdScope } from "./people.ts";
import { getProfile, type ProfileData, type ProfileInput, savePersonProfile } from "./profiles.ts";

/** The fields that make up the medical record, in the order responders read them. */
export const MEDICAL_FIELDS = MEDICAL_RECORD_FIELDS satisfies readonly (keyof ProfileInput &
  keyof ProfileData)[];
export type MedicalField = (typeof MEDICAL_FIELDS)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The medical fields an input changes compared with what is stored (an empty list is "none"). */
export function changedMedicalFields(
  before: ProfileData | null,
  input: ProfileInput,
): MedicalField[] {
  return MEDICAL_FIELDS.filter((field) => {
    if (input[field] === undefined) return false;
    const was = before?.[field] ?? null;
    const now = input[field];
    const empty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0);
    return !(empty(was) && empty(now)) && !same(was, now);
  });
}

async function audit(
  executor: Executor,
  logger: Logger,
  actorId: string,
  profileId: string,
  changed: readonly MedicalField[],
  by?: OrgChangeBy,
) {
  // An organisation's person (decision 137): the organisation's log, with who and why.
  if (by) {
    await logOrgChange(
      executor,
      by,
      changed.length ? "org_person_medical_updated" : "org_person_medical_confirmed",
      profileId,
      changed.length ? { fields: changed.join(",") } : {},
    );
    return;
  }
  const scope = await householdScope(executor, actorId);
  await recordAudit(executor, logger, {
    type: changed.length ? "medical_updated" : "medical_confirmed",
    userId: actorId,
    profileId,
    householdId: scope.householdId,
    // Field names only: the log never holds a medical value.
    metadata: changed.length ? { fields: changed.join(",") } : {},
  });
}

/**
 * Saves the medical fields of `input` for an existing person and confirms the record (now).
 * Logged as medical_updated with the changed fields' names, or as medical_confirmed when
 * nothing changed. False when there is no such person. The caller has checked that `actorId`
 * may change them (`managedPerson`). For an organisation's person, `by` says who and why, and the
 * line goes to the organisation's log (call it inside a transaction: the line fails the save).
 */
export async function saveMedicalRecord(
  executor: Executor,
  cipher: FieldCipher,
  logger: Logger,
  {
    actorId,
    profileId,
    input,
    by,
  }: { actorId: string; profileId: string; input: ProfileInput; by?: OrgChangeBy },
): Promise<boolean> {
  const before = await getProfile(executor, cipher, profileId);
  if (!before) return false;
  const medical: ProfileInput = {};
  for (const field of MEDICAL_FIELDS) {
    if (input[field] !== undefined) Object.assign(medical, { [field]: input[field] });
  }
  const changed = changedMedicalFields(before, medical);
  await savePersonProfile(executor, cipher, profileId, {
    ...medical,
    medicalConfirmedAt: new Date(),
  });
  await audit(executor, logger, actorId, profileId, changed, by);
  return true;
}

/** "Confirm it is current": the record stays as it is and is confirmed now; logged. */
export async function confirmMedicalRecord(
  executor: Executor,
  logger: Logger,
  { actorId, profileId }: { actorId: string; profileId: string },
): Promise<boolean> {
  const updated = await executor
    .update(profiles)
    .set({ medicalConfirmedAt: sql`now()` })
    .where(eq(profiles.id, profileId))
    .returning({ id: profiles.id });
  if (updated.length === 0) return false;
  await audit(executor, logger, actorId, profileId, []);
  return true;
}
