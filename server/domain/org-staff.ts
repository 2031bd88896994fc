/**
 * The organisation's people with logins and their roles (issue 16 item 2, decision 139): the
 * staff page lists them, changes a role, removes a member and sets where a staff member works.
 * Role changes and removals go through Better Auth's plugin with the asker's headers (it checks
 * the asker's role again); SafeTap's admins go through its adapter after the same checks. Only
 * owners (and SafeTap's admins) make, change or remove owners, and the last owner stays.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AssignableOrgRole } from "#core/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { member, orgMemberLocations, profiles, user } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import {
  actsAsMember,
  isAssignableRole,
  mayGrantOwner,
  type OrgActor,
  orgPluginAdapter,
  pluginCall,
  scopedLocationIds,
} from "./org-invitations.ts";
import { orgCan } from "./organizations.ts";

/** A role list as Better Auth stores it ("admin" or "admin,staff") holds `role`. */
const holds = (role: string) => sql`${role} = any(string_to_array(${member.role}, ','))`;

/** Members with a login (never the organisation's own account), owners first. */
export async function listOrgMembers(executor: Executor, orgId: string) {
  const rows = await executor
    .select({
      id: member.id,
      userId: member.userId,
      role: member.role,
      joinedAt: member.createdAt,
      email: user.email,
      name: user.name,
      fullName: profiles.fullName,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(profiles, eq(profiles.id, member.userId))
    .where(and(eq(member.organizationId, orgId), sql`not ${holds("account")}`))
    .orderBy(
      sql`case when ${holds("owner")} then 0 when ${holds("admin")} then 1 when ${holds("staff")} then 2 else 3 end`,
      asc(user.name),
    )
    .limit(1000);
  const ids = rows.map((r) => r.id);
  const [locations, people] = await Promise.all([
    ids.length
      ? executor
          .select({
            memberId: orgMemberLocations.memberId,
            locationId: orgMemberLocations.locationId,
          })
          .from(orgMemberLocations)
          .where(inArray(orgMemberLocations.memberId, ids))
      : [],
    // A member with a login reaches their own card: which person that is.
    executor
      .select({ id: profiles.id, fullName: profiles.fullName, memberUserId: profiles.memberUserId })
      .from(profiles)
      .where(and(eq(profiles.organizationId, orgId), sql`${profiles.memberUserId} is not null`))
      .limit(1000),
  ]);
  return rows.map((row) => ({
    id: row.id,
    role: isAssignableRole(row.role) ? row.role : ("member" as AssignableOrgRole),
    name: row.fullName || row.name,
    email: row.email,
    joinedAt: row.joinedAt,
    locationIds: locations.filter((l) => l.memberId === row.id).map((l) => l.locationId),
    person: people.find((p) => p.memberUserId === row.userId) ?? null,
  }));
}

/** The organisation's member with this id (ids from a form are never trusted). */
async function memberOf(executor: Executor, orgId: string, memberId: unknown) {
  if (typeof memberId !== "string" || memberId.length > 64) return null;
  const [row] = await executor
    .select({ id: member.id, userId: member.userId, role: member.role })
    .from(member)
    .where(
      and(eq(member.id, memberId), eq(member.organizationId, orgId), sql`not ${holds("account")}`),
    )
    .limit(1);
  return row ?? null;
}

async function ownerCount(executor: Executor, orgId: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(member)
    .where(and(eq(member.organizationId, orgId), holds("owner")));
  return row?.n ?? 0;
}

const isOwner = (role: string) => role.split(",").includes("owner");

export type StaffChangeResult =
  | { ok: true }
  | {
      ok: false;
      reason:
        | "forbidden"
        | "not_found"
        | "invalid_role"
        | "owner_only"
        | "last_owner"
        | "not_staff"
        | "unknown_location"
        | "refused";
    };

/**
 * Gives a member another role. Only owners (and SafeTap's admins) make or unmake owners; the
 * last owner keeps the role. A member who is no longer staff no longer has locations (owners and
 * admins work everywhere).
 */
export async function changeOrgMemberRole(
  services: Services,
  actor: OrgActor,
  memberId: unknown,
  role: unknown,
): Promise<StaffChangeResult> {
  const { db, logger } = services;
  const { context } = actor;
  const orgId = context.org.id;
  if (!orgCan(context, { member: ["update"] })) return { ok: false, reason: "forbidden" };
  if (!isAssignableRole(role)) return { ok: false, reason: "invalid_role" };
  const target = await memberOf(db, orgId, memberId);
  if (!target) return { ok: false, reason: "not_found" };
  if (target.role === role) return { ok: true };
  if ((role === "owner" || isOwner(target.role)) && !mayGrantOwner(context)) {
    return { ok: false, reason: "owner_only" };
  }
  if (isOwner(target.role) && (await ownerCount(db, orgId)) <= 1) {
    return { ok: false, reason: "last_owner" };
  }
  if (actsAsMember(actor)) {
    const updated = await pluginCall(() =>
      services.auth.api.updateMemberRole({
        headers: actor.headers,
        body: { memberId: target.id, role, organizationId: orgId },
      }),
    );
    if (!updated.ok) return { ok: false, reason: "refused" };
  } else {
    await (await orgPluginAdapter(services)).updateMember(target.id, role);
  }
  await db.transaction(async (tx) => {
    if (role !== "staff") {
      await tx.delete(orgMemberLocations).where(eq(orgMemberLocations.memberId, target.id));
    }
    await recordAudit(tx, logger, {
      type: "org_member_role_changed",
      userId: context.userId,
      organizationId: orgId,
      clientAddress: actor.clientAddress,
      metadata: { member_id: target.id, from: target.role, to: role },
    });
  });
  return { ok: true };
}

/**
 * Removes a member's login from the organisation. The last owner stays; only owners (and
 * SafeTap's admins) remove owners. A person linked to that login keeps their card, which the
 * login no longer reaches.
 */
export async function removeOrgMember(
  services: Services,
  actor: OrgActor,
  memberId: unknown,
): Promise<StaffChangeResult> {
  const { db, logger } = services;
  const { context } = actor;
  const orgId = context.org.id;
  if (!orgCan(context, { member: ["delete"] })) return { ok: false, reason: "forbidden" };
  const target = await memberOf(db, orgId, memberId);
  if (!target) return { ok: false, reason: "not_found" };
  if (isOwner(target.role)) {
    if (!mayGrantOwner(context)) return { ok: false, reason: "owner_only" };
    if ((await ownerCount(db, orgId)) <= 1) return { ok: false, reason: "last_owner" };
  }
  if (actsAsMember(actor)) {
    const removed = await pluginCall(() =>
      services.auth.api.removeMember({
        headers: actor.headers,
        body: { memberIdOrEmail: target.id, organizationId: orgId },
      }),
    );
    if (!removed.ok) return { ok: false, reason: "refused" };
  } else {
    await (await orgPluginAdapter(services)).deleteMember({
      memberId: target.id,
      organizationId: orgId,
      userId: target.userId,
    });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ memberUserId: null })
      .where(and(eq(profiles.organizationId, orgId), eq(profiles.memberUserId, target.userId)));
    await recordAudit(tx, logger, {
      type: "org_member_removed",
      userId: context.userId,
      organizationId: orgId,
      clientAddress: actor.clientAddress,
      metadata: { member_id: target.id, role: target.role },
    });
  });
  return { ok: true };
}

