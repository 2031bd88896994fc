/**
 * Messages that belong to no alert — scan notices to a tag's owner, household invitations —
 * through the same durable outbox as alerts (`alert_deliveries` with `alertId` null), so they get
 * the same retries, idempotency and provider handling. What a notice says is its template in the
 * server's message catalog (`messages.<template>.subject|body|sms|voice`) filled with its
 * parameters, in the recipient's language; the payload holds no secret beyond what the message
 * itself carries.
 */
import { randomUUID } from "node:crypto";
import { type Channel, describeChannel } from "#core/channels.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor } from "#server/db/client.ts";
import { alertDeliveries } from "#server/db/schema.ts";
import type { OutgoingMessage } from "#server/delivery/types.ts";
import { messageText } from "#server/messages/catalog.ts";

/** The kinds of delivery that carry a notice rather than an alert. */
export const NOTICE_KINDS = [
  "scan_notice",
  "invitation",
  "attendance_notice",
  "roll_call",
  "mass_notice",
  "contact_request",
  "current_check",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * The order the dispatcher sends in (DESIGN 1b.3, issue 17): 0 first. An individual's emergency
 * (alerts, escalations, all-clears) and a roll call's own messages before anything routine; mass
 * notices last, so ten thousand of them never delay one person's alert. A responder's "taking them
 * to …" is part of the emergency (0); confirmation requests and "still current?" checks are
 * routine (1, issue 18). Kinds not listed are 1.
 */
export const DELIVERY_PRIORITY: Record<string, number> = {
  alert: 0,
  escalation: 0,
  all_clear: 0,
  roll_call: 0,
  handover: 0,
  quota_notice: 1,
  scan_notice: 1,
  invitation: 1,
  attendance_notice: 1,
  contact_request: 1,
  current_check: 1,
  mass_notice: 2,
};

/**
 * The dispatcher's order as SQL (`case kind when 'alert' then 0 … else 1 end`). The pending
 * deliveries' claim index (`alert_deliveries_claim_idx`, migration 0009 and the schema) repeats
 * this text exactly, so a claim reads one index entry (decision 144); a unit test holds them equal.
 */
export const DELIVERY_PRIORITY_SQL = `case kind ${Object.entries(DELIVERY_PRIORITY)
  .map(([kind, rank]) => `when '${kind}' then ${rank}`)
  .join(" ")} else 1 end`;

export interface NoticePayload {
  /** The catalog key the texts are under, e.g. "scanNotice". */
  template: string;
  language: string;
  params: Record<string, string>;
  /**
   * Parameters that carry a secret (an invitation's link), encrypted to the row like its
   * destination: the database holds them only as ciphertext (`sealParams`, `openNotice`).
   */
  sealed?: string;
}

const sealContext = (deliveryId: string) => `alert_deliveries.payload:${deliveryId}`;

/** The payload with its sealed parameters opened, for the composer. */
export function openNotice(
  payload: NoticePayload,
  cipher: FieldCipher,
  deliveryId: string,
): NoticePayload {
  if (!payload.sealed) return payload;
  const secret = JSON.parse(cipher.decrypt(payload.sealed, sealContext(deliveryId))) as Record<
    string,
    string
  >;
  return { ...payload, params: { ...payload.params, ...secret }, sealed: undefined };
}

export function isNoticePayload(value: unknown): value is NoticePayload {
  if (!value || typeof value !== "object") return false;
  const payload = value as Record<string, unknown>;
  return (
    typeof payload.template === "string" &&
    typeof payload.language === "string" &&
    typeof payload.params === "object" &&
    payload.params !== null
  );
}

/** The message a notice delivery sends, shaped for its channel like an alert's. */
export function composeNotice(
  payload: NoticePayload,
  channel: Channel,
  to: string,
): OutgoingMessage {
  const t = (part: string) =>
    messageText(payload.language, `${payload.template}.${part}`, payload.params);
  const base = { channel, to, language: payload.language };
  switch (describeChannel(channel).shape) {
    case "mail":
      return { ...base, subject: t("subject"), body: t("body") };
    case "text":
      return { ...base, body: t("sms") };
    case "spoken":
      return { ...base, body: t("voice") };
  }
}

/**
 * Queues one notice in the caller's transaction, destination encrypted to its row; the
 * dispatcher sends it after the commit (call `services.dispatcher?.nudge()` then). `accountId`
 * is the account whose plan counts it (email is never counted).
 */
export async function queueNotice(
  tx: Executor,
  cipher: FieldCipher,
  notice: {
    kind: NoticeKind;
    accountId: string;
    channel: Channel;
    to: string;
    /** Who it is for, as the delivery log shows it. */
    recipientName: string;
    payload: NoticePayload;
    /** Parameters with a secret in them, stored encrypted (see `NoticePayload.sealed`). */
    secretParams?: Record<string, string>;
    /** "skipped" with a note when a limit held it back: recorded, never sent. */
    status?: "pending" | "skipped";
    note?: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(alertDeliveries).values({
    id,
    alertId: null,
    accountId: notice.accountId,
    payload: (notice.secretParams
      ? {
          ...notice.payload,
          sealed: cipher.encrypt(JSON.stringify(notice.secretParams), sealContext(id)),
        }
      : notice.payload) as unknown as Record<string, unknown>,
    contactId: null,
    contactName: notice.recipientName,
    channel: notice.channel,
    destination: cipher.encrypt(notice.to, `alert_deliveries.destination:${id}`),
    kind: notice.kind,
    status: notice.status ?? "pending",
    note: notice.note ?? null,
  });
  return id;
}
