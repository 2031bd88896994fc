import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { alertTokens } from "#server/alerts/tokens.ts";
import {
  alertDeliveries,
  alerts,
  contacts,
  livePositions,
  liveShares,
  responderUpdates,
} from "#server/db/schema.ts";
import type { Services } from "./services.ts";

/**
 * A demo alert with a live track and a responder's handover (decisions 150 and 152): the demo
 * person's card alert of three hours ago, shared for a quarter of an hour while walking, then
 * "Paramedic, unit 12" taking them to their preferred hospital. Returns its live page's address
 * (the acknowledgement link of Maria's message).
 */
export async function seedDemoLiveAlert(
  services: Services,
  person: { accountId: string; profileId: string; tagId: string },
): Promise<string | null> {
  const { db, cipher, config } = services;
  const [contact] = await db
    .select()
    .from(contacts)
    .where(eq(contacts.profileId, person.profileId))
    .orderBy(asc(contacts.priority))
    .limit(1);
  if (!contact) return null;
  const raisedAt = new Date(Date.now() - 3 * 60 * 60_000);
  const at = (minutes: number) => new Date(raisedAt.getTime() + minutes * 60_000);
  // A walk through central London, a point every 90 seconds.
  const start = [51.50735, -0.12776] as const;
  const deliveryId = randomUUID();
  await db.transaction(async (tx) => {
    const [alert] = await tx
      .insert(alerts)
      .values({
        idempotencyKey: `demo:live:${randomUUID()}`,
        userId: person.accountId,
        profileId: person.profileId,
        tagId: person.tagId,
        source: "card",
        status: "resolved",
        latitude: start[0].toFixed(6),
        longitude: start[1].toFixed(6),
        acknowledgedAt: at(2),
        createdAt: raisedAt,
      })
      .returning({ id: alerts.id });
    const alertId = alert!.id;
    const to = cipher.decrypt(contact.value, `contacts.value:${contact.id}`);
    await tx.insert(alertDeliveries).values({
      id: deliveryId,
      alertId,
      accountId: person.accountId,
      contactId: contact.id,
      contactName: contact.name,
      channel: contact.channel,
      destination: cipher.encrypt(to, `alert_deliveries.destination:${deliveryId}`),
      status: "delivered",
      provider: "dev-outbox",
      sentAt: at(0.05),
      acknowledgedAt: at(2),
      createdAt: raisedAt,
    });
    await tx.insert(liveShares).values({
      alertId,
      startedAt: at(1),
      endsAt: at(16),
      endedAt: at(15),
      endedReason: "stopped",
    });
    await tx.insert(livePositions).values(
      Array.from({ length: 10 }, (_, i) => ({
        alertId,
        latitude: (start[0] + i * 0.0007).toFixed(6),
        longitude: (start[1] - i * 0.0009).toFixed(6),
        accuracy: 8 + (i % 3) * 4,
        recordedAt: at(1 + i * 1.5),
        createdAt: at(1 + i * 1.5),
      })),
    );
    await tx.insert(responderUpdates).values([
      { alertId, kind: "helping", helperName: "Sam, a passer-by", createdAt: at(4) },
      {
        alertId,
        kind: "taking",
        destination: "City General Hospital",
        helperName: "Paramedic, unit 12",
        createdAt: at(14),
      },
    ]);
  });
  return `${config.publicUrl}/ack/${alertTokens(config.dataEncryptionKey).ackToken(deliveryId)}`;
}
