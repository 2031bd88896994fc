/**
 * What the providers' signed webhooks share (decisions 148, 149): reading Twilio's form body, and
 * refusing a post that is unsigned or wrongly signed. A refusal changes nothing, is always a log
 * line, and is an audit line up to a ceiling per address, so a flood of forgeries cannot fill the
 * audit log.
 */
import type { Context } from "hono";
import { type AuditEventType, recordAudit } from "#server/domain/audit.ts";
import { addressKey } from "#server/security/address-key.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";

export interface WebhookRefusal {
  /** Named in the log line. */
  provider: string;
  audit: AuditEventType;
  /** Audit lines per client address; beyond it a refusal is only logged. */
  rule: RateRule;
}

export const WEBHOOK_REFUSALS = {
  /** Meta's webhook: 20 audit lines per address and hour (decision 149). */
  meta: {
    provider: "meta",
    audit: "meta_webhook_refused",
    rule: { name: "meta-webhook:refused", points: 20, windowSeconds: 3600 },
  },
  /** Twilio's inbound replies: 30 audit lines per address in 15 minutes (decision 148). */
  twilioInbound: {
    provider: "twilio-inbound",
    audit: "twilio_inbound_refused",
    rule: { name: "twilio-inbound-refused:address", points: 30, windowSeconds: 900 },
  },
} as const satisfies Record<string, WebhookRefusal>;

/** Answers a refused webhook post with 403, after its log line and (under the ceiling) audit line. */
export async function refuseWebhook(
  services: Pick<Services, "db" | "logger" | "limiter">,
  c: Context,
  address: string,
  refusal: WebhookRefusal,
  reason: string,
): Promise<Response> {
  services.logger.warn({ provider: refusal.provider, reason, ip: address }, "webhook refused");
  const counted = await services.limiter.consume(refusal.rule, addressKey(address));
  if (counted.allowed) {
    await recordAudit(services.db, services.logger, {
      type: refusal.audit,
      success: false,
      clientAddress: address,
      metadata: { reason },
    });
  }
  return c.text("Invalid signature", 403);
}

/** Twilio's form fields as strings (it posts no files), or null when the body is not a form. */
export async function twilioParams(c: Context): Promise<Record<string, string> | null> {
  const form = await c.req.parseBody().catch(() => null);
  if (!form) return null;
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
