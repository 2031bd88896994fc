/**
 * People, not accounts (decision 128, DESIGN 1b.1). An account manages its own profile (whose id
 * is the account's user id) and dependants without a login. In a household every member sees
 * every person of the household; each person is changed only by the account that manages them.
 * Every route that takes a person's id asks `personAccess` first.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { orgRoleCan } from "#core/organizations.ts";
import { isPlainId } from "#core/photos.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor } from "#server/db/client.ts";
import { householdMembers, households, member, profiles, tags } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { recordAudit } from "./audit.ts";
import { getProfile, type ProfileInput, profileValues } from "./profiles.ts";
import { seatQuota } from "./quotas.ts";
import { logProfileChanges } from "./safety-log.ts";

/** Creates the account's own profile row if it has none yet (it is made on first need). */
export async function ensureOwnProfile(executor: Executor, userId: string): Promise<void> {
  await executor
    .insert(profiles)
    .values({ id: userId, accountId: userId })
    .onConflictDoNothing({ target: profiles.id });
}

export interface HouseholdScope {
  /** The household the user belongs to, or null for an account on its own. */
  householdId: string | null;
  role: "owner" | "member" | null;
  /** The accounts whose people the user sees: the household's members, or the user alone. */
  accounts: string[];
}

/** Which accounts' people a user sees. */
export async function householdScope(executor: Executor, userId: string): Promise<HouseholdScope> {
  const [membership] = await executor
    .select({ householdId: householdMembers.householdId, role: householdMembers.role })
    .from(householdMembers)
    .where(eq(householdMembers.userId, userId))
    .limit(1);
  if (!membership) return { householdId: null, role: null, accounts: [userId] };
  const members = await executor
    .select({ userId: householdMembers.userId })
    .from(householdMembers)
    .where(eq(householdMembers.householdId, membership.householdId))
    .orderBy(asc(householdMembers.createdAt));
  return {
    householdId: membership.householdId,
    role: membership.role as "owner" | "member",
    accounts: members.map((m) => m.userId),
  };
}

export interface PersonSummary {
  id: string;
  accountId: string;
  fullName: string | null;
  isMinor: boolean;
  photoVersion: string | null;
  /** The account's own profile (an adult with a login), not a dependant. */
  isAccount: boolean;
  /** Whether the viewer may change this person (they manage them). */
  managed: boolean;
  medicalConfirmedAt: Date | null;
  createdAt: Date;
}

/**
 * Everyone the user sees: their own profile first, then the people they manage, then the rest of
 * the household's, each group in the order they were added.
 */
