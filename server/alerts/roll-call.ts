/**
 * A roll call's alert (issue 17 item 2, decision 143): when its time runs out (or staff press
 * "Alert contacts now"), everyone still unaccounted in a real roll call gets a real alert
 * (`source = 'roll_call'`) through `raiseAlert`, so contacts, quotas, acknowledgement and
 * escalation are the alerts' own. A drill records "no messages: drill" and sends nothing.
 * `alerted_at` is set first by a conditional update, so of several instances only one alerts.
 */
import { and, eq, isNull, lte } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { organization, rollCallPeople, rollCalls } from "#server/db/schema.ts";
import { type AuditEvent, recordAudits } from "#server/domain/audit.ts";
import { addRollCallEvent, type RollCallActor } from "#server/domain/roll-calls.ts";
import type { Services } from "#server/services.ts";
import { raiseAlert } from "./create.ts";

export type RollCallAlertResult =
  | { ok: true; alerted: number; drill: boolean }
  | { ok: false; reason: "ended" | "already_alerted" | "gone" };

/**
 * Alerts the contacts of everyone unaccounted, once. `actor` null means the automatic alert.
 */
export async function alertRollCall(
  services: Services,
  rollCallId: string,
  actor: RollCallActor | null,
  clientAddress: string | null = null,
): Promise<RollCallAlertResult> {
  const { db } = services;
  const [claimed] = await db
    .update(rollCalls)
    .set({ alertedAt: new Date() })
    .where(
      and(eq(rollCalls.id, rollCallId), eq(rollCalls.status, "open"), isNull(rollCalls.alertedAt)),
    )
    .returning({
      organizationId: rollCalls.organizationId,
      drill: rollCalls.drill,
    });
  if (!claimed) {
    const [row] = await db
      .select({ status: rollCalls.status, alertedAt: rollCalls.alertedAt })
      .from(rollCalls)
      .where(eq(rollCalls.id, rollCallId));
    if (!row) return { ok: false, reason: "gone" };
    return { ok: false, reason: row.status !== "open" ? "ended" : "already_alerted" };
  }
  const missing = await db
    .select({ profileId: rollCallPeople.profileId, personName: rollCallPeople.personName })
    .from(rollCallPeople)
    .where(
      and(eq(rollCallPeople.rollCallId, rollCallId), eq(rollCallPeople.status, "unaccounted")),
    );
  const audits: AuditEvent[] = [];
  if (!claimed.drill) {
    const [org] = await db
      .select({ accountId: organization.accountId })
      .from(organization)
      .where(eq(organization.id, claimed.organizationId));
    for (const person of missing) {
      // The person's row names the alert in the alert's own transaction: the message says where
      // the roll call was, read through that link, and a dispatcher may claim it at the commit.
      const link = (executor: Executor, alertId: string) =>
        executor
          .update(rollCallPeople)
          .set({ alertId })
          .where(
            and(
              eq(rollCallPeople.rollCallId, rollCallId),
              eq(rollCallPeople.profileId, person.profileId),
            ),
          );
      const raised = await raiseAlert(services, {
        source: "roll_call",
        userId: org!.accountId,
        profileId: person.profileId,
        tagId: null,
        idempotencyKey: `${rollCallId}-${person.profileId}`,
        location: null,
        clientAddress: clientAddress ?? "roll-call",
        linkInTransaction: async (tx, alertId) => {
          await link(tx, alertId);
        },
      });
      // An alert raised before under this key (a second instance's) is linked here.
      if (!raised.created) await link(db, raised.alertId);
      audits.push({
        type: "roll_call_alerted",
        userId: actor?.userId ?? null,
        profileId: person.profileId,
        organizationId: claimed.organizationId,
        clientAddress,
        metadata: { roll_call_id: rollCallId, alert_id: raised.alertId },
      });
    }
  } else {
    audits.push({
      type: "roll_call_alerted",
      userId: actor?.userId ?? null,
      organizationId: claimed.organizationId,
      clientAddress,
      metadata: { roll_call_id: rollCallId, drill: true, unaccounted: missing.length },
    });
  }
  await db.transaction((tx) =>
    addRollCallEvent(tx, rollCallId, {
      type: "alerted",
      actor,
      method: claimed.drill ? "drill" : actor ? "manual" : "automatic",
    }),
  );
  await recordAudits(db, services.logger, audits);
  services.rollCallSignal.notify(rollCallId);
  return { ok: true, alerted: claimed.drill ? 0 : missing.length, drill: claimed.drill };
}

/** The dispatcher's step: every open roll call whose alert time has passed, alerted once. */
export async function alertDueRollCalls(services: Services): Promise<number> {
  const due = await services.db
    .select({ id: rollCalls.id })
    .from(rollCalls)
    .where(
      and(
        eq(rollCalls.status, "open"),
        isNull(rollCalls.alertedAt),
        lte(rollCalls.alertAt, new Date()),
      ),
    )
    .limit(20);
  let handled = 0;
  for (const call of due) {
    const result = await alertRollCall(services, call.id, null);
    if (result.ok) {
      handled++;
      services.logger.info({ rollCallId: call.id, alerted: result.alerted }, "roll call alert");
    }
  }
  return handled;
}
