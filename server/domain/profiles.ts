import { eq } from "drizzle-orm";
import type { PlanId } from "#core/plans.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor } from "#server/db/client.ts";
import { profiles } from "#server/db/schema.ts";

/** The profile as the application sees it: medical fields decrypted. */
export interface ProfileData {
  id: string;
  fullName: string | null;
  language: string;
  country: string | null;
  dateOfBirth: string | null;
  bloodType: string | null;
  allergies: string[];
  medications: string[];
  medicalNotes: string | null;
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
    | "onboardingCompleted"
  >
>;

const ENCRYPTED = ["dateOfBirth", "bloodType", "allergies", "medications", "medicalNotes"] as const;
type EncryptedField = (typeof ENCRYPTED)[number];

const contextOf = (userId: string, field: EncryptedField) => `profiles.${field}:${userId}`;

function seal(cipher: FieldCipher, userId: string, field: EncryptedField, value: unknown) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && value.length === 0) return null;
  const plain = Array.isArray(value) ? JSON.stringify(value) : String(value);
  return cipher.encrypt(plain, contextOf(userId, field));
}

function open(cipher: FieldCipher, userId: string, field: EncryptedField, stored: string | null) {
  return stored === null ? null : cipher.decrypt(stored, contextOf(userId, field));
}

export function decryptProfile(
  cipher: FieldCipher,
  row: typeof profiles.$inferSelect,
): ProfileData {
  const list = (field: "allergies" | "medications") => {
    const plain = open(cipher, row.id, field, row[field]);
    return plain ? (JSON.parse(plain) as string[]) : [];
  };
  return {
    id: row.id,
    fullName: row.fullName,
    language: row.language,
    country: row.country,
    dateOfBirth: open(cipher, row.id, "dateOfBirth", row.dateOfBirth),
    bloodType: open(cipher, row.id, "bloodType", row.bloodType),
    allergies: list("allergies"),
    medications: list("medications"),
    medicalNotes: open(cipher, row.id, "medicalNotes", row.medicalNotes),
    onboardingCompleted: row.onboardingCompleted,
    plan: row.plan as PlanId,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionEndDate: row.subscriptionEndDate,
  };
}

export async function getProfile(
  db: Executor,
  cipher: FieldCipher,
  userId: string,
): Promise<ProfileData | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ? decryptProfile(cipher, row) : null;
}

/** Creates or updates the signed-in user's own profile; only given fields change. */
export async function saveProfile(
  db: Executor,
  cipher: FieldCipher,
  userId: string,
  input: ProfileInput,
): Promise<void> {
  const values: Partial<typeof profiles.$inferInsert> = {};
  if (input.fullName !== undefined) values.fullName = input.fullName;
  if (input.language !== undefined) values.language = input.language;
  if (input.country !== undefined) values.country = input.country;
  if (input.onboardingCompleted !== undefined)
    values.onboardingCompleted = input.onboardingCompleted;
  for (const field of ENCRYPTED) {
    if (input[field] !== undefined) values[field] = seal(cipher, userId, field, input[field]);
  }
  await db
    .insert(profiles)
    .values({ id: userId, ...values })
    .onConflictDoUpdate({ target: profiles.id, set: values });
}
