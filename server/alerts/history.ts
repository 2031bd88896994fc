/**
 * Alert history (issue 15 items 6 and 7, decision 133): the dashboard's recent alerts, the
 * household's history page and its exports, and the family map all read alerts through here, so
 * what one shows the others show too. Scope: every alert whose managing account is one the viewer
 * sees (their household's members, or themselves). Plan rule: Free keeps only its last
 * `FREE_VISIBLE_ALERTS` alerts visible; older ones are neither shown nor exported.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import type { PlanId } from "#core/plans.ts";
import type { Executor } from "#server/db/client.ts";
import { alertDeliveries, alerts, profiles } from "#server/db/schema.ts";
import { householdScope } from "#server/domain/people.ts";
import { quotaHolderFor } from "#server/domain/quotas.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";

/** Free shows only this many of its newest alerts (spec: "Free keeps its last 10 alerts"). */
export const FREE_VISIBLE_ALERTS = 10;

/** Exports draw up to thousands of rows (a PDF takes CPU): this many per user in ten minutes. */
export const HISTORY_EXPORT_RULE: RateRule = {
  name: "history-export:user",
  points: 30,
  windowSeconds: 600,
};

export const ALERT_SOURCES = ["card", "sos", "test", "roll_call"] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** Whose alerts a viewer sees, and whether their plan hides all but the newest ten. */
export interface HistoryScope {
  accounts: string[];
  plan: PlanId;
  /** The number of newest alerts kept visible, or null when the plan keeps everything. */
  visible: number | null;
}

export async function historyScope(db: Executor, userId: string): Promise<HistoryScope> {
  const [scope, holder] = await Promise.all([
    householdScope(db, userId),
    quotaHolderFor(db, userId),
  ]);
  return {
    accounts: scope.accounts,
    plan: holder.plan,
    visible: holder.plan === "free" ? FREE_VISIBLE_ALERTS : null,
  };
}

export interface HistoryFilter {
  /** One person (already checked to be one the viewer sees). */
  profileId?: string;
  source?: AlertSource;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
}

/** The alerts the scope may see at all: its accounts', and on Free only the newest ten. */
function visibleAlerts(db: Executor, scope: HistoryScope): SQL {
  const ofScope = inArray(alerts.userId, scope.accounts);
  if (scope.visible === null) return ofScope;
  const newest = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(ofScope)
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(scope.visible);
  return and(ofScope, inArray(alerts.id, newest)) as SQL;
}

function filterConditions(filter: HistoryFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.profileId) conditions.push(eq(alerts.profileId, filter.profileId));
  if (filter.source) conditions.push(eq(alerts.source, filter.source));
  if (filter.from) conditions.push(gte(alerts.createdAt, filter.from));
  if (filter.to) conditions.push(lt(alerts.createdAt, filter.to));
  return conditions;
}

export interface HistoryDelivery {
  id: string;
  alertId: string | null;
  contactName: string;
  channel: string;
  kind: string;
  status: string;
  note: string | null;
  sentAt: Date | null;
  acknowledgedAt: Date | null;
}

export interface HistoryAlert {
  id: string;
  profileId: string;
  personName: string | null;
  source: string;
  status: string;
  tagId: string | null;
  createdAt: Date;
  latitude: string | null;
  longitude: string | null;
  acknowledgedAt: Date | null;
  deliveries: HistoryDelivery[];
}

const alertColumns = {
  id: alerts.id,
  profileId: alerts.profileId,
  personName: profiles.fullName,
  source: alerts.source,
  status: alerts.status,
  tagId: alerts.tagId,
  createdAt: alerts.createdAt,
  latitude: alerts.latitude,
  longitude: alerts.longitude,
  acknowledgedAt: alerts.acknowledgedAt,
};

/** Each alert's messages, in the order they were queued. */
async function withDeliveries(
  db: Executor,
  rows: Omit<HistoryAlert, "deliveries">[],
): Promise<HistoryAlert[]> {
  if (rows.length === 0) return [];
  const deliveries = await db
    .select({
      id: alertDeliveries.id,
      alertId: alertDeliveries.alertId,
      contactName: alertDeliveries.contactName,
      channel: alertDeliveries.channel,
      kind: alertDeliveries.kind,
      status: alertDeliveries.status,
      note: alertDeliveries.note,
      sentAt: alertDeliveries.sentAt,
      acknowledgedAt: alertDeliveries.acknowledgedAt,
    })
    .from(alertDeliveries)
    .where(
      inArray(
        alertDeliveries.alertId,
        rows.map((a) => a.id),
      ),
    )
    .orderBy(asc(alertDeliveries.createdAt), asc(alertDeliveries.id));
  const byAlert = new Map<string, HistoryDelivery[]>();
  for (const delivery of deliveries) {
    const list = byAlert.get(delivery.alertId ?? "") ?? [];
    list.push(delivery);
    byAlert.set(delivery.alertId ?? "", list);
  }
  return rows.map((row) => ({ ...row, deliveries: byAlert.get(row.id) ?? [] }));
}

/**
 * One page of the scope's visible alerts matching the filter, newest first, with their
 * deliveries; `hasMore` says whether a next page exists.
 */
export async function listAlertHistory(
  db: Executor,
  scope: HistoryScope,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ alerts: HistoryAlert[]; hasMore: boolean }> {
  const rows = await db
    .select(alertColumns)
    .from(alerts)
    .innerJoin(profiles, eq(profiles.id, alerts.profileId))
    .where(and(visibleAlerts(db, scope), ...filterConditions(filter)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const hasMore = rows.length > page.limit;
  return { alerts: await withDeliveries(db, rows.slice(0, page.limit)), hasMore };
}

export interface AlertPlace {
  id: string;
  profileId: string;
  personName: string | null;
  source: string;
  createdAt: Date;
  latitude: string;
  longitude: string;
}

/** The family map's places: visible alerts raised with a location, newest first. */
export async function listAlertPlaces(
  db: Executor,
  scope: HistoryScope,
  limit: number,
): Promise<AlertPlace[]> {
  const rows = await db
    .select({
      id: alerts.id,
      profileId: alerts.profileId,
      personName: profiles.fullName,
      source: alerts.source,
      createdAt: alerts.createdAt,
      latitude: alerts.latitude,
      longitude: alerts.longitude,
    })
    .from(alerts)
    .innerJoin(profiles, eq(profiles.id, alerts.profileId))
    .where(and(visibleAlerts(db, scope), isNotNull(alerts.latitude), isNotNull(alerts.longitude)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.latitude && row.longitude
      ? [{ ...row, latitude: row.latitude, longitude: row.longitude }]
      : [],
  );
}

/**
 * One person's most recent alerts with each contact's delivery status, for the dashboard. The
 * account's own person has the account's id, so an account's own alerts are asked the same way.
 */
export async function listRecentAlerts(services: Services, profileId: string, limit = 10) {
  const { db } = services;
  const recent = await db
    .select(alertColumns)
    .from(alerts)
    .innerJoin(profiles, eq(profiles.id, alerts.profileId))
    .where(eq(alerts.profileId, profileId))
    .orderBy(desc(alerts.createdAt))
    .limit(limit);
  return (await withDeliveries(db, recent)).map((alert) => ({
    id: alert.id,
    source: alert.source,
    status: alert.status,
    tagId: alert.tagId,
    createdAt: alert.createdAt.toISOString(),
    latitude: alert.latitude,
    longitude: alert.longitude,
    acknowledged: Boolean(alert.acknowledgedAt),
    deliveries: alert.deliveries,
  }));
}
