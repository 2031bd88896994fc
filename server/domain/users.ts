import { and, eq, notIlike, or, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { ORG_ACCOUNT_EMAIL_DOMAIN } from "#core/org-admin.ts";
import { isPlanId, type PlanId } from "#core/plans.ts";
import { isRole, type Role } from "#core/roles.ts";
import type { Executor } from "#server/db/client.ts";
import { profiles, user, userRoles } from "#server/db/schema.ts";
import { ensureHousehold } from "./people.ts";

export class UserNotFoundError extends Error {
  constructor(identifier: string) {
    super(`No user found for "${identifier}"`);
    this.name = "UserNotFoundError";
  }
}

/** Phone-only accounts carry a placeholder address that can never receive mail (server/auth/flows.ts). */
const PHONE_ACCOUNT_DOMAIN = "@phone.safetap.invalid";

/**
 * Where the account itself is told things: its email, or its phone by SMS for a phone-only
 * account (whose address is a placeholder that can never receive mail).
 */
export function accountDestination(
  email: string,
  phoneNumber: string | null,
): { channel: "email" | "sms"; address: string } {
  return email.endsWith(PHONE_ACCOUNT_DOMAIN) && phoneNumber
    ? { channel: "sms", address: phoneNumber }
    : { channel: "email", address: email };
}

/** How operators see an account: its phone number for phone-only accounts, else its email. */
export function accountLabel(email: string | null, phoneNumber: string | null): string {
  if (!email) return phoneNumber ?? "";
  return email.endsWith(PHONE_ACCOUNT_DOMAIN) && phoneNumber ? phoneNumber : email;
}

/**
 * The E.164 form of a phone number typed by an operator ("+44 7700 900123",
 * "+447700900123"), or null when it is not one. Only a possible number is
 * looked up; whether it is assigned does not matter for finding an account.
 */
export function toE164(identifier: string): string | null {
  if (!identifier.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(identifier);
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * Finds a user by id, email address (case-insensitive) or E.164 phone number. An organisation's
 * own account is nobody an operator looks up (decision 139): it is never found.
 */
export async function findUserByIdentifier(db: Executor, identifier: string) {
  const trimmed = identifier.trim();
  const phone = toE164(trimmed);
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, phoneNumber: user.phoneNumber })
    .from(user)
    .where(
      and(
        trimmed.includes("@")
          ? sql`lower(${user.email}) = ${trimmed.toLowerCase()}`
          : phone
            ? or(eq(user.phoneNumber, phone), eq(user.id, trimmed))
            : eq(user.id, trimmed),
        notIlike(user.email, `%@${ORG_ACCOUNT_EMAIL_DOMAIN}`),
      ),
    )
    .limit(1);
  return row ? { ...row, label: accountLabel(row.email, row.phoneNumber) } : null;
}

async function requireUser(db: Executor, identifier: string) {
  const found = await findUserByIdentifier(db, identifier);
  if (!found) throw new UserNotFoundError(identifier);
  return found;
}

export async function setUserPlan(db: Executor, identifier: string, plan: PlanId) {
  if (!isPlanId(plan)) throw new RangeError(`Unknown plan "${plan}"`);
  const found = await requireUser(db, identifier);
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: found.id, accountId: found.id, plan })
      .onConflictDoUpdate({ target: profiles.id, set: { plan } });
    // The account on the Family plan is a household (decision 128); it stays one if the plan
    // changes later, and its limits follow the owner's plan.
    if (plan === "family") await ensureHousehold(tx, found.id);
  });
  return { userId: found.id, account: found.label, plan };
}

export async function grantRole(db: Executor, identifier: string, role: Role) {
  if (!isRole(role)) throw new RangeError(`Unknown role "${role}"`);
  const found = await requireUser(db, identifier);
  await db.insert(userRoles).values({ userId: found.id, role }).onConflictDoNothing();
  return { userId: found.id, account: found.label, role };
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
