import { isbot } from "isbot";
import { isIdempotencyKey, parseLocation, raiseAlert } from "../../server/alerts/create.ts";
import {
  loadPublicCard,
  type RecentCardAlert,
  recentCardAlert,
} from "../../server/domain/public-card.ts";
import { consumeAll } from "../../server/security/rate-limit.ts";
import type { Services } from "../../server/services.ts";

/** Public alerts are limited per tag and per client address (DESIGN 3.4). */
const CARD_ALERT_RULES = {
  tag: { name: "card-alert:tag", points: 5, windowSeconds: 600 },
  address: { name: "card-alert:address", points: 10, windowSeconds: 3600 },
};

export type CardAlertFailure = "no_contacts" | "rate_limited" | "refused" | "invalid";

export type CardAlertResult =
  | { intent: "alert"; ok: true; alertId: string; token: string; count: number }
  | {
      intent: "alert";
      ok: false;
      reason: CardAlertFailure;
      /** With rate_limited: the card's latest alert, which the contacts already have. */
      recent?: RecentCardAlert | null;
    };

export interface CardAlertAnswer {
  result: CardAlertResult;
  status: number;
  headers?: Record<string, string>;
}

/** A queued alert may name when it was pressed: at most a day ago, never in the future. */
const LATEST_QUEUE_AGE_MS = 24 * 60 * 60_000;

export function parsePressedAt(value: FormDataEntryValue | null, now = Date.now()): Date | null {
  if (typeof value !== "string" || !/^\d{13}$/.test(value)) return null;
  const time = Number(value);
  if (time > now + 60_000 || time < now - LATEST_QUEUE_AGE_MS) return null;
  return new Date(Math.min(time, now));
}

/**
 * "Send Emergency Alert" from a public card, shared by the card's own form
 * post (works without JavaScript) and `/t/{id}/alert`, where the card's script
 * and the service worker send alerts queued on the device.
 */
export async function raiseCardAlert(
  services: Services,
  tagId: string,
  form: FormData,
  request: Request,
  clientAddress: string,
): Promise<CardAlertAnswer> {
  const fail = (reason: CardAlertFailure, status: number, headers?: Record<string, string>) => ({
    result: { intent: "alert" as const, ok: false as const, reason },
    status,
    headers,
  });
  if (isbot(request.headers.get("user-agent"))) return fail("refused", 403);
  const key = form.get("idempotencyKey");
  if (!isIdempotencyKey(key)) return fail("invalid", 400);
  const card = await loadPublicCard(services, tagId);
  if (card.state !== "active") return fail("refused", 404);
  if (card.contactCount === 0) return fail("no_contacts", 409);
  const limited = await consumeAll(services.limiter, [
    [CARD_ALERT_RULES.tag, tagId],
    [CARD_ALERT_RULES.address, clientAddress],
  ]);
  if (!limited.allowed) {
    const refused = fail("rate_limited", 429, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
    return {
      ...refused,
      result: { ...refused.result, recent: await recentCardAlert(services, card) },
    };
  }
  const raised = await raiseAlert(services, {
    source: "card",
    userId: card.ownerId,
    tagId,
    idempotencyKey: key,
    location: parseLocation(form.get("latitude"), form.get("longitude")),
    clientAddress,
    raisedAt: parsePressedAt(form.get("pressedAt")) ?? undefined,
  });
  return {
    result: {
      intent: "alert",
      ok: true,
      alertId: raised.alertId,
      token: raised.viewerToken,
      count: raised.contactsReached,
    },
    status: 200,
  };
}
