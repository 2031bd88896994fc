/**
 * Family plan households (issue 15 item 5, decision 132): the owner invites adults by email or
 * phone, an invitee joins with a link that works once, for 7 days, for the invited identifier
 * only; the owner removes members, a member leaves. Every membership change takes the quota
 * locks of both holders it moves an account between (decision 128), so no alert, claim or
 * contact can slip past a limit while an account changes holder.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Channel } from "#core/channels.ts";
import { maskIdentifier } from "#core/mask.ts";
import { PLANS } from "#core/plans.ts";
import type { Identifier } from "#core/validation.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { deriveKey, hmacHex } from "#server/crypto.ts";
import type { Executor, Transaction } from "#server/db/client.ts";
import {
  contacts,
  type HouseholdInvitation,
  householdInvitations,
  householdMembers,
  households,
  profiles,
  tags,
  user,
} from "#server/db/schema.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import { listPeople } from "./people.ts";
import {
  alertAllowance,
  allowanceUsage,
  lockHolders,
  quotaHolderFor,
  seatQuota,
  seatUsage,
} from "./quotas.ts";
import { accountLabel, findUserByIdentifier, UserNotFoundError } from "./users.ts";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/**
 * Invitations sent, per hour or day (decision 132): per household, per inviting client address,
 * and per destination, so no household, browser or address book can be used to spam someone.
 */
export const INVITE_RULES = {
  household: { name: "household-invite:household", points: 20, windowSeconds: 86_400 },
  address: { name: "household-invite:address", points: 20, windowSeconds: 3600 },
  destination: { name: "household-invite:destination", points: 3, windowSeconds: 86_400 },
};

/** A token as we make them: 32 random bytes, base64url without padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only the token's HMAC is stored, keyed with a secret that never lives in the database. */
export function invitationTokenHash(masterKey: Buffer, token: string): string {
  return hmacHex(deriveKey(masterKey, "household-invitation-token"), token);
}

/** The rate limiter's key for a destination: never the address itself. */
const destinationKey = (identifier: string) =>
  createHash("sha256").update(identifier).digest("hex").slice(0, 32);

interface Membership {
  householdId: string;
  role: "owner" | "member";
  ownerUserId: string;
}

async function membershipOf(executor: Executor, userId: string): Promise<Membership | null> {
  const [row] = await executor
    .select({
      householdId: householdMembers.householdId,
      role: householdMembers.role,
      ownerUserId: households.ownerUserId,
    })
    .from(householdMembers)
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(eq(householdMembers.userId, userId))
    .limit(1);
  return row ? { ...row, role: row.role as Membership["role"] } : null;
}

/** A person's name as the household sees it: their profile's, else their account's. */
async function displayName(executor: Executor, userId: string): Promise<string> {
  const [row] = await executor
    .select({ fullName: profiles.fullName, name: user.name })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row?.fullName || row?.name || "";
}

const pending = (now: Date) =>
  and(
    isNull(householdInvitations.acceptedAt),
    isNull(householdInvitations.revokedAt),
    gt(householdInvitations.expiresAt, now),
  );

async function pendingInvitationCount(executor: Executor, householdId: string, now = new Date()) {
  const [{ count } = { count: 0 }] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(householdInvitations)
    .where(and(eq(householdInvitations.householdId, householdId), pending(now)));
  return count;
}

