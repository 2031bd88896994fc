import { and, eq, isNull } from "drizzle-orm";
import { alertDeliveries, alerts, contacts, profiles, user } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { alertTokens } from "./tokens.ts";

/** What the acknowledgement page shows about the alert a contact was sent. */
export async function findAcknowledgeable(services: Services, token: string) {
  const deliveryId = alertTokens(services.config.dataEncryptionKey).parseAckToken(token);
  if (!deliveryId) return null;
  const [row] = await services.db
    .select({
      deliveryId: alertDeliveries.id,
      alertId: alerts.id,
      contactName: alertDeliveries.contactName,
      acknowledgedAt: alertDeliveries.acknowledgedAt,
      alertStatus: alerts.status,
      isTest: alerts.isTest,
      alertLanguage: alerts.language,
      /** The language the contact reads, when the owner said (the live page opens in it). */
      contactLanguage: contacts.language,
      latitude: alerts.latitude,
      longitude: alerts.longitude,
      createdAt: alerts.createdAt,
      ownerName: profiles.fullName,
      ownerCountry: profiles.country,
      accountName: user.name,
    })
    .from(alertDeliveries)
    .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
    .innerJoin(user, eq(user.id, alerts.userId))
    .leftJoin(profiles, eq(profiles.id, alerts.profileId))
    .leftJoin(contacts, eq(contacts.id, alertDeliveries.contactId))
    .where(eq(alertDeliveries.id, deliveryId))
    .limit(1);
  return row ? { ...row, ownerName: row.ownerName || row.accountName } : null;
}

/**
 * "I'm on my way": marks this contact's deliveries of the alert, and the alert
 * itself, acknowledged (first press wins; pressing again changes nothing).
 * Acknowledgement stops escalation.
 */
export async function acknowledge(services: Services, token: string) {
  const found = await findAcknowledgeable(services, token);
  if (!found) return null;
  const now = new Date();
  const [delivery] = await services.db
    .select({ contactId: alertDeliveries.contactId })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.id, found.deliveryId));
  await services.db
    .update(alertDeliveries)
    .set({ acknowledgedAt: now })
    .where(
      and(
        eq(alertDeliveries.alertId, found.alertId),
        delivery?.contactId
          ? eq(alertDeliveries.contactId, delivery.contactId)
          : eq(alertDeliveries.id, found.deliveryId),
        isNull(alertDeliveries.acknowledgedAt),
      ),
    );
  await services.db
    .update(alerts)
    .set({ acknowledgedAt: now })
    .where(and(eq(alerts.id, found.alertId), isNull(alerts.acknowledgedAt)));
  return found;
}
