import { asc, desc, eq, inArray } from "drizzle-orm";
import { alertDeliveries, alerts } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";

/**
 * One person's most recent alerts with each contact's delivery status, for the dashboard. The
 * account's own person has the account's id, so an account's own alerts are asked the same way.
 */
export async function listRecentAlerts(services: Services, profileId: string, limit = 10) {
  const { db } = services;
  const recent = await db
    .select()
    .from(alerts)
    .where(eq(alerts.profileId, profileId))
    .orderBy(desc(alerts.createdAt))
    .limit(limit);
  if (recent.length === 0) return [];
  const deliveries = await db
    .select({
      id: alertDeliveries.id,
      alertId: alertDeliveries.alertId,
      contactName: alertDeliveries.contactName,
      channel: alertDeliveries.channel,
      kind: alertDeliveries.kind,
      status: alertDeliveries.status,
      note: alertDeliveries.note,
      acknowledgedAt: alertDeliveries.acknowledgedAt,
    })
    .from(alertDeliveries)
    .where(
      inArray(
        alertDeliveries.alertId,
        recent.map((a) => a.id),
      ),
    )
    .orderBy(asc(alertDeliveries.createdAt));
  return recent.map((alert) => ({
    id: alert.id,
    source: alert.source,
    status: alert.status,
    tagId: alert.tagId,
    createdAt: alert.createdAt.toISOString(),
    latitude: alert.latitude,
    longitude: alert.longitude,
    acknowledged: Boolean(alert.acknowledgedAt),
    deliveries: deliveries.filter((d) => d.alertId === alert.id),
  }));
}
