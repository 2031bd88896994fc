import { and, eq, inArray } from "drizzle-orm";
/** DESIGN 1.7: an SOS can be called off for 30 seconds after it is sent. */
import { CANCEL_WINDOW_MS } from "#core/alert-links.ts";
import { alertDeliveries, alerts } from "#server/db/schema.ts";
import { endLiveShare } from "#server/domain/live-location.ts";
import type { Services } from "#server/services.ts";
import { followUpRows } from "./follow-ups.ts";

export { CANCEL_WINDOW_MS };

export type CancelResult =
  | { ok: true; allClearSent: number }
  | { ok: false; reason: "not_found" | "too_late" };

/**
 * "Cancel — I'm safe": stops what has not gone out yet, stops escalation, and
 * sends an all-clear to every contact the SOS already reached. Owner only.
 */
export async function cancelSos(
  services: Services,
  userId: string,
  alertId: string,
): Promise<CancelResult> {
  const { db, cipher } = services;
  const result = await db.transaction(async (tx): Promise<CancelResult> => {
    const [alert] = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId), eq(alerts.source, "sos")))
      .for("update");
    if (!alert) return { ok: false, reason: "not_found" };
    if (alert.status !== "active" || Date.now() - alert.createdAt.getTime() > CANCEL_WINDOW_MS) {
      return { ok: false, reason: "too_late" };
    }
    await tx
      .update(alerts)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(alerts.id, alertId));
    // Live sharing stops with the alert: no position is taken or shown after this (decision 150).
    await endLiveShare(tx, alertId, "cancelled");
    await tx
      .update(alertDeliveries)
      .set({ status: "cancelled" })
      .where(and(eq(alertDeliveries.alertId, alertId), eq(alertDeliveries.status, "pending")));
    // Whoever may have been told (sent, delivered, or being sent right now) is told it is over.
    const told = await tx
      .select()
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.alertId, alertId),
          eq(alertDeliveries.kind, "alert"),
          inArray(alertDeliveries.status, ["sending", "sent", "delivered"]),
        ),
      );
    // The all-clear goes on the contact's own channel, and on the account they linked
    // (decision 149), not again by call.
    const rows = followUpRows(cipher, alertId, told).map((row) => ({
      ...row,
      kind: "all_clear" as const,
    }));
    if (rows.length) await tx.insert(alertDeliveries).values(rows);
    return { ok: true, allClearSent: rows.length };
  });
  if (result.ok) services.dispatcher?.nudge();
  return result;
}
