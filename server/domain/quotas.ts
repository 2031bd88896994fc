/**
 * Every limit a plan sets, answered in one place (decision 126): tags, contacts, and the message
 * and voice allowances that alerts and escalations spend. Each answer that guards a write is
 * given inside that write's transaction, under a lock per holder and resource, and reads the
 * plan after that lock with a share lock on it: two requests cannot both slip under a limit,
 * and the plan cannot change until the write commits. Expected refusals are returned
 * (`{ ok: false, reason }`); only bugs throw.
 */
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import {
  type Channel,
  channelsCountedAs,
  describeChannel,
  QUOTA_KINDS,
  type QuotaKind,
} from "#core/channels.ts";
import {
  allowanceLimit,
  isPlanId,
  onboardingContactRows,
  PLANS,
  type PlanId,
} from "#core/plans.ts";
import type { Executor, Transaction } from "#server/db/client.ts";
import { alertDeliveries, alerts, contacts, profiles, tags } from "#server/db/schema.ts";

/**
 * Whose plan a limit belongs to. Today every user holds their own plan; a household (Family) or
 * an organisation will hold one for all its members (DESIGN 1b.1). Callers name the user, never
 * the holder, so that change stays inside this module.
 */
export interface QuotaHolder {
  kind: "user";
  id: string;
  plan: PlanId;
}

export type QuotaAnswer<Reason extends string> =
  | { ok: true; holder: QuotaHolder }
  | { ok: false; reason: Reason; limit: number };

/** What a plan limits, each serialised per holder by its own lock. */
type Resource = "tags" | "contacts" | "alerts";

/** The holder whose plan limits this user, and that plan (Free without a profile). */
export async function quotaHolderFor(executor: Executor, userId: string): Promise<QuotaHolder> {
  return holderOf(
    await executor.select({ plan: profiles.plan }).from(profiles).where(eq(profiles.id, userId)),
    userId,
  );
}

const holderOf = (rows: { plan: string }[], userId: string): QuotaHolder => ({
  kind: "user",
  id: userId,
  plan: isPlanId(rows[0]?.plan) ? rows[0].plan : "free",
});

/**
 * Locks one of the holder's resources until the transaction ends, then reads the plan under a
 * share lock: the counts and the plan a write is checked against stay as read until it commits.
 */
async function lockHolder(
  tx: Transaction,
  userId: string,
  resource: Resource,
): Promise<QuotaHolder> {
  // The holder is the user today, so its lock is known before anything is read.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${resource}:${userId}`}))`);
  const rows = await tx
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("share");
  return holderOf(rows, userId);
}

/** Whether the user may own one more tag. Call inside the transaction that claims it. */
export async function tagQuota(tx: Transaction, userId: string): Promise<QuotaAnswer<"tag_limit">> {
  const holder = await lockHolder(tx, userId, "tags");
  const limit = PLANS[holder.plan].limits.tags;
  if (limit === null) return { ok: true, holder };
  const [{ owned } = { owned: 0 }] = await tx
    .select({ owned: sql<number>`count(*)::int` })
    .from(tags)
    .where(eq(tags.userId, holder.id));
  return owned < limit ? { ok: true, holder } : { ok: false, reason: "tag_limit", limit };
}

/** Where contacts are added: onboarding offers min(3, the plan's limit) rows and holds to them. */
type ContactEntry = { onboarding?: boolean };

const contactLimit = (holder: QuotaHolder, entry: ContactEntry): number | null =>
  entry.onboarding ? onboardingContactRows(holder.plan) : PLANS[holder.plan].limits.contacts;

/** The contact limit the dashboard shows (null: none fixed); `contactQuota` enforces it. */
export async function contactLimitFor(executor: Executor, userId: string): Promise<number | null> {
  return contactLimit(await quotaHolderFor(executor, userId), {});
}

/** Whether `adding` more contacts fit. Call inside the transaction that adds them. */
export async function contactQuota(
  tx: Transaction,
  userId: string,
  adding: number,
  entry: ContactEntry = {},
): Promise<QuotaAnswer<"contact_limit">> {
  const holder = await lockHolder(tx, userId, "contacts");
  const limit = contactLimit(holder, entry);
  if (limit === null) return { ok: true, holder };
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.userId, holder.id));
  return count + adding <= limit
    ? { ok: true, holder }
    : { ok: false, reason: "contact_limit", limit };
}

/** Sends counted against each allowance in the current period. */
export type Usage = Record<QuotaKind, number>;

/**
 * What is left of a holder's allowances. `take` spends one send on a channel from the allowance
 * it counts against and says whether it fitted; channels no allowance counts (email) always fit.
 */
export interface Allowance {
  take(channel: Channel): boolean;
}

export function allowanceLeft(plan: PlanId, used: Usage): Allowance {
  const left = {} as Record<QuotaKind, number>;
  for (const quota of QUOTA_KINDS) {
    const limit = allowanceLimit(PLANS[plan].limits, quota);
    left[quota] = limit === null ? Number.POSITIVE_INFINITY : limit - used[quota];
  }
  return {
    take(channel) {
      const quota = describeChannel(channel).quota;
      if (quota === null) return true;
      if (left[quota] <= 0) return false;
      left[quota]--;
      return true;
    },
  };
}

/** Where the counted period began: the account's whole life on Free, else this month (UTC). */
export function periodStart(plan: PlanId, now = new Date()): Date {
  return PLANS[plan].limits.quotaPeriod === "lifetime"
    ? new Date(0)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** A delivery in these states was or will be paid for; skipped and cancelled ones were not. */
const SPENT_STATUSES = ["pending", "sending", "sent", "delivered", "failed"];

async function usageOf(executor: Executor, holder: QuotaHolder): Promise<Usage> {
  const counted = QUOTA_KINDS.flatMap((quota) => channelsCountedAs(quota));
  const rows = await executor
    .select({ channel: alertDeliveries.channel, n: sql<number>`count(*)::int` })
    .from(alertDeliveries)
    .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
    .where(
      and(
        eq(alerts.userId, holder.id),
        inArray(alertDeliveries.channel, counted),
        inArray(alertDeliveries.status, SPENT_STATUSES),
        gte(alertDeliveries.createdAt, periodStart(holder.plan)),
      ),
    )
    .groupBy(alertDeliveries.channel);
  const used = {} as Usage;
  for (const quota of QUOTA_KINDS) {
    const channels: string[] = channelsCountedAs(quota);
    used[quota] = rows
      .filter((row) => channels.includes(row.channel))
      .reduce((sum, row) => sum + row.n, 0);
  }
  return used;
}

/**
 * The user's alert allowance under the holder's alerts lock, for alerts and escalations alike.
 * Call inside the transaction that records the deliveries: concurrent alerts wait for it, so
 * they cannot spend the same allowance twice.
 */
export async function alertAllowance(
  tx: Transaction,
  userId: string,
): Promise<{ holder: QuotaHolder; used: Usage; allowance: Allowance }> {
  const holder = await lockHolder(tx, userId, "alerts");
  const used = await usageOf(tx, holder);
  return { holder, used, allowance: allowanceLeft(holder.plan, used) };
}
