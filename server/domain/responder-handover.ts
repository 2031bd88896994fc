/**
 * The responder's handover (decision 152): whoever holds the phone at the card — a passer-by, a
 * paramedic, a nurse — says "I'm helping" or "I'm taking them to …". It attaches to the tag's
 * active alert of the last 24 hours, or raises one through `raiseAlert` under the card's own alert limits,
 * and reaches every contact that alert reaches, at once, through the outbox (deliveries of kind
 * `handover`, priority 0). Nothing is sent for an alert that was called off.
 */
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import { isbot } from "isbot";
import { ALERT_LIVE_WINDOW_MS, type HandoverKind, parseHandover } from "#core/live-location.ts";
import { isIdempotencyKey, parseLocation, raiseAlert } from "#server/alerts/create.ts";
import { followUpRows } from "#server/alerts/follow-ups.ts";
import { alertDeliveries, alerts, responderUpdates } from "#server/db/schema.ts";
import { addressKey } from "#server/security/address-key.ts";
import { cardAlertPressure } from "#server/security/card-alert-guard.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { loadPublicCard } from "./public-card.ts";

/**
 * Like the card's alerts (decision 111): per tag and per address; per account across its tags;
 * and per alert a handful in all, so one contact gets at most that many such messages.
 */
export const HANDOVER_RULES = {
  tag: { name: "handover:tag", points: 3, windowSeconds: 600 },
  address: { name: "handover:address", points: 10, windowSeconds: 3600 },
  account: { name: "handover:account", points: 20, windowSeconds: 86_400 },
} satisfies Record<string, RateRule>;
/** Updates one alert may carry: each is a message to every contact. */
export const HANDOVERS_PER_ALERT = 5;

export type HandoverFailure =
  | "refused"
  | "invalid"
  | "destination"
  | "link"
  | "rate_limited"
  | "cancelled"
  | "no_contacts";

export const HANDOVER_FAILURE_STATUS: Record<HandoverFailure, number> = {
  refused: 403,
  invalid: 400,
  destination: 400,
  link: 400,
  rate_limited: 429,
  cancelled: 409,
  no_contacts: 409,
};

export type HandoverResult =
  | {
      intent: "handover";
      ok: true;
      kind: HandoverKind;
      destination: string | null;
      /** Contacts the message goes to. */
      count: number;
    }
  | { intent: "handover"; ok: false; reason: HandoverFailure };