/** Sets the locations a staff member works at (none: every location). */
export async function setOrgMemberLocations(
  services: Services,
  actor: OrgActor,
  memberId: unknown,
  locationIds: readonly unknown[],
): Promise<StaffChangeResult> {
  const { db, logger } = services;
  const { context } = actor;
  const orgId = context.org.id;
  if (!orgCan(context, { member: ["update"] })) return { ok: false, reason: "forbidden" };
  const target = await memberOf(db, orgId, memberId);
  if (!target) return { ok: false, reason: "not_found" };
  if (target.role !== "staff") return { ok: false, reason: "not_staff" };
  const locations = await scopedLocationIds(db, orgId, locationIds);
  if (!locations) return { ok: false, reason: "unknown_location" };
  await db.transaction(async (tx) => {
    await tx.delete(orgMemberLocations).where(eq(orgMemberLocations.memberId, target.id));
    if (locations.length) {
      await tx
        .insert(orgMemberLocations)
        .values(locations.map((locationId) => ({ memberId: target.id, locationId })));
    }
    await recordAudit(tx, logger, {
      type: "org_member_locations_changed",
      userId: context.userId,
      organizationId: orgId,
      clientAddress: actor.clientAddress,
      metadata: { member_id: target.id, locations: locations.length },
    });
  });
  return { ok: true };
}
