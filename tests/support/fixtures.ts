import { eq } from "drizzle-orm";
import type { PlanId } from "#core/plans.ts";
import type { ContactInput } from "#core/validation.ts";
import { profiles, tags, user } from "#server/db/schema.ts";
import { insertContact } from "#server/domain/contacts.ts";
import { saveProfile } from "#server/domain/profiles.ts";
import { mintTags } from "#server/domain/tags.ts";
import type { Services } from "#server/services.ts";

let sequence = 0;

export interface Owner {
  userId: string;
  email: string;
  tagId: string;
  activationToken: string;
}

/**
 * An onboarded owner with contacts and one active tag, made through the
 * domain functions (fast); journeys through the screens are tested elsewhere.
 */
export async function createOwner(
  services: Services,
  options: {
    name?: string;
    plan?: PlanId;
    language?: string;
    contacts?: ContactInput[];
    medical?: boolean;
    /**
     * Whether the contacts already answered their confirmation link (decision 148). Most tests
     * stand for an owner set up a while ago whose contacts confirmed; tests about consent say
     * "pending".
     */
    consent?: "confirmed" | "pending";
  } = {},
): Promise<Owner> {
  const email = `owner-${Date.now()}-${sequence++}@example.com`;
  const { userId } = await services.auth.api.createSafetapUser({
    body: {
      name: options.name ?? "Olivia Owner",
      email,
      phoneNumber: null,
      password: "Str0ng!Passw0rd",
    },
  });
  await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await saveProfile(services.db, services.cipher, userId, {
    fullName: options.name ?? "Olivia Owner",
    language: options.language ?? "en",
    country: "us",
    onboardingCompleted: true,
    ...(options.medical === false
      ? {}
      : {
          bloodType: "A+",
          allergies: ["Penicillin"],
          medications: ["Insulin"],
          medicalNotes: "Type 1 diabetes",
          dateOfBirth: "1985-06-01",
        }),
  });
  await services.db
    .update(profiles)
    .set({ plan: options.plan ?? "family" })
    .where(eq(profiles.id, userId));
  // Set up as given, beyond the plan's contact limit too (who is alerted is the plan's cut).
  const contacts = options.contacts ?? [
    { name: "Maria", channel: "email", value: `maria-${sequence}@example.com` },
    { name: "Ben", channel: "sms", value: `+1555000${String(1000 + sequence).slice(-4)}` },
  ];
  for (const [index, contact] of contacts.entries()) {
    await insertContact(
      services.db,
      services.cipher,
      { profileId: userId, accountId: userId },
      { ...contact, priority: index + 1, consent: options.consent ?? "confirmed" },
    );
  }
  const { tags: minted } = await mintTags(services.db, {
    product: "wristband",
    count: 1,
    masterKey: services.config.dataEncryptionKey,
    publicUrl: services.config.publicUrl,
  });
  const tag = minted[0]!;
  const now = new Date();
  await services.db
    .update(tags)
    .set({
      userId,
      profileId: userId,
      status: "active",
      isActive: true,
      claimedAt: now,
      linkedAt: now,
    })
    .where(eq(tags.id, tag.tagId));
  return { userId, email, tagId: tag.tagId, activationToken: tag.activationToken };
}
