/**
 * Invitations into an organisation (issue 16 item 2, decisions 135 and 139). Better Auth's
 * organization plugin owns them: an owner or admin invites through the plugin's own endpoints
 * with their request headers, so the plugin checks their role again; SafeTap's admins, who are
 * nobody's member, go through the plugin's adapter after the same checks here. The invitation's
 * id is its link's secret; the message goes through the outbox in the recipient's language.
 * Accepting makes the user a member in the invited role (staff: at the invited locations) and,
 * when the invitation names one of the organisation's people, links that person to the login:
 * the only way a person gets a login (decision 135).
 */
import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import { getOrgAdapter } from "better-auth/plugins/organization";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { maskIdentifier } from "#core/mask.ts";
import { ASSIGNABLE_ORG_ROLES, type AssignableOrgRole } from "#core/organizations.ts";
import { isEmail, UUID } from "#core/validation.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { ORG_INVITATION_DAYS, ORG_INVITATION_EXPIRES_IN_SECONDS } from "#server/auth/auth.ts";
import type { Executor } from "#server/db/client.ts";
import {
  invitation,
  member,
  organization,
  orgLocations,
  orgMemberLocations,
  profiles,
  user,
} from "#server/db/schema.ts";
import { messageText } from "#server/messages/catalog.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import {
  isOrgAccountEmail,
  locationOf,
  type OrgContext,
  orgCan,
  orgPerson,
} from "./organizations.ts";

/**
 * Invitations sent (decision 139): per organisation a day, so a compromised admin cannot mail
 * the world, and per address a day, so nobody is flooded by one organisation or several.
 */
export const ORG_INVITE_RULES = {
  organization: { name: "org-invite:organization", points: 200, windowSeconds: 86_400 },
  destination: { name: "org-invite:destination", points: 3, windowSeconds: 86_400 },
};

/** Who acts on the organisation's staff and invitations, as the routes know them. */
export interface OrgActor {
  context: OrgContext;
  /** The asker's request headers: the plugin's endpoints check the asker's role themselves. */
  headers: Headers;
  clientAddress: string | null;
}

/** Whether the asker goes through the plugin's endpoints (a member) or its adapter (SafeTap). */
export const actsAsMember = (actor: OrgActor) => actor.context.memberId !== null;

/** The plugin's adapter, for SafeTap's admins, who are no member the plugin would recognise. */
export async function orgPluginAdapter(services: Pick<Services, "auth">) {
  // The plugin's adapter takes Better Auth's general context; ours is that, typed by our options.
  const context = (await services.auth.$context) as unknown as Parameters<typeof getOrgAdapter>[0];
  return getOrgAdapter(context, {
    invitationExpiresIn: ORG_INVITATION_EXPIRES_IN_SECONDS,
  });
}

/** A plugin call's answer, or the plugin's refusal code (its checks back ours up). */
export async function pluginCall<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: unknown } | undefined)?.code;
      return { ok: false, code: typeof code === "string" ? code : String(error.status) };
    }
    throw error;
  }
}

/** Only owners make owners; SafeTap's admins make an organisation's first owner. */
export function mayGrantOwner(context: Pick<OrgContext, "role">) {
  return context.role === "owner" || context.role === "safetap_admin";
}

export const isAssignableRole = (value: unknown): value is AssignableOrgRole =>
  typeof value === "string" && (ASSIGNABLE_ORG_ROLES as readonly string[]).includes(value);

/** The rate limiter's key for an address: never the address itself. */
const destinationKey = (email: string) =>
  createHash("sha256").update(email).digest("hex").slice(0, 32);

/** Addresses that can receive nothing: an organisation's own account, a phone-only account. */
const unreachable = (email: string) =>
  isOrgAccountEmail(email) || email.endsWith("@phone.safetap.invalid");

/** The invited address, normalised, or null when it is not one we can write to. */
export function invitationEmail(raw: unknown): string | null {
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  return isEmail(email) && !unreachable(email) ? email : null;
}

