/**
 * One of the organisation's people, as its dashboard shows and changes them (decision 137): the
 * full record, the details only the organisation's admins change (name, external id, group,
 * location, expiry, language), removal, and the organisation's log of what was changed about
 * them, by whom and why. Medical record and contacts are changed through medical-record.ts and
 * contacts.ts with an `OrgChangeBy`, which writes the same log.
 */
import { and, desc, eq, like, ne } from "drizzle-orm";
import type { FieldCipher } from "#server/crypto.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { auditEvents, orgLocations, profiles, tags, user } from "#server/db/schema.ts";
import { listContacts } from "./contacts.ts";
import { logOrgChange, type OrgChangeBy } from "./org-log.ts";
import { decryptProfile } from "./profiles.ts";
import { listPersonTags } from "./tags.ts";

/** Everything the person's page shows: the profile decrypted, their contacts, tags and place. */
export async function orgPersonRecord(
  executor: Executor,
  cipher: FieldCipher,
  orgId: string,
  profileId: string,
) {
  const [row] = await executor
    .select({ profile: profiles, location: orgLocations })
    .from(profiles)
    .leftJoin(orgLocations, eq(orgLocations.id, profiles.locationId))
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, orgId)))
    .limit(1);
  if (!row) return null;
  const [contacts, personTags] = await Promise.all([
    listContacts(executor, cipher, profileId),
    listPersonTags(executor, profileId),
  ]);
  return {
    profile: decryptProfile(cipher, row.profile),
    externalId: row.profile.externalId,
    groupName: row.profile.groupName,
    location: row.location,
    expiresAt: row.profile.expiresAt,
    hasLogin: row.profile.memberUserId !== null,
    createdAt: row.profile.createdAt,
    contacts,
    tags: personTags,
  };
}

export type OrgPersonRecord = NonNullable<Awaited<ReturnType<typeof orgPersonRecord>>>;

/** The details the organisation's admins keep about a person (not their critical info). */
export interface OrgPersonDetailsInput {
  fullName: string;
  externalId: string | null;
  groupName: string | null;
  /** A location of the organisation (the caller checked it with `locationOf`). */
  locationId: string | null;
  expiresAt: Date | null;
  language: string;
}

const DETAIL_FIELDS = [
  "fullName",
  "externalId",
  "groupName",
  "locationId",
  "expiresAt",
  "language",
] as const satisfies readonly (keyof OrgPersonDetailsInput)[];

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : (a ?? null) === (b ?? null);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type UpdateOrgPersonResult =
  | { ok: true; changed: string[] }
  | { ok: false; reason: "not_found" | "duplicate_external_id" };

/**
 * Changes a person's details, logged as org_person_updated with the changed fields' names. An
 * external id another of the organisation's people has is refused and nothing changes.
 */
export async function updateOrgPersonDetails(
  db: Database,
  by: OrgChangeBy,
  profileId: string,
  details: OrgPersonDetailsInput,
): Promise<UpdateOrgPersonResult> {
  try {
    return await db.transaction(async (tx): Promise<UpdateOrgPersonResult> => {
      const [before] = await tx
        .select({
          fullName: profiles.fullName,
          externalId: profiles.externalId,
          groupName: profiles.groupName,
          locationId: profiles.locationId,
          expiresAt: profiles.expiresAt,
          language: profiles.language,
        })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, by.organizationId)))
        .for("update");
      if (!before) return { ok: false, reason: "not_found" };
      const changed = DETAIL_FIELDS.filter((field) => !sameValue(before[field], details[field]));
      if (changed.length === 0) return { ok: true, changed };
      if (details.externalId !== null && changed.includes("externalId")) {
        const [taken] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(
            and(
              eq(profiles.organizationId, by.organizationId),
              eq(profiles.externalId, details.externalId),
              ne(profiles.id, profileId),
            ),
          )
          .limit(1);
        if (taken) return { ok: false, reason: "duplicate_external_id" };
      }
      await tx.update(profiles).set(details).where(eq(profiles.id, profileId));
      await logOrgChange(tx, by, "org_person_updated", profileId, { fields: changed.join(",") });
      return { ok: true, changed };
    });
  } catch (error) {
    // Another request gave the id to someone else between the check and the update.
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate_external_id" };
    throw error;
  }
}

/**
 * Removes a person from the organisation: their profile, contacts, photo and alert history go;
 * their tags go back to the organisation, unassigned (a tag the organisation does not own is
 * unlinked, claimable again with its printed token). Logged as org_person_removed with the
 * organisation's external id only. False when the person is not the organisation's.
 */
export async function removeOrgPerson(
  db: Database,
  by: OrgChangeBy,
  profileId: string,
): Promise<{ tags: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ externalId: profiles.externalId })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, by.organizationId)))
      .for("update");
    if (!row) return null;
    const returned = await tx
      .update(tags)
      .set({ userId: null, profileId: null, status: "inactive", isActive: false, linkedAt: null })
      .where(eq(tags.profileId, profileId))
      .returning({ id: tags.id });
    await tx.delete(profiles).where(eq(profiles.id, profileId));
    await logOrgChange(tx, by, "org_person_removed", profileId, {
      externalId: row.externalId,
      tags: returned.length,
    });
    return { tags: returned.length };
  });
}

export interface OrgChangeLine {
  id: string;
  type: string;
  at: Date;
  actorName: string | null;
  metadata: Record<string, unknown>;
}

/** The organisation's log about one person, newest first: who changed what, and why. */
export async function listOrgPersonChanges(
  executor: Executor,
  orgId: string,
  profileId: string,
  limit = 20,
): Promise<OrgChangeLine[]> {
  return executor
    .select({
      id: auditEvents.id,
      type: auditEvents.eventType,
      at: auditEvents.createdAt,
      actorName: user.name,
      metadata: auditEvents.metadata,
    })
    .from(auditEvents)
    .leftJoin(user, eq(user.id, auditEvents.userId))
    .where(
      and(
        eq(auditEvents.profileId, profileId),
        eq(auditEvents.organizationId, orgId),
        like(auditEvents.eventType, "org\\_person\\_%"),
        // Views are the compliance log's (decision 146), not changes.
        ne(auditEvents.eventType, "org_person_viewed"),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq))
    .limit(limit);
}
