/**
 * Organisations (issue 16, decision 135). Better Auth's organization plugin owns the
 * organisation, its members (people with a login and a role) and invitations; SafeTap adds
 * locations, presets, seats and the people the organisation manages. Those people are profiles
 * whose managing account is the organisation's own account: a user row with no credential and an
 * address that cannot receive mail, which nobody can sign in as. So tags, contacts, alerts and
 * quotas work for them exactly as for a household's dependants.
 *
 * Every org route starts with `orgContextFor` (who is asking, in which organisation, with which
 * role) and `orgCan` (may that role do this): a non-member gets the same 404 as an organisation
 * that does not exist.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  isOrgAccountEmail,
  ORG_ACCOUNT_EMAIL_DOMAIN,
  RESERVED_ORG_SLUGS,
} from "#core/org-admin.ts";
import {
  isOrgPreset,
  ORG_INCLUDED_SEATS,
  ORG_PRESETS,
  ORG_SLUG,
  type OrgPermission,
  type OrgPreset,
  type OrgRole,
  orgRoleCan,
} from "#core/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import {
  member,
  organization,
  orgLocations,
  orgMemberLocations,
  profiles,
  user,
} from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import { hasRole } from "./users.ts";

// The organisation's own account's address (decision 135); defined in core so that the user
// lookups can leave these accounts out without importing this module.
export { isOrgAccountEmail, ORG_ACCOUNT_EMAIL_DOMAIN };

export interface OrgSummary {
  id: string;
  name: string;
  slug: string;
  preset: OrgPreset;
  extraSeats: number;
  /** The organisation's own account: the managing account of its people. */
  accountId: string;
}

export interface OrgContext {
  org: OrgSummary;
  /** The asker's role in it; "safetap_admin" for SafeTap's own staff who are not members. */
  role: OrgRole | "safetap_admin";
  /** The asker's member row (null for SafeTap staff acting from outside). */
  memberId: string | null;
  userId: string;
  /** The locations the asker works at; null means every location. */
  locationIds: string[] | null;
}

const orgColumns = {
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  preset: organization.preset,
  extraSeats: organization.extraSeats,
  accountId: organization.accountId,
};

function summary(row: typeof organization.$inferSelect | Record<string, unknown>): OrgSummary {
  const r = row as OrgSummary & { preset: string };
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    preset: isOrgPreset(r.preset) ? r.preset : "other",
    extraSeats: r.extraSeats,
    accountId: r.accountId,
  };
}

export async function findOrganizationBySlug(
  executor: Executor,
  slug: unknown,
): Promise<OrgSummary | null> {
  if (typeof slug !== "string" || !ORG_SLUG.test(slug)) return null;
  const [row] = await executor
    .select(orgColumns)
    .from(organization)
    .where(eq(organization.slug, slug))
    .limit(1);
  return row ? summary(row) : null;
}

/** The organisation whose own account this is, if it is one. */
export async function organizationOfAccount(
  executor: Executor,
  accountId: string,
): Promise<OrgSummary | null> {
  const [row] = await executor
    .select(orgColumns)
    .from(organization)
    .where(eq(organization.accountId, accountId))
    .limit(1);
  return row ? summary(row) : null;
}

/**
 * Who `userId` is in the organisation at `slug`: null when they are not a member (or it does not
 * exist; the two are answered alike). SafeTap's admins may act in any organisation as its admin
 * (setting it up on a customer's behalf), which the organisation's log records as theirs.
 */
export async function orgContextFor(
  executor: Executor,
  userId: string,
  slug: unknown,
): Promise<OrgContext | null> {
  const org = await findOrganizationBySlug(executor, slug);
  if (!org) return null;
  const [row] = await executor
    .select({ id: member.id, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, org.id), eq(member.userId, userId)))
    .limit(1);
  if (!row) {
    if (await hasRole(executor, userId, "admin")) {
      return { org, role: "safetap_admin", memberId: null, userId, locationIds: null };
    }
    return null;
  }
  if (row.role === "account") return null;
  const locations = await executor
    .select({ locationId: orgMemberLocations.locationId })
    .from(orgMemberLocations)
    .where(eq(orgMemberLocations.memberId, row.id));
  return {
    org,
    role: row.role as OrgRole,
    memberId: row.id,
    userId,
    locationIds: locations.length ? locations.map((l) => l.locationId) : null,
  };
}

/** Whether the asker's role may do all of `permission` (SafeTap's admins act as an admin). */
export function orgCan(context: Pick<OrgContext, "role">, permission: OrgPermission): boolean {
  return orgRoleCan(context.role === "safetap_admin" ? "admin" : context.role, permission);
}

/** Whether the asker works at a location (admins and owners: everywhere). */
export function worksAt(context: OrgContext, locationId: string | null): boolean {
  if (context.locationIds === null) return true;
  return locationId !== null && context.locationIds.includes(locationId);
}

/** Every organisation the user is a member of, for the dashboard's links and reader mode. */
export async function organizationsOf(executor: Executor, userId: string) {
  const rows = await executor
    .select({ ...orgColumns, role: member.role, memberId: member.id })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.userId, userId), sql`${member.role} <> 'account'`))
    .orderBy(asc(organization.name));
  return rows.map((row) => ({
    ...summary(row),
    role: row.role as OrgRole,
    memberId: row.memberId,
  }));
}