/** The locations of the organisation among `ids`, or null when any is not the organisation's. */
export async function scopedLocationIds(
  executor: Executor,
  orgId: string,
  ids: readonly unknown[],
): Promise<string[] | null> {
  const unique = [...new Set(ids)];
  if (unique.length > 200) return null;
  const found: string[] = [];
  for (const id of unique) {
    const location = await locationOf(executor, orgId, id);
    if (!location) return null;
    found.push(location.id);
  }
  return found;
}

/** A member of the organisation with this address already (an existing login). */
async function memberWithEmail(executor: Executor, orgId: string, email: string) {
  const [row] = await executor
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, orgId), sql`lower(${user.email}) = ${email}`))
    .limit(1);
  return row ?? null;
}

/**
 * The language the invitation is written in: the recipient's own when they have an account,
 * else the one given (a sales enquiry's), else the inviter's.
 */
async function recipientLanguage(
  executor: Executor,
  email: string,
  fallback: string | undefined,
  inviterId: string,
) {
  const [recipient] = await executor
    .select({ language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(sql`lower(${user.email}) = ${email}`)
    .limit(1);
  if (recipient) return recipient.language;
  if (fallback) return fallback;
  const [inviter] = await executor
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, inviterId))
    .limit(1);
  return inviter?.language ?? "en";
}

async function displayName(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ name: user.name, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row?.fullName || row?.name || "SafeTap";
}

export type InviteResult =
  | { ok: true; invitationId: string }
  | {
      ok: false;
      reason:
        | "forbidden"
        | "invalid_email"
        | "invalid_role"
        | "owner_only"
        | "unknown_location"
        | "already_member"
        | "person_has_login"
        | "invitation_limit"
        | "refused";
    }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

const INVITE_REFUSALS: Record<
  string,
  Exclude<Extract<InviteResult, { ok: false }>["reason"], "rate_limited">
> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "already_member",
  INVITATION_LIMIT_REACHED: "invitation_limit",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "owner_only",
};

/**
 * Invites an address into the organisation in a role (staff: at `locationIds`, none meaning
 * everywhere), or, with `profileId`, one of its people to log in to their own card (role member).
 * Refused, sending nothing, when the asker may not invite, the address or role is not one, a
 * location is not the organisation's, the address is a member already, or the limits are spent.
 * A new invitation to the same address replaces the pending one (its link stops working).
 */
