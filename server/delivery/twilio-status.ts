import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { alertDeliveries } from "#server/db/schema.ts";

/** Where Twilio reports what became of each message and call. */
export const TWILIO_STATUS_PATH = "/webhooks/twilio/status";

/**
 * Twilio signs each webhook: base64 HMAC-SHA1, keyed by the auth token, of the
 * URL it called followed by every POST parameter's name and value, sorted by
 * name (twilio.com/docs/usage/security#validating-requests).
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type Outcome = { status: "delivered" } | { status: "failed"; error: string } | null;

/**
 * What a reported status means for the delivery: messages are delivered when
 * the handset has them (delivered, read) and failed when the carrier refused
 * them; calls are delivered when answered and failed when busy, unanswered or
 * refused. Intermediate states (queued, sent, ringing…) change nothing.
 */
export function outcomeOf(params: Record<string, string>): Outcome {
  const message = params.MessageStatus;
  if (message === "delivered" || message === "read") return { status: "delivered" };
  if (message === "undelivered" || message === "failed") {
    const code = params.ErrorCode ? ` (error ${params.ErrorCode})` : "";
    return { status: "failed", error: `Twilio reported the message ${message}${code}` };
  }
  const call = params.CallStatus;
  if (call === "completed") return { status: "delivered" };
  if (call === "busy" || call === "no-answer" || call === "failed" || call === "canceled") {
    return { status: "failed", error: `Twilio reported the call ${call}` };
  }
  return null;
}

/**
 * Records a status report on the delivery with that provider id. Only a sent
 * delivery moves: a late or repeated report never undoes a final state.
 * Returns whether a delivery changed.
 */
export async function applyTwilioStatus(
  db: Database,
  params: Record<string, string>,
): Promise<boolean> {
  const sid = params.MessageSid ?? params.CallSid;
  const outcome = outcomeOf(params);
  if (!sid || !outcome) return false;
  const changed = await db
    .update(alertDeliveries)
    .set(
      outcome.status === "delivered"
        ? { status: "delivered" }
        : { status: "failed", lastError: outcome.error },
    )
    .where(
      and(
        eq(alertDeliveries.provider, "twilio"),
        eq(alertDeliveries.providerMessageId, sid),
        inArray(alertDeliveries.status, ["sent"]),
      ),
    )
    .returning({ id: alertDeliveries.id });
  return changed.length > 0;
}
