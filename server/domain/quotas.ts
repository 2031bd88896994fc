/**
 * Every limit a plan sets, answered in one place (decision 126): tags, contacts, and the message
 * and voice allowances that alerts and escalations spend. Each answer that guards a write is
 * given inside that write's transaction, under a lock per holder and resource, and reads the
 * plan after that lock with a share lock on it: two requests cannot both slip under a limit,
 * and the plan cannot change until the write commits. Expected refusals are returned
 * (`{ ok: false, reason }`); only bugs throw.
 */
import { and, eq, getTableColumns, gte, inArray, sql } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";
import {
  type Channel,
  channelsCountedAs,
  describeChannel,
  QUOTA_KINDS,
  type QuotaKind,
} from "#core/channels.ts";
import { ORG_INCLUDED_SEATS } from "#core/organizations.ts";
import {
  allowanceLimit,
  isPlanId,
  onboardingContactRows,
  PLAN_IDS,
  PLANS,
  type PlanId,
} from "#core/plans.ts";
import { inBatchesPer } from "#server/db/batches.ts";
import type { DatabaseHandle, Executor, Transaction } from "#server/db/client.ts";
import { preparedQuery, textArrayParam } from "#server/db/prepared.ts";
import {
  alertDeliveries,
  contacts,
  householdMembers,
  households,
  organization,
  profiles,
  tags,
  user,
} from "#server/db/schema.ts";

/**
 * Whose plan a limit belongs to: the user's own, or their household's (Family, decision 128),
 * whose owner's plan, seats and allowances all its members share. An organisation will be a
 * third kind (DESIGN 1b.1). Callers name the user, never the holder, so that stays in here.
 */
export interface QuotaHolder {
  kind: "user" | "household" | "organization";
  /** The user's id, the household's or the organisation's. */
  id: string;
  plan: PlanId;
  /** The accounts whose tags, contacts, people and messages count against this holder. */
  accounts: string[];
  /** Seats an admin added beyond the plan's (households: each adds alerts; organisations). */
  extraSeats: number;
}

export type QuotaAnswer<Reason extends string> =
  | { ok: true; holder: QuotaHolder }
  | { ok: false; reason: Reason; limit: number };

/** What a plan limits, each serialised per holder by its own lock. */
type Resource = "tags" | "contacts" | "alerts" | "seats";

interface HolderKey {
  kind: QuotaHolder["kind"];
  id: string;
  /** Whose profile row holds the plan: the user, or the household's owner. */
  planAccount: string;
  extraSeats: number;
}

/** The holder whose plan limits this user, and that plan (Free without a profile). */
export async function quotaHolderFor(executor: Executor, userId: string): Promise<QuotaHolder> {
  return (await alertHolderRead(executor, userId, userId)).holder;
}

/**
 * The holder (its key, its plan and a household's members), the account's email and one person's
 * language, in one statement: what an alert is planned from before any lock (decision 162).
 * The organisation whose own account this is (decision 135), else the household the user belongs
 * to, else the user alone; the plan is read from the plan account's profile and the members listed
 * only for a household; `person` is null when the person has no profile row yet.
 */
export async function alertHolderRead(
  executor: Executor,
  userId: string,
  personId: string,
): Promise<{
  holder: QuotaHolder;
  /** Whose profile row holds the plan: the user, or the household's owner. */
  planAccount: string;
  email: string | null;
  person: { language: string } | null;
}> {
  const inHousehold = sql`(${organization.id} is null and ${households.id} is not null and ${households.ownerUserId} is not null)`;
  const [row] = await preparedQuery(executor, "alert_holder", (e) =>
    e
      .select({
        orgId: organization.id,
        orgSeats: organization.extraSeats,
        householdId: households.id,
        owner: households.ownerUserId,
        householdSeats: households.extraSeats,
        email: user.email,
        plan: sql<
          string | null
        >`(select p.plan from profiles p where p.id = case when ${inHousehold} then ${households.ownerUserId} else ${user.id} end)`,
        members: sql<
          string[] | null
        >`case when ${inHousehold} then array(select m.user_id from household_members m where m.household_id = ${households.id} order by m.user_id) end`,
        personLanguage: sql<
          string | null
        >`(select coalesce(p.language, 'en') from profiles p where p.id = ${sql.placeholder("personId")})`,
      })
      .from(user)
      .leftJoin(organization, eq(organization.accountId, user.id))
      .leftJoin(householdMembers, eq(householdMembers.userId, user.id))
      .leftJoin(households, eq(households.id, householdMembers.householdId))
      .where(eq(user.id, sql.placeholder("userId")))
      .limit(1)
      .prepare("alert_holder"),
  ).execute({ userId, personId });
  return {
    ...holderFromRow(userId, row),
    email: row?.email ?? null,
    person: row?.personLanguage ? { language: row.personLanguage } : null,
  };
}

