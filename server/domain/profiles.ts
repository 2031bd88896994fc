import { eq } from "drizzle-orm";
import {
  ADVANCE_DIRECTIVES,
  type AdvanceDirective,
  MEDICAL_RECORD_FIELDS,
} from "#core/medical-record.ts";
import type { PlanId } from "#core/plans.ts";
import type { MedicalRecordFields } from "#core/validation.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";
import { logProfileChanges } from "./safety-log.ts";

export type { AdvanceDirective };

/**
 * A person's profile as the application sees it: medical fields decrypted (the fuller record's
 * fields are core's MedicalRecordFields, decision 130).
 */
export interface ProfileData extends MedicalRecordFields {
  id: string;
  /** The account managing this person; equal to `id` for the account's own profile. */
  accountId: string;
  fullName: string | null;
  language: string;
  country: string | null;
  dateOfBirth: string | null;
  bloodType: string | null;
  allergies: string[];
  medications: string[];
  medicalNotes: string | null;
  medicalConfirmedAt: Date | null;
  isMinor: boolean;
  photoVersion: string | null;
  onboardingCompleted: boolean;
  plan: PlanId;
  subscriptionStatus: string;
  subscriptionEndDate: Date | null;
}

export type ProfileInput = Partial<
  Pick<
    ProfileData,
    | "fullName"
    | "language"
    | "country"
    | "dateOfBirth"
    | "bloodType"
    | "allergies"
    | "medications"
    | "medicalNotes"
    | "conditions"
    | "implantedDevices"
    | "organDonor"
    | "advanceDirective"
    | "advanceDirectiveLocation"
    | "preferredHospital"
    | "medicalConfirmedAt"
    | "isMinor"
    | "onboardingCompleted"
  >
>;

/** Every medical field and the date of birth are ciphertext at rest. */
const ENCRYPTED = MEDICAL_RECORD_FIELDS;
type EncryptedField = (typeof ENCRYPTED)[number];
const LISTS = ["allergies", "medications", "conditions", "implantedDevices"] as const;
type ListField = (typeof LISTS)[number];

const contextOf = (profileId: string, field: EncryptedField) => `profiles.${field}:${profileId}`;

function seal(cipher: FieldCipher, profileId: string, field: EncryptedField, value: unknown) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && value.length === 0) return null;
  const plain = Array.isArray(value)
    ? JSON.stringify(value)
    : typeof value === "boolean"
      ? value
        ? "yes"
        : "no"
      : String(value);
  return cipher.encrypt(plain, contextOf(profileId, field));
}

function open(
  cipher: FieldCipher,
  profileId: string,
  field: EncryptedField,
  stored: string | null,
) {
  return stored === null ? null : cipher.decrypt(stored, contextOf(profileId, field));
}

const DIRECTIVES: readonly string[] = ADVANCE_DIRECTIVES;

export function decryptProfile(
  cipher: FieldCipher,
  row: typeof profiles.$inferSelect,
): ProfileData {
  const list = (field: ListField) => {
    const plain = open(cipher, row.id, field, row[field]);
    return plain ? (JSON.parse(plain) as string[]) : [];
  };
  const donor = open(cipher, row.id, "organDonor", row.organDonor);
  const directive = open(cipher, row.id, "advanceDirective", row.advanceDirective);
  return {
    id: row.id,
    accountId: row.accountId,
    fullName: row.fullName,
    language: row.language,
    country: row.country,
    dateOfBirth: open(cipher, row.id, "dateOfBirth", row.dateOfBirth),
    bloodType: open(cipher, row.id, "bloodType", row.bloodType),
    allergies: list("allergies"),
    medications: list("medications"),
    medicalNotes: open(cipher, row.id, "medicalNotes", row.medicalNotes),
    conditions: list("conditions"),
    implantedDevices: list("implantedDevices"),
    organDonor: donor === null ? null : donor === "yes",
    advanceDirective:
      directive !== null && DIRECTIVES.includes(directive) ? (directive as AdvanceDirective) : null,
    advanceDirectiveLocation: open(
      cipher,
      row.id,
      "advanceDirectiveLocation",
      row.advanceDirectiveLocation,
    ),
    preferredHospital: open(cipher, row.id, "preferredHospital", row.preferredHospital),
    medicalConfirmedAt: row.medicalConfirmedAt,
    isMinor: row.isMinor,
    photoVersion: row.photoVersion,
    onboardingCompleted: row.onboardingCompleted,
    plan: row.plan as PlanId,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionEndDate: row.subscriptionEndDate,
  };
}

/** One person's profile by id (the account's own profile has the account's user id). */
export async function getProfile(
  db: Executor,
  cipher: FieldCipher,
  profileId: string,
): Promise<ProfileData | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row ? decryptProfile(cipher, row) : null;
}

/** The columns an input changes, sealed for the given person. */
export function profileValues(
  cipher: FieldCipher,
  profileId: string,
  input: ProfileInput,
): Partial<typeof profiles.$inferInsert> {
  const values: Partial<typeof profiles.$inferInsert> = {};
  if (input.fullName !== undefined) values.fullName = input.fullName;
  if (input.language !== undefined) values.language = input.language;
  if (input.country !== undefined) values.country = input.country;
  if (input.isMinor !== undefined) values.isMinor = input.isMinor;
  if (input.medicalConfirmedAt !== undefined) values.medicalConfirmedAt = input.medicalConfirmedAt;
  if (input.onboardingCompleted !== undefined)
    values.onboardingCompleted = input.onboardingCompleted;
  for (const field of ENCRYPTED) {
    if (input[field] !== undefined) values[field] = seal(cipher, profileId, field, input[field]);
  }
  return values;
}

/**
 * Creates or updates the signed-in user's own profile; only given fields change, and the safety
 * log names the ones that did (decision 134). Dependants are written through
 * server/domain/people.ts.
 */
export async function saveProfile(
  db: Executor,
  cipher: FieldCipher,
  userId: string,
  input: ProfileInput,
): Promise<void> {
  const values = profileValues(cipher, userId, input);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for("update");
    const before = row ? decryptProfile(cipher, row) : null;
    await tx
      .insert(profiles)
      .values({ id: userId, accountId: userId, ...values })
      .onConflictDoUpdate({ target: profiles.id, set: values });
    await logProfileChanges(tx, { userId, profileId: userId, before, input });
  });
}

/**
 * Updates an existing person's profile by id (the account's own or a dependant's); only given
 * fields change. False when there is no such person. The caller has checked that the user may
 * change them (`managedPerson` in server/domain/people.ts).
 */
export async function savePersonProfile(
  db: Executor,
  cipher: FieldCipher,
  profileId: string,
  input: ProfileInput,
): Promise<boolean> {
  const values = profileValues(cipher, profileId, input);
  if (Object.keys(values).length === 0) return true;
  const updated = await db
    .update(profiles)
    .set(values)
    .where(eq(profiles.id, profileId))
    .returning({ id: profiles.id });
  return updated.length > 0;
}
