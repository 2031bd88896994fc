/**
 * Messages that follow an alert to the people it reached: the all-clear after a cancelled SOS
 * (DESIGN 1.7) and the responder's handover (decision 152).
 */
import { randomUUID } from "node:crypto";
import { isContactChannel, isLinkedChannel } from "#core/channels.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { alertDeliveries } from "#server/db/schema.ts";

type DeliveryRow = typeof alertDeliveries.$inferSelect;

/**
 * One new delivery per contact and channel among an alert's deliveries: on the contact's own
 * channel and the account they linked (decision 149), never again by call. The destination is
 * encrypted anew to the new row; the caller adds the kind (and any payload) and inserts them.
 */
export function followUpRows(
  cipher: FieldCipher,
  alertId: string,
  deliveries: readonly DeliveryRow[],
) {
  const seen = new Set<string>();
  const rows = [];
  for (const delivery of deliveries) {
    const followed = isContactChannel(delivery.channel) || isLinkedChannel(delivery.channel);
    const key = `${delivery.contactId}:${delivery.channel}`;
    if (!delivery.contactId || !followed || seen.has(key)) continue;
    seen.add(key);
    const id = randomUUID();
    const to = cipher.decrypt(delivery.destination, `alert_deliveries.destination:${delivery.id}`);
    rows.push({
      id,
      alertId,
      accountId: delivery.accountId,
      contactId: delivery.contactId,
      contactName: delivery.contactName,
      channel: delivery.channel,
      destination: cipher.encrypt(to, `alert_deliveries.destination:${id}`),
    });
  }
  return rows;
}