/** Everything the household page shows, or null for an account in no household. */
export async function householdOverview(db: Executor, userId: string) {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const now = new Date();
  const [household] = await db
    .select()
    .from(households)
    .where(eq(households.id, membership.householdId));
  const [members, invitations, seats, allowances, people, ownerName] = await Promise.all([
    db
      .select({
        userId: householdMembers.userId,
        role: householdMembers.role,
        joinedAt: householdMembers.createdAt,
        email: user.email,
        phoneNumber: user.phoneNumber,
        name: user.name,
        fullName: profiles.fullName,
      })
      .from(householdMembers)
      .innerJoin(user, eq(user.id, householdMembers.userId))
      .leftJoin(profiles, eq(profiles.id, householdMembers.userId))
      .where(eq(householdMembers.householdId, membership.householdId))
      .orderBy(sql`${householdMembers.role} = 'owner' desc`, asc(householdMembers.createdAt)),
    db
      .select({
        id: householdInvitations.id,
        identifier: householdInvitations.identifier,
        channel: householdInvitations.channel,
        sentAt: householdInvitations.createdAt,
        expiresAt: householdInvitations.expiresAt,
      })
      .from(householdInvitations)
      .where(and(eq(householdInvitations.householdId, membership.householdId), pending(now)))
      .orderBy(asc(householdInvitations.createdAt)),
    seatUsage(db, userId),
    allowanceUsage(db, userId),
    listPeople(db, userId),
    displayName(db, membership.ownerUserId),
  ]);
  return {
    householdId: membership.householdId,
    role: membership.role,
    ownerName,
    extraSeats: household?.extraSeats ?? 0,
    plan: seats.holder.plan,
    members: members.map((m) => ({
      userId: m.userId,
      name: m.fullName || m.name,
      identifier: maskIdentifier(accountLabel(m.email, m.phoneNumber)),
      role: m.role as Membership["role"],
      joinedAt: m.joinedAt,
      isYou: m.userId === userId,
    })),
    seats: { used: seats.used, pending: invitations.length, limit: seats.limit },
    allowances,
    invitations: invitations.map((i) => ({ ...i, identifier: maskIdentifier(i.identifier) })),
    people,
  };
}

/** Whether the dashboard links the household page: in a household, or on the Family plan. */
export async function showsHousehold(db: Executor, userId: string): Promise<boolean> {
  if (await membershipOf(db, userId)) return true;
  return (await quotaHolderFor(db, userId)).plan === "family";
}

export type InviteResult =
  | { ok: true; invitationId: string }
  | { ok: false; reason: "not_owner" | "already_member" | "already_invited" | "message_limit" }
  | { ok: false; reason: "seat_limit"; limit: number }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * The owner invites an adult: a seat must be free counting the invitations still pending (so 5
 * seats cannot be over-invited), the message goes through the outbox in the same transaction,
 * and a text counts against the household's message allowance (email is never counted).
 */
