/**
 * Messenger and Instagram through Meta's Graph API Send API (decision 149): one POST per message
 * to `/{version}/{PAGE_ID}/messages` with the page access token, `recipient.id` (the page-scoped
 * id the contact's referral gave us), `messaging_type`, and for Messenger alerts the message tag.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "#server/config.ts";
import { ProviderError } from "./twilio.ts";
import type { ChannelAdapter, DeliveryReceipt, OutgoingMessage, SendOptions } from "./types.ts";

export type MetaConfig = NonNullable<Config["meta"]>;

/** Where Meta sends webhook events (referrals, deliveries, reads) and its verification GET. */
export const META_WEBHOOK_PATH = "/webhooks/meta";

/**
 * How a message goes out (decision 149). A reply to the contact's own action (the link they just
 * opened) is a RESPONSE, inside the 24-hour window that action opened. An alert on Messenger is
 * tagged ACCOUNT_UPDATE, the one tag whose allowed uses (alerts about something the person
 * subscribed to, such as fraud alerts) cover it, so it reaches them outside the window too.
 * Instagram has no such tag (only HUMAN_AGENT, for a person typing): its alerts go as UPDATE and
 * reach the contact only within 24 hours of their last message to the account.
 */
export type MessagingType =
  | { messaging_type: "RESPONSE" }
  | { messaging_type: "UPDATE" }
  | { messaging_type: "MESSAGE_TAG"; tag: "ACCOUNT_UPDATE" };

/** The delivery kinds that answer something the contact just did. */
const REPLY_KINDS = new Set(["contact_request"]);

export function messagingTypeFor(channel: "messenger" | "instagram", kind: unknown): MessagingType {
  if (typeof kind === "string" && REPLY_KINDS.has(kind)) return { messaging_type: "RESPONSE" };
  if (channel === "messenger") return { messaging_type: "MESSAGE_TAG", tag: "ACCOUNT_UPDATE" };
  return { messaging_type: "UPDATE" };
}

/** The Send API's JSON body for one text message. */
export function sendBody(message: OutgoingMessage) {
  if (message.channel !== "messenger" && message.channel !== "instagram") {
    throw new ProviderError(`Meta does not send ${message.channel}`, 0, true);
  }
  return {
    recipient: { id: message.to },
    ...messagingTypeFor(message.channel, message.metadata?.kind),
    message: { text: message.body },
  };
}

/** Graph API's error object (`{ error: { message, type, code, error_subcode, is_transient } }`). */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  fbtrace_id?: string;
}

/**
 * Codes Meta documents as "try again later": unknown/unexpected errors (1, 2), application and
 * user rate limits (4, 17, 32, 613, 80006), and "temporary send message failure" (1200).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 613, 1200, 80006]);

/**
 * Whether a refusal is worth retrying. A blocked or unavailable person (551), a message outside
 * the allowed window (10), an unknown recipient or a bad parameter (100), a bad token (190) or a
 * missing permission (200, 230) will not change by sending again: the delivery fails at once, and
 * the contact is still reached on their own channel.
 */
export function isRetryable(status: number, error: GraphError | undefined): boolean {
  if (error?.is_transient === true) return true;
  if (error?.code !== undefined && RETRYABLE_CODES.has(error.code)) return true;
  if (error?.code !== undefined) return false;
  return status >= 500 || status === 429;
}

function describe(error: GraphError | undefined, status: number): string {
  if (!error) return `Meta answered ${status}`;
  const code = error.error_subcode ? `${error.code}/${error.error_subcode}` : `${error.code}`;
  return `Meta refused (code ${code}): ${error.message ?? "no message"}`;
}

/** A fetch that failed before the request could reach Meta: nothing was sent. */
function neverConnected(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"].includes(
    cause?.code ?? "",
  );
}

/** Meta's `appsecret_proof`: HMAC-SHA256 of the access token keyed by the app secret. */
export function appSecretProof(appSecret: string, accessToken: string): string {
  return createHmac("sha256", appSecret).update(accessToken).digest("hex");
}

/** `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export function metaSignature(appSecret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

export function isValidMetaSignature(
  appSecret: string,
  body: Uint8Array,
  header: string | undefined,
): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = Buffer.from(metaSignature(appSecret, body).slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const META_PROVIDER = "meta";

/** Messenger (the page) and Instagram (its linked professional account). */
export function metaAdapter(meta: MetaConfig): ChannelAdapter {
  const url = `${meta.graphApiBase}/${meta.graphVersion}/${encodeURIComponent(meta.pageId)}/messages?${new URLSearchParams(
    {
      access_token: meta.pageAccessToken,
      appsecret_proof: appSecretProof(meta.appSecret, meta.pageAccessToken),
    },
  )}`;

  async function send(message: OutgoingMessage, options: SendOptions): Promise<DeliveryReceipt> {
    if (message.channel === "instagram" && !meta.instagram) {
      throw new ProviderError("No Instagram account is configured (META_INSTAGRAM_ID)", 0, true);
    }
    const body = JSON.stringify(sendBody(message));
    await options.beforeHandover?.();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(15_000),
    }).catch((error: unknown) => {
      // Refused or unresolvable: Meta never saw it, a retry is a first send. Anything else (a
      // reset, a timeout) may come after Meta sent it: the dispatcher asks `reconcile` first.
      if (neverConnected(error)) {
        throw new ProviderError(`Meta unreachable: ${(error as Error).message}`, 0, false);
      }
      throw error;
    });
    const answer = (await response.json().catch(() => ({}))) as {
      recipient_id?: string;
      message_id?: string;
      error?: GraphError;
    };
    if (!response.ok || answer.error || !answer.message_id) {
      throw new ProviderError(
        describe(answer.error, response.status),
        response.status,
        !isRetryable(response.status, answer.error),
      );
    }
    return { provider: META_PROVIDER, providerMessageId: answer.message_id };
  }

  return {
    provider: META_PROVIDER,
    send,
    /**
     * Meta takes no idempotency key and the Send API cannot be asked what it sent, so an
     * interrupted call is `unknown` (decision 149): the dispatcher sends a real emergency again
     * (a second copy in a chat thread beats silence) and records anything else as uncertain.
     */
    async reconcile(_message, { idempotencyKey }) {
      return {
        outcome: "unknown",
        receipt: { provider: META_PROVIDER, providerMessageId: `uncertain:${idempotencyKey}` },
      };
    },
  };
}
