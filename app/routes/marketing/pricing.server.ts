import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isPlanId, type PlanId } from "#core/plans.ts";
import { profiles } from "#server/db/schema.ts";
import { contactsAfterPlanChange } from "#server/domain/contacts.ts";
import { setUserPlan } from "#server/domain/users.ts";

/** Who is looking at the plans, and which one they are on (users start on Free). */
export async function planViewer(request: Request, context: AppLoadContext) {
  const user = await getSessionUser(request, context);
  if (!user) return { signedIn: false, currentPlan: null };
  const [row] = await context.services.db
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, user.id))
    .limit(1);
  const currentPlan: PlanId = isPlanId(row?.plan) ? row.plan : "free";
  return { signedIn: true, currentPlan };
}

/**
 * Puts the signed-in user (and only them) on the Free plan. Returns whether
 * onboarding is done, which decides where they go next.
 */
export async function switchToFreePlan(context: AppLoadContext, userId: string) {
  const { db } = context.services;
  await setUserPlan(db, userId, "free");
  const [row] = await db
    .select({ onboardingCompleted: profiles.onboardingCompleted })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return { onboardingCompleted: row?.onboardingCompleted ?? false };
}

/**
 * Whether moving to Free would stop alerting some of the user's contacts; the
 * dashboard then says who stays alerted and asks first (decision 095).
 */
export async function freePlanDropsContacts(context: AppLoadContext, userId: string) {
  return Boolean(await contactsAfterPlanChange(context.services.db, userId, "free"));
}