export async function inviteAdult(
  services: Services,
  input: { userId: string; identifier: Identifier; clientAddress: string },
): Promise<InviteResult> {
  const { db, config, cipher, logger, limiter } = services;
  const membership = await membershipOf(db, input.userId);
  if (membership?.role !== "owner") return { ok: false, reason: "not_owner" };
  const { householdId } = membership;
  const identifier = input.identifier.value;
  const invitee = await findUserByIdentifier(db, identifier);
  if (invitee) {
    const theirs = await membershipOf(db, invitee.id);
    if (theirs?.householdId === householdId) return { ok: false, reason: "already_member" };
  }
  const limited = await consumeAll(limiter, [
    [INVITE_RULES.address, input.clientAddress],
    [INVITE_RULES.household, householdId],
    [INVITE_RULES.destination, destinationKey(identifier)],
  ]);
  if (!limited.allowed) {
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const channel: Channel = input.identifier.kind === "email" ? "email" : "sms";
  const token = newInvitationToken();
  const result = await db.transaction(async (tx): Promise<InviteResult> => {
    // Seats, and the allowance a text spends, are counted under the household's locks.
    await lockHolders(tx, [householdId]);
    const now = new Date();
    const [already] = await tx
      .select({ id: householdInvitations.id })
      .from(householdInvitations)
      .where(
        and(
          eq(householdInvitations.householdId, householdId),
          eq(householdInvitations.identifier, identifier),
          pending(now),
        ),
      )
      .limit(1);
    if (already) return { ok: false, reason: "already_invited" };
    const seats = await seatQuota(
      tx,
      input.userId,
      1 + (await pendingInvitationCount(tx, householdId, now)),
    );
    if (!seats.ok) return seats;
    if (channel !== "email") {
      const { allowance } = await alertAllowance(tx, input.userId);
      if (!allowance.take(channel)) return { ok: false, reason: "message_limit" };
    }
    const [inviter] = await tx
      .select({ language: profiles.language })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    const name = await displayName(tx, input.userId);
    const [created] = await tx
      .insert(householdInvitations)
      .values({
        householdId,
        identifier,
        channel,
        tokenHash: invitationTokenHash(config.dataEncryptionKey, token),
        invitedByUserId: input.userId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      })
      .returning({ id: householdInvitations.id });
    await queueNotice(tx, cipher, {
      kind: "invitation",
      accountId: input.userId,
      channel,
      to: identifier,
      recipientName: maskIdentifier(identifier),
      payload: {
        template: "invitation",
        language: inviter?.language ?? "en",
        params: { inviter: name, days: String(INVITATION_DAYS) },
      },
      secretParams: { link: `${config.publicUrl}/household/join/${token}` },
    });
    await recordAudit(tx, logger, {
      type: "household_invitation_sent",
      userId: input.userId,
      householdId,
      clientAddress: input.clientAddress,
      metadata: { invitation_id: created!.id, channel },
    });
    return { ok: true, invitationId: created!.id };
  });
  if (result.ok) services.dispatcher?.nudge();
  return result;
}

/** The owner withdraws a pending invitation; its link stops working at once. */
export async function revokeInvitation(
  services: Services,
  userId: string,
  invitationId: string,
): Promise<{ ok: true } | { ok: false; reason: "not_owner" | "not_found" }> {
  const membership = await membershipOf(services.db, userId);
  if (membership?.role !== "owner") return { ok: false, reason: "not_owner" };
  if (!/^[0-9a-f-]{36}$/.test(invitationId)) return { ok: false, reason: "not_found" };
  const revoked = await services.db
    .update(householdInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(householdInvitations.id, invitationId),
        eq(householdInvitations.householdId, membership.householdId),
        isNull(householdInvitations.acceptedAt),
        isNull(householdInvitations.revokedAt),
      ),
    )
    .returning({ id: householdInvitations.id });
  if (revoked.length === 0) return { ok: false, reason: "not_found" };
  await recordAudit(services.db, services.logger, {
    type: "household_invitation_revoked",
    userId,
    householdId: membership.householdId,
    metadata: { invitation_id: invitationId },
  });
  return { ok: true };
}

export type InvitationState = "pending" | "expired" | "used" | "revoked" | "invalid";