/** The holder from what `alertHolderRead` and `alertRead` read of the user's memberships. */
function holderFromRow(
  userId: string,
  row:
    | {
        orgId: string | null;
        orgSeats: number | null;
        householdId: string | null;
        owner: string | null;
        householdSeats: number | null;
        plan: string | null;
        members: string[] | null;
      }
    | undefined,
): { holder: QuotaHolder; planAccount: string } {
  const key: HolderKey = row?.orgId
    ? { kind: "organization", id: row.orgId, planAccount: userId, extraSeats: row.orgSeats ?? 0 }
    : row?.householdId && row.owner
      ? {
          kind: "household",
          id: row.householdId,
          planAccount: row.owner,
          extraSeats: row.householdSeats ?? 0,
        }
      : { kind: "user", id: userId, planAccount: userId, extraSeats: 0 };
  return {
    holder: {
      kind: key.kind,
      id: key.id,
      plan: isPlanId(row?.plan) ? row.plan : "free",
      accounts: key.kind === "household" ? (row?.members ?? []) : [key.planAccount],
      extraSeats: key.extraSeats,
    },
    planAccount: key.planAccount,
  };
}

/**
 * Locks one of the holder's resources until the transaction ends, then reads the plan under a
 * share lock: the counts and the plan a write is checked against stay as read until it commits.
 * `known` is the holder read before the transaction, whose lock is then taken straight away
 * (decision 162).
 */
async function lockHolder(
  tx: Transaction,
  userId: string,
  resource: Resource,
  known?: QuotaHolder,
): Promise<QuotaHolder> {
  const id = known?.id ?? (await alertHolderRead(tx, userId, userId)).holder.id;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${resource}:${id}`}))`);
  // Joining or leaving a household between the two reads would move the user to another
  // holder; membership changes take every lock of both holders (households.ts), so a second
  // read under the lock settles it.
  const settled = await alertHolderRead(tx, userId, userId);
  if (settled.holder.id !== id) return lockHolder(tx, userId, resource);
  const [plan] = await tx
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, settled.planAccount))
    .for("share");
  return { ...settled.holder, plan: isPlanId(plan?.plan) ? plan.plan : "free" };
}

const RESOURCES: readonly Resource[] = ["alerts", "contacts", "seats", "tags"];

/**
 * Takes every resource lock of each holder (a household's id, or a user's id for an account on
 * its own) until the transaction ends, in one fixed order so two membership changes cannot
 * deadlock: what joining, leaving and removal do before they move an account between holders
 * (decision 128, last bullet). A writer that read the old holder and waits here re-reads it
 * after (`lockHolder`).
 */
export async function lockHolders(tx: Transaction, holderIds: string[]): Promise<void> {
  for (const id of [...new Set(holderIds)].sort()) {
    for (const resource of RESOURCES) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${resource}:${id}`}))`);
    }
  }
}

/** Seats the holder has: the plan's, plus the ones an admin added; null means no fixed limit. */
export function seatLimit(holder: QuotaHolder): number | null {
  // An organisation: the first 100 people included, more as a SafeTap admin sets them.
  if (holder.kind === "organization") return ORG_INCLUDED_SEATS + holder.extraSeats;
  const seats = PLANS[holder.plan].limits.seats;
  return seats === null ? null : seats + holder.extraSeats;
}

/**
 * Seats in use: every account (an adult with a login) and every dependant the accounts manage
 * ("seats count adults with logins and dependants alike").
 */
async function seatsUsed(executor: Executor, holder: QuotaHolder): Promise<number> {
  const [{ dependants } = { dependants: 0 }] = await executor
    .select({ dependants: sql<number>`count(*)::int` })
    .from(profiles)
    .where(
      and(
        inArray(profiles.accountId, holder.accounts),
        sql`${profiles.id} <> ${profiles.accountId}`,
      ),
    );
  // An organisation's own account is no one: only the people it manages take seats.
  return (holder.kind === "organization" ? 0 : holder.accounts.length) + dependants;
}

/** Seats used and available, for the dashboard and the household page. */
export async function seatUsage(executor: Executor, userId: string) {
  const holder = await quotaHolderFor(executor, userId);
  return { holder, used: await seatsUsed(executor, holder), limit: seatLimit(holder) };
}

/**
 * Whether `adding` more seats fit (a dependant added, an adult joining). Call inside the
 * transaction that adds them.
 */
