import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import {
  type ContactChannel,
  isContactChannel,
  isLinkedChannel,
  isPhoneContactChannel,
  type LinkedChannel,
} from "#core/channels.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import { type Allowance, alertAllowance } from "#server/domain/quotas.ts";
import type { Services } from "#server/services.ts";
import {
  CALL_CHANNEL,
  ownerEmailOf,
  type PlannedDelivery,
  plannedSend,
  quotaNotice,
  recordDeliveries,
} from "./create.ts";

/** A contact the alert reached on their own channel, destination decrypted. */
export interface ReachedContact {
  contactId: string;
  contactName: string;
  channel: ContactChannel;
  destination: string;
}

/**
 * One escalation per contact the alert reached (decision 015): a call to a phone contact not yet
 * called while the voice allowance lasts, otherwise a reminder on the contact's own channel. The
 * reminder spends the allowance as the first alert did (decision 126): beyond it, it is skipped
 * with note `quota` and the owner's email names the contact; email reminders always go.
 */
export function planEscalation(input: {
  reached: ReachedContact[];
  called: ReadonlySet<string>;
  allowance: Allowance;
  ownerEmail: string | null;
  /**
   * Linked accounts (Messenger, Instagram) the alert reached: a reminder there too, counted like
   * any message (DESIGN 1.2), after the contacts' own reminders.
   */
  linked?: (Omit<ReachedContact, "channel"> & { channel: LinkedChannel })[];
}): PlannedDelivery[] {
  const planned: PlannedDelivery[] = [];
  const skippedNames: string[] = [];
  for (const contact of input.reached) {
    const base = {
      contactId: contact.contactId,
      contactName: contact.contactName,
      destination: contact.destination,
      kind: "escalation" as const,
    };
    const call =
      isPhoneContactChannel(contact.channel) &&
      !input.called.has(contact.contactId) &&
      input.allowance.take(CALL_CHANNEL);
    planned.push(
      call
        ? { ...base, id: randomUUID(), channel: CALL_CHANNEL, status: "pending", note: null }
        : plannedSend(input.allowance, skippedNames, { ...base, channel: contact.channel }),
    );
  }
  // Linked accounts after every contact's own reminder, from what the allowance has left.
  for (const contact of input.linked ?? []) {
    planned.push(plannedSend(input.allowance, skippedNames, { ...contact, kind: "escalation" }));
  }
  return [...planned, ...quotaNotice(skippedNames, input.ownerEmail)];
}

/**
 * Records one alert's escalation in a transaction under the owner's alerts lock, so it and a new
 * alert cannot spend the same allowance. Returns the deliveries recorded.
 */
export async function escalateAlert(
  services: Services,
  alert: { id: string; userId: string },
): Promise<number> {
  const { db, cipher } = services;
  return db.transaction(async (tx) => {
    const { allowance } = await alertAllowance(tx, alert.userId);
    const sent = await tx
      .select()
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.alertId, alert.id),
          eq(alertDeliveries.kind, "alert"),
          inArray(alertDeliveries.status, ["sent", "delivered"]),
        ),
      );
    const called = new Set(
      sent.filter((d) => d.channel === CALL_CHANNEL && d.contactId).map((d) => d.contactId!),
    );
    const reached: ReachedContact[] = [];
    const linked: NonNullable<Parameters<typeof planEscalation>[0]["linked"]> = [];
    const seen = new Set<string>();
    for (const delivery of sent) {
      const { contactId, channel } = delivery;
      if (contactId && isLinkedChannel(channel)) {
        linked.push({
          contactId,
          contactName: delivery.contactName,
          channel,
          destination: cipher.decrypt(
            delivery.destination,
            `alert_deliveries.destination:${delivery.id}`,
          ),
        });
        continue;
      }
      if (!contactId || !isContactChannel(channel) || seen.has(contactId)) continue;
      seen.add(contactId);
      reached.push({
        contactId,
        contactName: delivery.contactName,
        channel,
        destination: cipher.decrypt(
          delivery.destination,
          `alert_deliveries.destination:${delivery.id}`,
        ),
      });
    }
    const planned = planEscalation({
      reached,
      called,
      allowance,
      ownerEmail: await ownerEmailOf(tx, alert.userId),
      linked,
    });
    await recordDeliveries(tx, cipher, alert, planned);
    return planned.length;
  });
}
