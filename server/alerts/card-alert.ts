import { isbot } from "isbot";
import { normaliseTagId } from "#core/tag-ids.ts";
import {
  findRaisedAlert,
  isIdempotencyKey,
  parseLocation,
  raiseAlert,
} from "#server/alerts/create.ts";
import { isDatabaseBusy } from "#server/db/client.ts";
import {
  loadPublicCard,
  type RecentCardAlert,
  recentCardAlert,
} from "#server/domain/public-card.ts";
import { addressKey } from "#server/security/address-key.ts";
import {
  type CardChallenge,
  cardAlertPressure,
  issueAlertChallenge,
} from "#server/security/card-alert-guard.ts";
import type { Services } from "#server/services.ts";

export type CardAlertFailure =
  | "no_contacts"
  /** The database had no connection free in time: press again (503 with Retry-After). */
  | "busy"
  | "rate_limited"
  | "refused"
  | "invalid"
  | "expired"
  | "challenge";

export type CardAlertResult =
  | { intent: "alert"; ok: true; alertId: string; token: string; count: number }
  | {
      intent: "alert";
      ok: false;
      reason: CardAlertFailure;
      challenge?: CardChallenge;
      /** With rate_limited or challenge: the card's latest alert, which the contacts already have. */
      recent?: RecentCardAlert | null;
    };

export interface CardAlertAnswer {
  result: CardAlertResult;
  status: number;
  headers?: Record<string, string>;
}

/**
 * A queued alert may name when it was pressed: at most six hours ago (decision
 * 111), never in the future. Older is "expired": the card says so, as the
 * device queue does for alerts it kept a day.
 */
export const LATEST_QUEUE_AGE_MS = 6 * 60 * 60_000;

export type PressedAt = { at: Date } | { problem: "expired" | "invalid" } | null;

export function parsePressedAt(value: FormDataEntryValue | null, now = Date.now()): PressedAt {
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !/^\d{13}$/.test(value)) return { problem: "invalid" };
  const time = Number(value);
  if (time > now + 60_000) return { problem: "invalid" };
  if (time < now - LATEST_QUEUE_AGE_MS) return { problem: "expired" };
  return { at: new Date(Math.min(time, now)) };
}

/**
 * "Send Emergency Alert" from a public card, shared by the card's own form
 * post (works without JavaScript) and `/t/{id}/alert`, where the card's script
 * and the service worker send alerts queued on the device.
 *
 * A repeated press (the same idempotency key) answers with the first alert
 * before any limit is counted. Limits are per tag and per address (an IPv6
 * /64), with a reserve for a press from a new device or a new place, and a
 * proof of work once the tag is under load (decision 111).
 */
export async function raiseCardAlert(
  services: Services,
  tagId: string,
  form: FormData,
  request: Request,
  clientAddress: string,
): Promise<CardAlertAnswer> {
  try {
    return await raiseCardAlertNow(services, tagId, form, request, clientAddress);
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    // Under load an alert is never answered 500 (decision 156): "busy", with when to press
    // again. The card's queue sends it again after Retry-After under the same idempotency key,
    // so an alert whose transaction did commit before the pool ran dry is found, not repeated.
    services.logger.warn({ err: error, tagId }, "card alert answered busy: no database connection");
    return {
      result: { intent: "alert", ok: false, reason: "busy" },
      status: 503,
      headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
    };
  }
}

/** What a "busy" answer asks the card to wait before it sends again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

async function raiseCardAlertNow(
  services: Services,
  tagId: string,
  form: FormData,
  request: Request,
  clientAddress: string,
): Promise<CardAlertAnswer> {
  const fail = (
    reason: CardAlertFailure,
    status: number,
    headers?: Record<string, string>,
    challenge?: CardChallenge,
  ) => ({
    result: { intent: "alert" as const, ok: false as const, reason, challenge },
    status,
    headers,
  });
  if (isbot(request.headers.get("user-agent"))) return fail("refused", 403);
  const key = form.get("idempotencyKey");
  if (!isIdempotencyKey(key)) return fail("invalid", 400);
  const pressed = parsePressedAt(form.get("pressedAt"));
  if (pressed && "problem" in pressed) {
    return fail(pressed.problem, pressed.problem === "expired" ? 409 : 400);
  }
  const card = await loadPublicCard(services, tagId);
  if (card.state !== "active") return fail("refused", 404);
  if (card.contactCount === 0) return fail("no_contacts", 409);
  const ok = (raised: { alertId: string; viewerToken: string; contactsReached: number }) => ({
    result: {
      intent: "alert" as const,
      ok: true as const,
      alertId: raised.alertId,
      token: raised.viewerToken,
      count: raised.contactsReached,
    },
    status: 200,
  });
  const repeated = await findRaisedAlert(services, { source: "card", tagId, idempotencyKey: key });
  if (repeated) return ok(repeated);

  const location = parseLocation(form.get("latitude"), form.get("longitude"));
  const pressure = await cardAlertPressure(services, {
    tagId,
    address: addressKey(clientAddress),
    location,
    proof: form.get("altcha"),
  });
  if (pressure.outcome === "challenge") {
    // The card's script does the work and presses again; a page without it can
    // still show whom the card's latest alert reached (issue 12 item 4).
    const challenged = fail(
      "challenge",
      429,
      { "Retry-After": "1" },
      await issueAlertChallenge(services),
    );
    return {
      ...challenged,
      result: { ...challenged.result, recent: await recentCardAlert(services, card) },
    };
  }
  if (pressure.outcome === "limited") {
    const refused = fail("rate_limited", 429, {
      "Retry-After": String(pressure.retryAfterSeconds),
    });
    return {
      ...refused,
      result: { ...refused.result, recent: await recentCardAlert(services, card) },
    };
  }
  return ok(
    await raiseAlert(services, {
      source: "card",
      userId: card.ownerId,
      profileId: card.profileId,
      tagId,
      idempotencyKey: key,
      location,
      clientAddress,
      raisedAt: pressed?.at,
    }),
  );
}

/**
 * POST /t/{id}/alert: the card's alert as JSON, for the card's script and for alerts the service
 * worker sends from the device's queue (decision 051). The same checks as the card's own form:
 * bots, idempotency key, limits. Answered by the HTTP layer itself, not through React Router:
 * the endpoint an emergency presses, and under a flood the one that counts (decision 162).
 */
export async function cardAlertJson(
  services: Services,
  rawTagId: string,
  request: Request,
  clientAddress: string,
): Promise<Response> {
  const invalid = () =>
    Response.json(
      { intent: "alert", ok: false, reason: "invalid" },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const tagId = normaliseTagId(rawTagId);
  if (!tagId) return invalid();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return invalid();
  }
  const answer = await raiseCardAlert(services, tagId, form, request, clientAddress);
  return Response.json(answer.result, {
    status: answer.status,
    headers: { "Cache-Control": "no-store", ...answer.headers },
  });
}