export async function inviteToOrg(
  services: Services,
  actor: OrgActor,
  input: {
    email: unknown;
    role: unknown;
    locationIds?: readonly unknown[];
    profileId?: string;
    /** The recipient's language when SafeTap knows it and they have no account (an enquiry's). */
    language?: string;
  },
): Promise<InviteResult> {
  const { db, cipher, config, limiter, logger } = services;
  const { context } = actor;
  const { org } = context;
  if (!orgCan(context, { invitation: ["create"] })) return { ok: false, reason: "forbidden" };
  const email = invitationEmail(input.email);
  if (!email) return { ok: false, reason: "invalid_email" };
  if (!isAssignableRole(input.role)) return { ok: false, reason: "invalid_role" };
  const role = input.role;
  if (role === "owner" && !mayGrantOwner(context)) return { ok: false, reason: "owner_only" };
  // Locations matter only for staff; owners and admins work everywhere (decision 135).
  const locationIds =
    role === "staff" ? await scopedLocationIds(db, org.id, input.locationIds ?? []) : [];
  if (!locationIds) return { ok: false, reason: "unknown_location" };
  if (input.profileId) {
    const person = await orgPerson(db, org.id, input.profileId);
    if (!person) return { ok: false, reason: "forbidden" };
    if (person.memberUserId) return { ok: false, reason: "person_has_login" };
  }
  if (await memberWithEmail(db, org.id, email)) return { ok: false, reason: "already_member" };
  const limited = await consumeAll(limiter, [
    [ORG_INVITE_RULES.organization, org.id],
    [ORG_INVITE_RULES.destination, destinationKey(email)],
  ]);
  if (!limited.allowed) {
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };
  }

  const extra = {
    ...(locationIds.length ? { locationIds: JSON.stringify(locationIds) } : {}),
    ...(input.profileId ? { profileId: input.profileId } : {}),
  };
  let invitationId: string;
  if (actsAsMember(actor)) {
    const created = await pluginCall(() =>
      services.auth.api.createInvitation({
        headers: actor.headers,
        body: { email, role, organizationId: org.id, ...extra },
      }),
    );
    if (!created.ok) return { ok: false, reason: INVITE_REFUSALS[created.code] ?? "refused" };
    invitationId = created.value.id;
  } else {
    // SafeTap's admin: the plugin's own records, as its endpoint would write them.
    const adapter = await orgPluginAdapter(services);
    for (const pending of await adapter.findPendingInvitation({ email, organizationId: org.id })) {
      await adapter.updateInvitation({ invitationId: pending.id, status: "canceled" });
    }
    const created = await adapter.createInvitation({
      invitation: { role, email, organizationId: org.id, teamIds: [], ...extra },
      user: { id: context.userId } as Parameters<typeof adapter.createInvitation>[0]["user"],
    });
    invitationId = created.id;
  }

  const [language, inviter] = await Promise.all([
    recipientLanguage(db, email, input.language, context.userId),
    displayName(db, context.userId),
  ]);
  await db.transaction(async (tx) => {
    await queueNotice(tx, cipher, {
      kind: "invitation",
      accountId: org.accountId,
      channel: "email",
      to: email,
      recipientName: maskIdentifier(email),
      payload: {
        template: input.profileId ? "orgCardInvitation" : "orgInvitation",
        language,
        params: {
          inviter,
          organization: org.name,
          role: messageText(language, `orgInvitation.roles.${role}`),
          days: String(ORG_INVITATION_DAYS),
        },
      },
      secretParams: { link: `${config.publicUrl}/org/invitations/${invitationId}` },
    });
    await recordAudit(tx, logger, {
      type: "org_member_invited",
      userId: context.userId,
      organizationId: org.id,
      profileId: input.profileId ?? null,
      clientAddress: actor.clientAddress,
      metadata: { invitation_id: invitationId, role, locations: locationIds.length },
    });
  });
  services.dispatcher?.nudge();
  return { ok: true, invitationId };
}

