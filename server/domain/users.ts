import { eq, sql } from "drizzle-orm";
import { isPlanId, type PlanId } from "../../app/lib/plans.ts";
import type { Executor } from "../db/client.ts";
import { profiles, user, userRoles } from "../db/schema.ts";

export const ROLES = ["admin", "moderator"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export class UserNotFoundError extends Error {
  constructor(identifier: string) {
    super(`No user found for "${identifier}"`);
    this.name = "UserNotFoundError";
  }
}

/** Finds a user by id or by email address (case-insensitive). */
export async function findUserByIdentifier(db: Executor, identifier: string) {
  const trimmed = identifier.trim();
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(
      trimmed.includes("@")
        ? sql`lower(${user.email}) = ${trimmed.toLowerCase()}`
        : eq(user.id, trimmed),
    )
    .limit(1);
  return row ?? null;
}

async function requireUser(db: Executor, identifier: string) {
  const found = await findUserByIdentifier(db, identifier);
  if (!found) throw new UserNotFoundError(identifier);
  return found;
}

export async function setUserPlan(db: Executor, identifier: string, plan: PlanId) {
  if (!isPlanId(plan)) throw new RangeError(`Unknown plan "${plan}"`);
  const found = await requireUser(db, identifier);
  await db
    .insert(profiles)
    .values({ id: found.id, plan })
    .onConflictDoUpdate({ target: profiles.id, set: { plan } });
  return { userId: found.id, email: found.email, plan };
}

export async function grantRole(db: Executor, identifier: string, role: Role) {
  if (!isRole(role)) throw new RangeError(`Unknown role "${role}"`);
  const found = await requireUser(db, identifier);
  await db.insert(userRoles).values({ userId: found.id, role }).onConflictDoNothing();
  return { userId: found.id, email: found.email, role };
}

/** Every role a user holds. */
export async function rolesOf(db: Executor, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(sql`${userRoles.userId} = ${userId}`);
  return rows.map((row) => row.role).filter(isRole);
}

export async function hasRole(db: Executor, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(sql`${userRoles.userId} = ${userId} and ${userRoles.role} = ${role}`)
    .limit(1);
  return rows.length > 0;
}