/** The invitation a link's token names; `forUpdate` holds its row until the transaction ends. */
async function findInvitation(
  executor: Executor,
  masterKey: Buffer,
  token: unknown,
  forUpdate = false,
): Promise<HouseholdInvitation | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const query = executor
    .select()
    .from(householdInvitations)
    .where(eq(householdInvitations.tokenHash, invitationTokenHash(masterKey, token)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

function stateOf(invitation: HouseholdInvitation | null, now = new Date()): InvitationState {
  if (!invitation) return "invalid";
  if (invitation.revokedAt) return "revoked";
  if (invitation.acceptedAt) return "used";
  if (invitation.expiresAt <= now) return "expired";
  return "pending";
}

/** What the join page shows about a link: its state and whose household it leads to. */
export async function readInvitation(services: Services, token: unknown) {
  const invitation = await findInvitation(services.db, services.config.dataEncryptionKey, token);
  const state = stateOf(invitation);
  if (!invitation || state !== "pending") return { state, ownerName: null, identifier: null };
  const [household] = await services.db
    .select({ owner: households.ownerUserId })
    .from(households)
    .where(eq(households.id, invitation.householdId));
  return {
    state,
    ownerName: household ? await displayName(services.db, household.owner) : null,
    identifier: maskIdentifier(invitation.identifier),
  };
}

export type AcceptResult =
  | { ok: true; householdId: string }
  | {
      ok: false;
      reason:
        | Exclude<InvitationState, "pending">
        | "wrong_identifier"
        | "already_member"
        | "in_other_household"
        | "owns_household";
    }
  | { ok: false; reason: "seat_limit" | "tag_limit" | "contact_limit"; limit: number };

/** Whether the account's verified email address or phone number is the invited one. */
async function isInvitedAccount(tx: Executor, userId: string, identifier: string) {
  const [account] = await tx
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return false;
  return identifier.includes("@")
    ? account.emailVerified && account.email.toLowerCase() === identifier
    : Boolean(account.phoneNumberVerified) && account.phoneNumber === identifier;
}

/**
 * Joins the household an invitation leads to, as a member. Refused, changing nothing, when the
 * link is not pending, the account is not the invited identifier, the account is in a household
 * already (an owner may leave a household of their own that has no other member behind), no
 * seat is free for the account and its dependants, or its tags or contacts would take the
 * household over its limits.
 */
export async function acceptInvitation(
  services: Services,
  userId: string,
  token: unknown,
): Promise<AcceptResult> {
  const { db, config, logger } = services;
  return db.transaction(async (tx): Promise<AcceptResult> => {
    // The row lock makes a second accept of the same link wait, then see it used.
    const invitation = await findInvitation(tx, config.dataEncryptionKey, token, true);
    const state = stateOf(invitation);
    if (!invitation || state !== "pending") {
      return { ok: false, reason: state === "pending" ? "invalid" : state };
    }
    if (!(await isInvitedAccount(tx, userId, invitation.identifier))) {
      return { ok: false, reason: "wrong_identifier" };
    }
    const before = await membershipOf(tx, userId);
    await lockHolders(tx, [invitation.householdId, before?.householdId ?? userId]);
    const current = await membershipOf(tx, userId);
    if (current?.householdId === invitation.householdId) {
      return { ok: false, reason: "already_member" };
    }
    if (current?.role === "member") return { ok: false, reason: "in_other_household" };
    if (current?.householdId !== before?.householdId) {
      return { ok: false, reason: "in_other_household" };
    }
    if (current) {
      const [{ others } = { others: 0 }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(householdMembers)
        .where(
          and(
            eq(householdMembers.householdId, current.householdId),
            sql`${householdMembers.userId} <> ${userId}`,
          ),
        );
      if (others > 0) return { ok: false, reason: "owns_household" };
    }

    const [{ dependants } = { dependants: 0 }] = await tx
      .select({ dependants: sql<number>`count(*)::int` })
      .from(profiles)
      .where(and(eq(profiles.accountId, userId), sql`${profiles.id} <> ${profiles.accountId}`));
    const [household] = await tx
      .select({ owner: households.ownerUserId })
      .from(households)
      .where(eq(households.id, invitation.householdId));
    if (!household) return { ok: false, reason: "invalid" };
    const seats = await seatQuota(tx, household.owner, 1 + dependants);
    if (!seats.ok) return seats;
    const { holder } = seats;
    const accounts = [...holder.accounts, userId];
    const limits = PLANS[holder.plan].limits;
    if (limits.tags !== null) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(tags)
        .where(inArray(tags.userId, accounts));
      if (count > limits.tags) return { ok: false, reason: "tag_limit", limit: limits.tags };
    }
    if (limits.contacts !== null) {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(inArray(contacts.userId, accounts));
      if (count > limits.contacts) {
        return { ok: false, reason: "contact_limit", limit: limits.contacts };
      }
    }

    // An owner alone in a household of their own leaves it behind (it had no one else).
    if (current) await tx.delete(households).where(eq(households.id, current.householdId));
    await tx
      .insert(householdMembers)
      .values({ householdId: invitation.householdId, userId, role: "member" });
    await tx
      .update(householdInvitations)
      .set({ acceptedAt: new Date(), acceptedByUserId: userId })
      .where(eq(householdInvitations.id, invitation.id));
    await recordAudit(tx, logger, {
      type: "household_member_joined",
      userId,
      householdId: invitation.householdId,
      metadata: { invitation_id: invitation.id },
    });
    return { ok: true, householdId: invitation.householdId };
  });
}

type MembershipChange =
  | { ok: true }
  | { ok: false; reason: "not_owner" | "not_member" | "owner_cannot_leave" };

/** Takes a member out of the household under both holders' locks; false when they were not in it. */
async function dropMember(tx: Transaction, householdId: string, memberId: string) {
  await lockHolders(tx, [householdId, memberId]);
  const dropped = await tx
    .delete(householdMembers)
    .where(
      and(
        eq(householdMembers.householdId, householdId),
        eq(householdMembers.userId, memberId),
        eq(householdMembers.role, "member"),
      ),
    )
    .returning({ userId: householdMembers.userId });
  return dropped.length > 0;
}

/**
 * The owner removes a member. The member keeps the people, tags and contacts they manage (they
 * go with them, under their own plan again) and loses sight of the household at once: every
 * request reads membership afresh.
 */
export async function removeMember(
  services: Services,
  ownerId: string,
  memberId: unknown,
): Promise<MembershipChange> {
  const membership = await membershipOf(services.db, ownerId);
  if (membership?.role !== "owner") return { ok: false, reason: "not_owner" };
  if (typeof memberId !== "string" || memberId.length > 100 || memberId === ownerId) {
    return { ok: false, reason: "not_member" };
  }
  const removed = await services.db.transaction(async (tx) => {
    if (!(await dropMember(tx, membership.householdId, memberId))) return false;
    await recordAudit(tx, services.logger, {
      type: "household_member_removed",
      userId: ownerId,
      householdId: membership.householdId,
      metadata: { member_id: memberId },
    });
    return true;
  });
  return removed ? { ok: true } : { ok: false, reason: "not_member" };
}

/** A member leaves with the people, tags and contacts they manage. The owner cannot leave. */
export async function leaveHousehold(
  services: Services,
  userId: string,
): Promise<MembershipChange> {
  const membership = await membershipOf(services.db, userId);
  if (!membership) return { ok: false, reason: "not_member" };
  if (membership.role === "owner") return { ok: false, reason: "owner_cannot_leave" };
  const left = await services.db.transaction(async (tx) => {
    if (!(await dropMember(tx, membership.householdId, userId))) return false;
    await recordAudit(tx, services.logger, {
      type: "household_member_left",
      userId,
      householdId: membership.householdId,
    });
    return true;
  });
  return left ? { ok: true } : { ok: false, reason: "not_member" };
}

export class HouseholdNotFoundError extends Error {
  constructor(identifier: string) {
    super(`No household is owned by "${identifier}"`);
    this.name = "HouseholdNotFoundError";
  }
}

/** An admin sets the seats a household has beyond its plan's (each adds 50 shared alerts). */
export async function setExtraSeats(db: Executor, ownerIdentifier: string, extraSeats: number) {
  const owner = await findUserByIdentifier(db, ownerIdentifier);
  if (!owner) throw new UserNotFoundError(ownerIdentifier);
  return db.transaction(async (tx) => {
    const [household] = await tx
      .select({ id: households.id })
      .from(households)
      .where(eq(households.ownerUserId, owner.id));
    if (!household) throw new HouseholdNotFoundError(ownerIdentifier);
    await lockHolders(tx, [household.id]);
    await tx.update(households).set({ extraSeats }).where(eq(households.id, household.id));
    return { householdId: household.id, owner: owner.label, extraSeats };
  });
}