export async function seatQuota(
  tx: Transaction,
  userId: string,
  adding = 1,
): Promise<QuotaAnswer<"seat_limit">> {
  const { holder, limit, left } = await seatsLeft(tx, userId);
  if (limit === null || left === null) return { ok: true, holder };
  return adding <= left ? { ok: true, holder } : { ok: false, reason: "seat_limit", limit };
}

/**
 * How many seats are still free (null: no fixed limit), under the holder's seats lock: for a
 * write that fills several at once (an organisation's CSV import). Call inside its transaction.
 */
export async function seatsLeft(
  tx: Transaction,
  userId: string,
): Promise<{ holder: QuotaHolder; limit: number | null; left: number | null }> {
  const holder = await lockHolder(tx, userId, "seats");
  const limit = seatLimit(holder);
  if (limit === null) return { holder, limit, left: null };
  return { holder, limit, left: Math.max(0, limit - (await seatsUsed(tx, holder))) };
}

/** Whether the user may own one more tag. Call inside the transaction that claims it. */
export async function tagQuota(tx: Transaction, userId: string): Promise<QuotaAnswer<"tag_limit">> {
  const holder = await lockHolder(tx, userId, "tags");
  const limit = PLANS[holder.plan].limits.tags;
  if (limit === null) return { ok: true, holder };
  const [{ owned } = { owned: 0 }] = await tx
    .select({ owned: sql<number>`count(*)::int` })
    .from(tags)
    .where(inArray(tags.userId, holder.accounts));
  return owned < limit ? { ok: true, holder } : { ok: false, reason: "tag_limit", limit };
}

/**
 * Where contacts are added: onboarding offers min(3, the plan's limit) rows per person and
 * holds that person's list to them; everywhere the plan's limit holds for all the holder's
 * people together (a household's 15 are shared).
 */
type ContactEntry = { onboarding?: boolean; profileId?: string };

/** The contact limit the dashboard shows (null: none fixed); `contactQuota` enforces it. */
export async function contactLimitFor(executor: Executor, userId: string): Promise<number | null> {
  return PLANS[(await quotaHolderFor(executor, userId)).plan].limits.contacts;
}

/** Whether `adding` more contacts fit. Call inside the transaction that adds them. */
export async function contactQuota(
  tx: Transaction,
  userId: string,
  adding: number,
  entry: ContactEntry = {},
): Promise<QuotaAnswer<"contact_limit">> {
  const holder = await lockHolder(tx, userId, "contacts");
  if (entry.onboarding) {
    const rows = onboardingContactRows(holder.plan);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.profileId, entry.profileId ?? userId));
    if (count + adding > rows) return { ok: false, reason: "contact_limit", limit: rows };
  }
  const limit = PLANS[holder.plan].limits.contacts;
  if (limit === null) return { ok: true, holder };
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(inArray(contacts.userId, holder.accounts));
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

/** The allowance a holder has per period: the plan's, plus what extra seats add to messages. */
export function allowanceFor(plan: PlanId, quota: QuotaKind, extraSeats = 0): number | null {
  const limit = allowanceLimit(PLANS[plan].limits, quota);
  if (limit === null) return null;
  const perSeat = quota === "messages" ? (PLANS[plan].extraSeat?.alerts ?? 0) : 0;
  return limit + extraSeats * perSeat;
}