/** The organisation's pending invitation with this id (ids from a form are never trusted). */
async function pendingInvitationOf(executor: Executor, orgId: string, invitationId: unknown) {
  if (typeof invitationId !== "string" || invitationId.length > 64) return null;
  const [row] = await executor
    .select({ id: invitation.id, role: invitation.role })
    .from(invitation)
    .where(
      and(
        eq(invitation.id, invitationId),
        eq(invitation.organizationId, orgId),
        eq(invitation.status, "pending"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Withdraws a pending invitation of the organisation: its link stops working at once. */
export async function cancelOrgInvitation(
  services: Services,
  actor: OrgActor,
  invitationId: unknown,
): Promise<{ ok: true } | { ok: false; reason: "forbidden" | "not_found" | "refused" }> {
  const { context } = actor;
  if (!orgCan(context, { invitation: ["cancel"] })) return { ok: false, reason: "forbidden" };
  const pending = await pendingInvitationOf(services.db, context.org.id, invitationId);
  if (!pending) return { ok: false, reason: "not_found" };
  if (actsAsMember(actor)) {
    const cancelled = await pluginCall(() =>
      services.auth.api.cancelInvitation({
        headers: actor.headers,
        body: { invitationId: pending.id },
      }),
    );
    if (!cancelled.ok) return { ok: false, reason: "refused" };
  } else {
    const adapter = await orgPluginAdapter(services);
    await adapter.updateInvitation({ invitationId: pending.id, status: "canceled" });
  }
  await recordAudit(services.db, services.logger, {
    type: "org_invitation_cancelled",
    userId: context.userId,
    organizationId: context.org.id,
    clientAddress: actor.clientAddress,
    metadata: { invitation_id: pending.id },
  });
  return { ok: true };
}

/** Pending invitations of the organisation, newest first, as the staff page lists them. */
export async function pendingOrgInvitations(executor: Executor, orgId: string) {
  const rows = await executor
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      createdAt: invitation.createdAt,
      locationIds: invitation.locationIds,
      profileId: invitation.profileId,
      inviter: user.name,
    })
    .from(invitation)
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(
      and(
        eq(invitation.organizationId, orgId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .orderBy(sql`${invitation.createdAt} desc`)
    .limit(500);
  return rows.map((row) => ({ ...row, locationIds: parseLocationIds(row.locationIds) }));
}

function parseLocationIds(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export type OrgInvitationState =
  | "pending"
  | "expired"
  | "accepted"
  | "canceled"
  | "rejected"
  | "invalid";

/** Invitation ids are the plugin's: 32 letters and digits. Anything else is no invitation. */
const INVITATION_ID = /^[A-Za-z0-9_-]{16,64}$/;

async function findInvitation(executor: Executor, invitationId: unknown) {
  if (typeof invitationId !== "string" || !INVITATION_ID.test(invitationId)) return null;
  const [row] = await executor
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      locationIds: invitation.locationIds,
      profileId: invitation.profileId,
      organizationId: invitation.organizationId,
      organizationName: organization.name,
      slug: organization.slug,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(eq(invitation.id, invitationId))
    .limit(1);
  return row ?? null;
}

type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

function stateOf(found: FoundInvitation | null, now = new Date()): OrgInvitationState {
  if (!found) return "invalid";
  if (found.status === "canceled") return "canceled";
  if (found.status === "accepted") return "accepted";
  if (found.status === "rejected") return "rejected";
  if (found.status !== "pending") return "invalid";
  return found.expiresAt <= now ? "expired" : "pending";
}

/**
 * What the invitation page shows: its state, and while pending, the organisation, the role, the
 * address it was sent to (masked) and whether the signed-in user's address is that one.
 */
export async function readOrgInvitation(
  executor: Executor,
  invitationId: unknown,
  viewerEmail: string | null,
) {
  const found = await findInvitation(executor, invitationId);
  const state = stateOf(found);
  if (!found || state !== "pending") return { state, invitation: null };
  return {
    state,
    invitation: {
      organization: found.organizationName,
      role: isAssignableRole(found.role) ? found.role : "member",
      email: maskIdentifier(found.email),
      expiresAt: found.expiresAt,
      forOwnCard: Boolean(found.profileId),
      forViewer: viewerEmail === null ? null : found.email === viewerEmail.toLowerCase(),
    },
  };
}

export type AnswerResult =
  | { ok: true; slug: string; role: AssignableOrgRole; profileId: string | null }
  | {
      ok: false;
      reason:
        | Exclude<OrgInvitationState, "pending">
        | "wrong_address"
        | "already_member"
        | "person_has_login"
        | "refused";
    };

/** The checks both answers start with: the invitation is pending and addressed to this user. */
async function answerable(
  executor: Executor,
  recipient: { id: string; email: string },
  invitationId: unknown,
): Promise<{ ok: true; found: FoundInvitation } | Extract<AnswerResult, { ok: false }>> {
  const found = await findInvitation(executor, invitationId);
  const state = stateOf(found);
  if (!found || state !== "pending") {
    return { ok: false, reason: state === "pending" ? "invalid" : state };
  }
  if (found.email.toLowerCase() !== recipient.email.toLowerCase()) {
    return { ok: false, reason: "wrong_address" };
  }
  return { ok: true, found };
}

const ANSWER_REFUSALS: Record<string, Extract<AnswerResult, { ok: false }>["reason"]> = {
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: "wrong_address",
  INVITATION_NOT_FOUND: "invalid",
};

/**
 * Accepts an invitation through the plugin (which checks the address again) with the user's
 * own request headers: the user becomes a member in the invited role; staff work at the invited
 * locations that still exist; an invitation for one of the organisation's people links that
 * person to this login. Refused, changing nothing, for an invitation that is not pending, another
 * address, a member already, or a person who has a login already.
 */
export async function acceptOrgInvitation(
  services: Services,
  recipient: { id: string; email: string; headers: Headers },
  invitationId: unknown,
): Promise<AnswerResult> {
  const { db, logger } = services;
  const checked = await answerable(db, recipient, invitationId);
  if (!checked.ok) return checked;
  const { found } = checked;
  const [already] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, found.organizationId), eq(member.userId, recipient.id)))
    .limit(1);
  if (already) return { ok: false, reason: "already_member" };
  if (found.profileId) {
    const person = await orgPerson(db, found.organizationId, found.profileId);
    if (!person) return { ok: false, reason: "invalid" };
    if (person.memberUserId && person.memberUserId !== recipient.id) {
      return { ok: false, reason: "person_has_login" };
    }
  }
  const accepted = await pluginCall(() =>
    services.auth.api.acceptInvitation({
      headers: recipient.headers,
      body: { invitationId: found.id },
    }),
  );
  if (!accepted.ok) return { ok: false, reason: ANSWER_REFUSALS[accepted.code] ?? "refused" };
  const memberId = accepted.value?.member.id;
  const role = isAssignableRole(found.role) ? found.role : "member";
  await db.transaction(async (tx) => {
    if (memberId && role === "staff") {
      // Locations removed since the invitation was sent are left out.
      const locations = parseLocationIds(found.locationIds).filter((id) => UUID.test(id));
      const existing = locations.length
        ? await tx
            .select({ id: orgLocations.id })
            .from(orgLocations)
            .where(
              and(
                eq(orgLocations.organizationId, found.organizationId),
                inArray(orgLocations.id, locations),
              ),
            )
        : [];
      if (existing.length) {
        await tx
          .insert(orgMemberLocations)
          .values(existing.map((l) => ({ memberId, locationId: l.id })))
          .onConflictDoNothing();
      }
    }
    if (found.profileId) {
      await tx
        .update(profiles)
        .set({ memberUserId: recipient.id })
        .where(
          and(
            eq(profiles.id, found.profileId),
            eq(profiles.organizationId, found.organizationId),
            sql`(${profiles.memberUserId} is null or ${profiles.memberUserId} = ${recipient.id})`,
          ),
        );
    }
    await recordAudit(tx, logger, {
      type: "org_member_joined",
      userId: recipient.id,
      organizationId: found.organizationId,
      profileId: found.profileId ?? null,
      metadata: { invitation_id: found.id, role },
    });
  });
  return { ok: true, slug: found.slug, role, profileId: found.profileId ?? null };
}

/** Declines an invitation through the plugin with the user's headers; nothing else changes. */
export async function declineOrgInvitation(
  services: Services,
  recipient: { id: string; email: string; headers: Headers },
  invitationId: unknown,
): Promise<{ ok: true } | Extract<AnswerResult, { ok: false }>> {
  const checked = await answerable(services.db, recipient, invitationId);
  if (!checked.ok) return checked;
  const declined = await pluginCall(() =>
    services.auth.api.rejectInvitation({
      headers: recipient.headers,
      body: { invitationId: checked.found.id },
    }),
  );
  if (!declined.ok) return { ok: false, reason: ANSWER_REFUSALS[declined.code] ?? "refused" };
  await recordAudit(services.db, services.logger, {
    type: "org_invitation_declined",
    userId: recipient.id,
    organizationId: checked.found.organizationId,
    metadata: { invitation_id: checked.found.id },
  });
  return { ok: true };
}