export type CreateOrganizationResult =
  | { ok: true; organization: OrgSummary }
  | {
      ok: false;
      reason: "invalid_name" | "invalid_slug" | "slug_taken" | "slug_reserved" | "invalid_preset";
    };

/**
 * Creates an organisation: its own account (no credential, an address that receives nothing,
 * the Enterprise plan on its profile), then the organisation through Better Auth's plugin with
 * that account as its creator in the role "account". Only SafeTap creates organisations: the
 * admin page, the `orgs create` command and a won sales enquiry call this.
 */
export async function createOrganization(
  services: Pick<Services, "db" | "auth" | "logger">,
  input: { name: unknown; slug: unknown; preset: unknown; createdBy?: string | null },
): Promise<CreateOrganizationResult> {
  const name = typeof input.name === "string" ? input.name.trim().replace(/\s+/g, " ") : "";
  if (name.length < 2 || name.length > 100 || /[<>]/.test(name)) {
    return { ok: false, reason: "invalid_name" };
  }
  const slug = typeof input.slug === "string" ? input.slug.trim().toLowerCase() : "";
  if (!ORG_SLUG.test(slug)) return { ok: false, reason: "invalid_slug" };
  if (RESERVED_ORG_SLUGS.includes(slug)) return { ok: false, reason: "slug_reserved" };
  if (!isOrgPreset(input.preset)) return { ok: false, reason: "invalid_preset" };
  const preset = input.preset;
  const { db } = services;
  if (await findOrganizationBySlug(db, slug)) return { ok: false, reason: "slug_taken" };

  const accountId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id: accountId,
      name,
      email: `${accountId}@${ORG_ACCOUNT_EMAIL_DOMAIN}`,
      emailVerified: false,
    });
    // The account's own profile row holds the plan (decision 128); it is never shown.
    await tx.insert(profiles).values({
      id: accountId,
      accountId,
      fullName: name,
      plan: "enterprise",
      onboardingCompleted: true,
    });
  });
  let created: { id: string } | null = null;
  try {
    created = await services.auth.api.createOrganization({
      body: { name, slug, preset, accountId, userId: accountId },
    });
  } catch (error) {
    await db.delete(user).where(eq(user.id, accountId));
    // Another request took the slug between the check and the insert.
    if (await findOrganizationBySlug(db, slug)) return { ok: false, reason: "slug_taken" };
    throw error;
  }
  if (!created) throw new Error("Better Auth created no organisation");
  const org: OrgSummary = { id: created.id, name, slug, preset, extraSeats: 0, accountId };
  await recordAudit(db, services.logger, {
    type: "org_created",
    userId: input.createdBy ?? null,
    organizationId: org.id,
    metadata: { slug, preset },
  });
  return { ok: true, organization: org };
}

/** Seats: the 100 included plus what a SafeTap admin added; used = managed people + staff. */
export async function orgSeatUsage(executor: Executor, org: OrgSummary) {
  const [people] = await executor
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.organizationId, org.id), sql`${profiles.id} <> ${org.accountId}`));
  return { used: people?.n ?? 0, limit: ORG_INCLUDED_SEATS + org.extraSeats };
}

/** Sets the seats a SafeTap admin added beyond the included ones (no payments, DESIGN 1.4). */
export async function setOrgExtraSeats(
  services: Pick<Services, "db" | "logger">,
  orgId: string,
  extraSeats: number,
  by: string | null,
) {
  if (!Number.isInteger(extraSeats) || extraSeats < 0 || extraSeats > 1_000_000) {
    throw new RangeError("Extra seats must be a whole number from 0");
  }
  await services.db.update(organization).set({ extraSeats }).where(eq(organization.id, orgId));
  await recordAudit(services.db, services.logger, {
    type: "org_seats_changed",
    userId: by,
    organizationId: orgId,
    metadata: { extraSeats },
  });
}

export async function listLocations(executor: Executor, orgId: string) {
  return executor
    .select()
    .from(orgLocations)
    .where(eq(orgLocations.organizationId, orgId))
    .orderBy(asc(orgLocations.name));
}

/** The location, only if it belongs to the organisation (ids from a form are never trusted). */
export async function locationOf(executor: Executor, orgId: string, locationId: unknown) {
  if (typeof locationId !== "string" || !/^[0-9a-f-]{36}$/i.test(locationId)) return null;
  const [row] = await executor
    .select()
    .from(orgLocations)
    .where(and(eq(orgLocations.id, locationId), eq(orgLocations.organizationId, orgId)))
    .limit(1);
  return row ?? null;
}

/** The organisation's person, only if they belong to it. */
export async function orgPerson(executor: Executor, orgId: string, profileId: unknown) {
  if (typeof profileId !== "string" || profileId.length > 64) return null;
  const [row] = await executor
    .select({
      id: profiles.id,
      accountId: profiles.accountId,
      memberUserId: profiles.memberUserId,
      locationId: profiles.locationId,
    })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, orgId)))
    .limit(1);
  return row ?? null;
}

/** The organisations (ids) in which `userId` holds one of `roles`. */
export async function orgIdsWithRole(
  executor: Executor,
  userId: string,
  roles: readonly string[],
): Promise<string[]> {
  const rows = await executor
    .select({ organizationId: member.organizationId })
    .from(member)
    .where(and(eq(member.userId, userId), inArray(member.role, [...roles])));
  return rows.map((r) => r.organizationId);
}

export { ORG_PRESETS };