export function allowanceLeft(plan: PlanId, used: Usage, extraSeats = 0): Allowance {
  const left = {} as Record<QuotaKind, number>;
  for (const quota of QUOTA_KINDS) {
    const limit = allowanceFor(plan, quota, extraSeats);
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

/**
 * Whether a plan of sends, made on a usage read without the holder's lock, spends from an
 * allowance that has a limit and had some left: only such a plan must be made again under the
 * lock (`alertAllowance`), where the alerts of one holder wait for each other (decision 161).
 * Any other plan reads nothing another alert can change: its counted sends, if any, are the
 * emergency overage a spent allowance allows anyway, and usage in a period only grows (a spent
 * send stays spent, `SPENT_STATUSES`; a cancelled one only frees room), so the plan is the one
 * the lock would have given at the moment of the read.
 */
export function spendsAllowanceLeft(
  planned: readonly { channel: Channel; status: string }[],
  plan: PlanId,
  used: Usage,
  extraSeats = 0,
): boolean {
  return planned.some((delivery) => {
    if (delivery.status !== "pending") return false;
    const quota = describeChannel(delivery.channel).quota;
    if (quota === null) return false;
    const limit = allowanceFor(plan, quota, extraSeats);
    return limit !== null && used[quota] < limit;
  });
}

/** Where the counted period began: the account's whole life on Free, else this month (UTC). */
export function periodStart(plan: PlanId, now = new Date()): Date {
  return PLANS[plan].limits.quotaPeriod === "lifetime" ? new Date(0) : monthStart(now);
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** A delivery in these states was or will be paid for; skipped and cancelled ones were not. */
const SPENT_STATUSES = ["pending", "sending", "sent", "delivered", "failed"];

/**
 * Sends counted against each allowance this period. Read without the holder's lock it is a
 * snapshot that others may be adding to: `spendsAllowanceLeft` says when that is enough.
 */
export async function usageOf(executor: Executor, holder: QuotaHolder): Promise<Usage> {
  const rows = await preparedQuery(executor, "usage_of", (e) =>
    e
      .select({ channel: alertDeliveries.channel, n: sql<number>`count(*)::int` })
      .from(alertDeliveries)
      .where(
        and(
          sql`${alertDeliveries.accountId} = any(${sql.placeholder("accounts")}::text[])`,
          inArray(
            alertDeliveries.channel,
            QUOTA_KINDS.flatMap((quota) => channelsCountedAs(quota)),
          ),
          inArray(alertDeliveries.status, SPENT_STATUSES),
          gte(alertDeliveries.createdAt, sql.placeholder("since")),
        ),
      )
      .groupBy(alertDeliveries.channel)
      .prepare("usage_of"),
  ).execute({ accounts: holder.accounts, since: periodStart(holder.plan) });
  return usageFrom(rows);
}

/**
 * `used` with the deliveries an alert just recorded added, as `usageOf` would count them once
 * committed: what the next alert planned under the same lock has left (decision 165).
 */
export function usageAfter(
  used: Usage,
  recorded: readonly { channel: Channel; status: string }[],
): Usage {
  const after = { ...used };
  for (const delivery of recorded) {
    if (!SPENT_STATUSES.includes(delivery.status)) continue;
    const quota = describeChannel(delivery.channel).quota;
    if (quota !== null) after[quota]++;
  }
  return after;
}

/** Usage per allowance from the period's sends counted per channel. */
function usageFrom(rows: { channel: string; n: number }[]): Usage {
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
 * What an alert is planned from, in one statement (decision 163): `alertHolderRead`'s holder,
 * plan, members, email and person's language; the holder's usage this period, as `usageOf`
 * counts it; and the person's contacts' rows, as `contact_rows` reads them (JSON, decoded
 * by the caller). Read without any lock: `spendsAllowanceLeft` says when the plan made from it
 * stands. The holder and its usage are read once for each account asked about (decision 165):
 * the alerts of one account read at once (an organisation's people) count its sends once.
 */
const ALERT_READ_SQL = `
  with q as (
    select * from unnest($1::text[], $2::text[], $7::timestamptz[])
      with ordinality as q(user_id, person_id, since, n)
  )
  select q.n, k.org_id, k.org_seats, k.household_id, k.owner, k.household_seats, k.email, k.plan,
    k.members,
    (select coalesce(p.language, 'en') from profiles p where p.id = q.person_id) as person_language,
    k.usage,
    (select coalesce(json_agg(c order by c.priority, c.created_at), '[]')
      from contacts c where c.profile_id = q.person_id) as contacts
  from q
  left join (
    select held.*,
      (select coalesce(json_agg(json_build_object('channel', x.channel, 'n', x.n)), '[]')
        from (
          select d.channel, count(*)::int as n from alert_deliveries d
          where d.account_id = any(case when held.in_household then held.members else array[held.user_id] end)
            and d.channel = any($3::text[]) and d.status = any($4::text[])
            and d.created_at >= case
              when coalesce(held.plan, 'free') = any($5::text[]) or not (coalesce(held.plan, 'free') = any($6::text[]))
              then 'epoch'::timestamptz else held.since end
          group by d.channel
        ) x) as usage
    from (
      select a.asked, a.since, k.*
      from (select distinct user_id as asked, since from q) a
      left join lateral (
        select h.*,
          (select p.plan from profiles p
            where p.id = case when h.in_household then h.owner else h.user_id end) as plan,
          case when h.in_household then array(select m.user_id from household_members m
            where m.household_id = h.household_id order by m.user_id) end as members
        from (
          select u.id as user_id, u.email, o.id as org_id, o.extra_seats as org_seats,
                 hh.id as household_id, hh.owner_user_id as owner, hh.extra_seats as household_seats,
                 (o.id is null and hh.id is not null and hh.owner_user_id is not null) as in_household
          from "user" u
          left join organization o on o.account_id = u.id
          left join household_members m on m.user_id = u.id
          left join households hh on hh.id = m.household_id
          where u.id = a.asked
          limit 1
        ) h
      ) k on true
    ) held
  ) k on k.asked = q.user_id and k.since = q.since
  order by q.n`;

/** `ALERT_READ_SQL`'s row. */
interface AlertReadRow {
  org_id: string | null;
  org_seats: number | null;
  household_id: string | null;
  owner: string | null;
  household_seats: number | null;
  email: string | null;
  plan: string | null;
  members: string[] | null;
  person_language: string | null;
  usage: { channel: string; n: number }[] | string;
  contacts: Record<string, unknown>[] | string;
}

/** JSON comes back parsed from node-postgres and PGlite alike; a string is parsed here. */
const parsedJson = <T>(value: T | string): T =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;

/** Column names as the database has them: the schema's keys in snake_case (client.ts). */
const snakeCase = new CasingCache("snake_case");

/** A row of `table` from its `row_to_json` form: its columns' own decoding (dates, numbers). */
function rowFromJson<Table extends typeof contacts>(
  table: Table,
  json: Record<string, unknown>,
): Table["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[snakeCase.getColumnCasing(column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table["$inferSelect"];
}

type AlertReadAsk = { userId: string; personId: string; since: string };

/**
 * `ALERT_READ_SQL`'s row for one alert. The alerts planned at once are read in one statement
 * (decision 164), each pair of account and person a row of its own, in the order asked.
 */
const alertReadRowOf = inBatchesPer((database: Pick<DatabaseHandle, "prepared">) => {
  const query = database.prepared<AlertReadRow>("alert_reads", ALERT_READ_SQL);
  return async (asks: AlertReadAsk[]) => {
    const rows = await query([
      textArrayParam(asks.map((a) => a.userId)),
      textArrayParam(asks.map((a) => a.personId)),
      textArrayParam(QUOTA_KINDS.flatMap((quota) => channelsCountedAs(quota))),
      textArrayParam(SPENT_STATUSES),
      textArrayParam(PLAN_IDS.filter((plan) => PLANS[plan].limits.quotaPeriod === "lifetime")),
      textArrayParam(PLAN_IDS),
      textArrayParam(asks.map((a) => a.since)),
    ]);
    return asks.map((_, i): AlertReadRow | undefined => rows[i]);
  };
});

/**
 * The holder, its usage, the account's email, the person's language and contacts: everything
 * an alert is planned from but the STOPs, in one prepared statement (decision 163), shared by
 * the alerts planned at once (decision 164).
 */
export async function alertRead(
  database: Pick<DatabaseHandle, "prepared">,
  userId: string,
  personId: string,
  now = new Date(),
): Promise<{
  holder: QuotaHolder;
  email: string | null;
  person: { language: string } | null;
  used: Usage;
  contactRows: (typeof contacts.$inferSelect)[];
}> {
  const row = await alertReadRowOf(database, {
    userId,
    personId,
    since: monthStart(now).toISOString(),
  });
  const { holder } = holderFromRow(
    userId,
    row && {
      orgId: row.org_id,
      orgSeats: row.org_seats,
      householdId: row.household_id,
      owner: row.owner,
      householdSeats: row.household_seats,
      plan: row.plan,
      members: row.members,
    },
  );
  return {
    holder,
    email: row?.email ?? null,
    person: row?.person_language ? { language: row.person_language } : null,
    used: usageFrom(parsedJson(row?.usage ?? [])),
    contactRows: parsedJson(row?.contacts ?? []).map((json) => rowFromJson(contacts, json)),
  };
}

/** What the holder has sent this period and may send, per allowance, for the household page. */
export async function allowanceUsage(executor: Executor, userId: string) {
  const holder = await quotaHolderFor(executor, userId);
  const used = await usageOf(executor, holder);
  return QUOTA_KINDS.map((quota) => ({
    quota,
    used: used[quota],
    limit: allowanceFor(holder.plan, quota, holder.extraSeats),
  }));
}

/**
 * The user's alert allowance under the holder's alerts lock, for alerts and escalations alike.
 * Call inside the transaction that records the deliveries: concurrent alerts wait for it, so
 * they cannot spend the same allowance twice.
 */
export async function alertAllowance(
  tx: Transaction,
  userId: string,
  /** The holder read before the transaction, if any: its lock is taken straight away. */
  known?: QuotaHolder,
): Promise<{ holder: QuotaHolder; used: Usage; allowance: Allowance }> {
  const holder = await lockHolder(tx, userId, "alerts", known);
  const used = await usageOf(tx, holder);
  return { holder, used, allowance: allowanceLeft(holder.plan, used, holder.extraSeats) };
}