/** The tag's newest real alert of the last 24 hours for its current person, if any. */
async function latestAlertOf(
  services: Services,
  card: { tagId: string; ownerId: string; profileId: string },
) {
  const [alert] = await services.db
    .select({
      id: alerts.id,
      status: alerts.status,
      userId: alerts.userId,
      language: alerts.language,
    })
    .from(alerts)
    .where(
      and(
        eq(alerts.tagId, card.tagId),
        eq(alerts.userId, card.ownerId),
        eq(alerts.profileId, card.profileId),
        eq(alerts.isTest, false),
        gt(alerts.createdAt, new Date(Date.now() - ALERT_LIVE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(alerts.createdAt))
    .limit(1);
  return alert ?? null;
}

/**
 * "I'm helping / taking them to …" from the card's form (posted with or without JavaScript).
 * Bots are refused; limits are counted before anything is written.
 */
export async function recordHandover(
  services: Services,
  input: { tagId: string; form: FormData; request: Request; clientAddress: string },
): Promise<{ result: HandoverResult; status: number; headers?: Record<string, string> }> {
  const fail = (reason: HandoverFailure, headers?: Record<string, string>) => ({
    result: { intent: "handover" as const, ok: false as const, reason },
    status: HANDOVER_FAILURE_STATUS[reason],
    headers,
  });
  const { form, tagId } = input;
  if (isbot(input.request.headers.get("user-agent"))) return fail("refused");
  const parsed = parseHandover({
    kind: form.get("kind"),
    destination: form.get("destination"),
    helperName: form.get("helperName"),
  });
  if (!parsed.ok) return fail(parsed.error);
  const card = await loadPublicCard(services, tagId);
  if (card.state !== "active") return { ...fail("refused"), status: 404 };

  const address = addressKey(input.clientAddress);
  for (const [rule, key] of [
    [HANDOVER_RULES.address, address],
    [HANDOVER_RULES.tag, tagId],
    [HANDOVER_RULES.account, card.ownerId],
  ] as const) {
    const decision = await services.limiter.consume(rule, key);
    if (!decision.allowed) {
      return fail("rate_limited", { "Retry-After": String(decision.retryAfterSeconds) });
    }
  }

  const latest = await latestAlertOf(services, card);
  if (latest?.status === "cancelled") return fail("cancelled");
  // Only an alert still under way takes the update; after a resolved one it is a new emergency.
  let alert = latest?.status === "active" ? latest : null;
  if (!alert) {
    // No alert yet: the handover raises one, under the card's own alert limits.
    if (card.contactCount === 0) return fail("no_contacts");
    const key = form.get("idempotencyKey");
    if (!isIdempotencyKey(key)) return fail("invalid");
    const location = parseLocation(form.get("latitude"), form.get("longitude"));
    const pressure = await cardAlertPressure(services, {
      tagId,
      address,
      location,
      proof: form.get("altcha"),
    });
    if (pressure.outcome !== "allowed") {
      return fail(
        "rate_limited",
        pressure.outcome === "limited"
          ? { "Retry-After": String(pressure.retryAfterSeconds) }
          : undefined,
      );
    }
    const raised = await raiseAlert(services, {
      source: "card",
      userId: card.ownerId,
      profileId: card.profileId,
      tagId,
      idempotencyKey: key,
      location,
      clientAddress: input.clientAddress,
    });
    alert = await latestAlertOf(services, card);
    if (!alert || alert.id !== raised.alertId) return fail("invalid");
  }
  const alertId = alert.id;
  const language = alert.language;
  const { cipher } = services;

  const outcome = await services.db.transaction(async (tx) => {
    // One alert's row held while counting its updates: two posts cannot both pass the ceiling.
    const [locked] = await tx
      .select({ status: alerts.status })
      .from(alerts)
      .where(eq(alerts.id, alertId))
      .for("update");
    if (!locked || locked.status === "cancelled") return "cancelled" as const;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(responderUpdates)
      .where(eq(responderUpdates.alertId, alertId));
    if (n >= HANDOVERS_PER_ALERT) return "rate_limited" as const;
    const [update] = await tx
      .insert(responderUpdates)
      .values({
        alertId,
        kind: parsed.value.kind,
        destination: parsed.value.destination,
        helperName: parsed.value.helperName,
        clientAddress: input.clientAddress,
      })
      .returning({ id: responderUpdates.id });
    // Every contact the alert reaches, on each channel it reaches them by (not the call).
    const reached = await tx
      .select()
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.alertId, alertId),
          eq(alertDeliveries.kind, "alert"),
          inArray(alertDeliveries.status, ["pending", "sending", "sent", "delivered", "failed"]),
        ),
      );
    const rows = followUpRows(cipher, alertId, reached).map((row) => ({
      ...row,
      kind: "handover" as const,
      payload: {
        template: "handover",
        language,
        params: {
          kind: parsed.value.kind,
          destination: parsed.value.destination ?? "",
          helperName: parsed.value.helperName ?? "",
          updateId: update!.id,
        },
      },
    }));
    if (rows.length) await tx.insert(alertDeliveries).values(rows);
    return new Set(rows.map((r) => r.contactId)).size;
  });
  if (outcome === "cancelled") return fail("cancelled");
  if (outcome === "rate_limited") return fail("rate_limited");
  services.dispatcher?.nudge();
  return {
    result: {
      intent: "handover",
      ok: true,
      kind: parsed.value.kind,
      destination: parsed.value.destination,
      count: outcome,
    },
    status: 200,
  };
}