export async function listPeople(executor: Executor, userId: string): Promise<PersonSummary[]> {
  const scope = await householdScope(executor, userId);
  const rows = await executor
    .select({
      id: profiles.id,
      accountId: profiles.accountId,
      fullName: profiles.fullName,
      isMinor: profiles.isMinor,
      photoVersion: profiles.photoVersion,
      medicalConfirmedAt: profiles.medicalConfirmedAt,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(inArray(profiles.accountId, scope.accounts))
    .orderBy(
      sql`${profiles.id} = ${userId} desc`,
      sql`${profiles.accountId} = ${userId} desc`,
      sql`${profiles.id} = ${profiles.accountId} desc`,
      asc(profiles.createdAt),
    );
  return rows.map((row) => ({
    ...row,
    isAccount: row.id === row.accountId,
    managed: row.accountId === userId,
  }));
}

export interface PersonAccess {
  profileId: string;
  accountId: string;
  /** The viewer manages this person and may change them. */
  canManage: boolean;
  /** The organisation that manages the person (decision 135), when one does. */
  organizationId?: string | null;
}

/**
 * What the user may do with one person: null when they may not even see them (another
 * household's, or no such person; the two are answered alike).
 */
export async function personAccess(
  executor: Executor,
  userId: string,
  profileId: unknown,
): Promise<PersonAccess | null> {
  // Ids are made here (a user id or a UUID): anything else, a NUL or a path, is no one.
  if (!isPlainId(profileId)) return null;
  if (profileId === userId) {
    await ensureOwnProfile(executor, userId);
    return { profileId, accountId: userId, canManage: true };
  }
  const [row] = await executor
    .select({
      accountId: profiles.accountId,
      organizationId: profiles.organizationId,
      memberUserId: profiles.memberUserId,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) return null;
  if (row.accountId === userId) return { profileId, accountId: userId, canManage: true };
  if (row.organizationId) {
    // An organisation's person: "only authorised admins change critical info" — the
    // organisation's owners and admins, and the person themself; staff only read.
    const organizationId = row.organizationId;
    const base = { profileId, accountId: row.accountId, organizationId };
    if (row.memberUserId === userId) return { ...base, canManage: true };
    const [membership] = await executor
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
      .limit(1);
    if (!membership || !orgRoleCan(membership.role, { people: ["read"] })) return null;
    return { ...base, canManage: orgRoleCan(membership.role, { medical: ["update"] }) };
  }
  const scope = await householdScope(executor, userId);
  if (!scope.accounts.includes(row.accountId)) return null;
  return { profileId, accountId: row.accountId, canManage: false };
}

/** The person `userId` may change, or null: the check every write about a person starts with. */
export async function managedPerson(executor: Executor, userId: string, profileId: unknown) {
  const access = await personAccess(executor, userId, profileId);
  return access?.canManage ? access : null;
}

export type AddPersonResult =
  | { ok: true; profileId: string }
  | { ok: false; reason: "seat_limit"; limit: number };

/**
 * Adds a dependant (a person without a login) to the account, if a seat is free. The profile
 * starts with what the wizard's first step gave; the rest is saved step by step like the
 * account's own.
 */
export async function addDependant(
  db: Executor,
  cipher: FieldCipher,
  logger: Logger,
  accountId: string,
  input: ProfileInput & { fullName: string },
): Promise<AddPersonResult> {
  return db.transaction(async (tx) => {
    await ensureOwnProfile(tx, accountId);
    const quota = await seatQuota(tx, accountId, 1);
    if (!quota.ok) return quota;
    const profileId = randomUUID();
    const [own] = await tx
      .select({ language: profiles.language, country: profiles.country })
      .from(profiles)
      .where(eq(profiles.id, accountId));
    await tx.insert(profiles).values({
      id: profileId,
      accountId,
      language: own?.language ?? "en",
      country: own?.country ?? null,
      ...profileValues(cipher, profileId, input),
    });
    await recordAudit(tx, logger, {
      type: "person_added",
      userId: accountId,
      profileId,
      householdId: quota.holder.kind === "household" ? quota.holder.id : null,
    });
    return { ok: true, profileId };
  });
}

/**
 * Saves a dependant's profile (the wizard's edit, like `saveProfile` for the account's own):
 * only a dependant of `accountId`; false when there is none.
 */
export async function saveDependantProfile(
  db: Executor,
  cipher: FieldCipher,
  accountId: string,
  profileId: string,
  input: ProfileInput,
): Promise<boolean> {
  const before = await getProfile(db, cipher, profileId);
  const changed = await db
    .update(profiles)
    .set(profileValues(cipher, profileId, input))
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.accountId, accountId),
        sql`${profiles.id} <> ${profiles.accountId}`,
      ),
    )
    .returning({ id: profiles.id });
  if (changed.length === 0) return false;
  // The safety log (decision 134) names the fields that changed, as for the account's own.
  await logProfileChanges(db, { userId: accountId, profileId, before, input });
  return true;
}

/**
 * Removes a dependant the account manages: their contacts go with them and their tags are
 * unlinked (claimable again with the printed token). The account's own profile is not removed
 * here (deleting the account does that).
 */
export async function removeDependant(
  db: Executor,
  logger: Logger,
  accountId: string,
  profileId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: profiles.id, fullName: profiles.fullName })
      .from(profiles)
      .where(
        and(
          eq(profiles.id, profileId),
          eq(profiles.accountId, accountId),
          sql`${profiles.id} <> ${profiles.accountId}`,
        ),
      )
      .for("update");
    if (!row) return false;
    await tx
      .update(tags)
      .set({ userId: null, profileId: null, status: "inactive", isActive: false, linkedAt: null })
      .where(eq(tags.profileId, profileId));
    await tx.delete(profiles).where(eq(profiles.id, profileId));
    const scope = await householdScope(tx, accountId);
    await recordAudit(tx, logger, {
      type: "person_removed",
      userId: accountId,
      profileId,
      householdId: scope.householdId,
      // The profile is gone: the safety log names them from here.
      metadata: { person: row.fullName },
    });
    return true;
  });
}

/** The household an account owns, made when the account moves to the Family plan. */
export async function ensureHousehold(executor: Executor, ownerUserId: string) {
  const [membership] = await executor
    .select({ householdId: householdMembers.householdId })
    .from(householdMembers)
    .where(eq(householdMembers.userId, ownerUserId));
  if (membership) return membership.householdId;
  const [created] = await executor
    .insert(households)
    .values({ ownerUserId })
    .onConflictDoNothing({ target: households.ownerUserId })
    .returning({ id: households.id });
  const householdId =
    created?.id ??
    (
      await executor
        .select({ id: households.id })
        .from(households)
        .where(eq(households.ownerUserId, ownerUserId))
    )[0]!.id;
  await executor
    .insert(householdMembers)
    .values({ householdId, userId: ownerUserId, role: "owner" })
    .onConflictDoNothing();
  return householdId;
}
