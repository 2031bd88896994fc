import { isLanguage, type Language } from "#core/languages.ts";
import type {
  ChannelAdapter,
  DeliveryReceipt,
  OutgoingMessage,
  Reconciliation,
  SendOptions,
} from "./types.ts";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from?: string;
  whatsappFrom?: string;
  apiBase: string;
  /** Where Twilio should report each message's and call's fate (twilio-status.ts). */
  statusCallback?: string;
  /** Limits Twilio imposes (decision 156); none: unlimited (the tests' loopback peer). */
  limits?: TwilioLimits;
}

export interface TwilioLimits {
  /** Requests to Twilio's API open at once. */
  maxInFlight: number;
  /** SMS a second per sending number (a US long code: 1; toll-free: 3; short code: 100). */
  smsPerSecond: number;
  /** WhatsApp messages a second per sender. */
  whatsappPerSecond: number;
  /** Calls a second (Twilio's CPS, 1 unless raised). */
  callsPerSecond: number;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    /** 4xx other than 429 will not succeed on retry. */
    public readonly permanent: boolean,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** Twilio's voices by language, for calls spoken in the owner's language. */
const VOICE_LANGUAGE: Record<Language, string> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  vi: "vi-VN",
};

/**
 * How far Twilio's clock may be behind ours: a message it created up to this
 * long before our recorded call start can still be the one we sent.
 */
const CLOCK_SKEW_MS = 120_000;
/** Pages of a Messages or Calls list read when looking for an earlier send. */
const MAX_LIST_PAGES = 5;

/** A fetch that failed before the request could reach Twilio: nothing was created. */
function neverConnected(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"].includes(
    cause?.code ?? "",
  );
}

/** A channel routed to Twilio by mistake: permanent, a retry cannot help. */
const notSentByTwilio = (channel: string) =>
  new ProviderError(`Twilio does not send ${channel}`, 0, true);

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** SMS, WhatsApp and voice calls through Twilio's REST API. */
export function twilioAdapter(options: TwilioOptions): ChannelAdapter {
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const base = `${options.apiBase}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;

  async function post(
    resource: "Messages" | "Calls",
    form: Record<string, string>,
    send: SendOptions,
  ) {
    await send.beforeHandover?.();
    const response = await fetch(`${base}/${resource}.json`, {
      method: "POST",
      headers: {
        authorization: auth,
        "content-type": "application/x-www-form-urlencoded",
        ...(send.idempotencyKey ? { "I-Twilio-Idempotency-Token": send.idempotencyKey } : {}),
      },
      body: new URLSearchParams(
        options.statusCallback ? { ...form, StatusCallback: options.statusCallback } : form,
      ),
      signal: AbortSignal.timeout(15_000),
    }).catch((error: unknown) => {
      // Refused or unresolvable: Twilio never saw the request, so a retry is a first send.
      // Anything else (a reset, a timeout) may come after Twilio created the message.
      if (neverConnected(error)) {
        throw new ProviderError(`Twilio unreachable: ${(error as Error).message}`, 0, false);
      }
      throw error;
    });
    const body = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
    if (!response.ok) {
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new ProviderError(
        `Twilio ${resource} answered ${response.status}: ${body.message ?? "no message"}`,
        response.status,
        permanent,
      );
    }
    return { provider: "twilio", providerMessageId: body.sid ?? "" };
  }

  /** The resource, To and From a message goes out with. */
  function addressing(message: OutgoingMessage): {
    resource: "Messages" | "Calls";
    to: string;
    from: string;
  } {
    const { channel } = message;
    switch (channel) {
      case "sms":
        return { resource: "Messages", to: message.to, from: options.from ?? "" };
      case "whatsapp": {
        const from = options.whatsappFrom ?? options.from;
        return { resource: "Messages", to: `whatsapp:${message.to}`, from: `whatsapp:${from}` };
      }
      case "voice":
        return { resource: "Calls", to: message.to, from: options.from ?? "" };
      case "email":
      case "messenger":
      case "instagram":
        throw notSentByTwilio(channel);
      default: {
        const never: never = channel;
        throw notSentByTwilio(never);
      }
    }
  }

  /**
   * Twilio documents no idempotency for creating Messages or Calls (its
   * I-Twilio-Idempotency-Token is a header it puts on the webhooks it sends),
   * so an earlier send is found by listing what was created for the same To
   * and From since the call started, newest first: a message by its exact body
   * (it carries the contact's own acknowledgement link), a call by its time.
   */
  async function reconcile(
    message: OutgoingMessage,
    { since }: { since: Date },
  ): Promise<Reconciliation> {
    const { resource, to, from } = addressing(message);
    const cutoff = since.getTime() - CLOCK_SKEW_MS;
    const found: DeliveryReceipt[] = [];
    let url: string | null =
      `${base}/${resource}.json?${new URLSearchParams({ To: to, From: from, PageSize: "50" })}`;
    for (let page = 0; url && page < MAX_LIST_PAGES; page++) {
      const response = await fetch(url, {
        headers: { authorization: auth, accept: "application/json" },
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        throw new ProviderError(
          `Twilio ${resource} list answered ${response.status}`,
          response.status,
          false,
        );
      }
      type Row = { sid?: string; body?: string; date_created?: string };
      const list = (await response.json()) as {
        messages?: Row[];
        calls?: Row[];
        next_page_uri?: string | null;
      };
      let reachedOlder = false;
      for (const row of (resource === "Calls" ? list.calls : list.messages) ?? []) {
        const created = Date.parse(row.date_created ?? "");
        if (!(created >= cutoff)) {
          reachedOlder = true;
          continue;
        }
        if (resource === "Messages" && row.body !== message.body) continue;
        if (row.sid) found.push({ provider: "twilio", providerMessageId: row.sid });
      }
      url = !reachedOlder && list.next_page_uri ? `${options.apiBase}${list.next_page_uri}` : null;
    }
    return found.length ? { outcome: "found", receipts: found.reverse() } : { outcome: "absent" };
  }

  const limits = options.limits;
  return {
    provider: "twilio",
    // Twilio queues what a number cannot send yet, first in, first out: a mass notice queued
    // there would hold an alert back. Sending no faster than the number keeps the queue here,
    // in the dispatcher's order.
    lane(message) {
      if (!limits) return null;
      const [kind, from, perSecond] =
        message.channel === "voice"
          ? ["calls", options.from, limits.callsPerSecond]
          : message.channel === "whatsapp"
            ? ["whatsapp", options.whatsappFrom ?? options.from, limits.whatsappPerSecond]
            : ["sms", options.from, limits.smsPerSecond];
      return {
        group: "twilio",
        maxInFlight: limits.maxInFlight,
        rate: { key: `twilio:${kind}:${from ?? ""}`, perSecond },
      };
    },
    reconcile,
    async send(message: OutgoingMessage, send: SendOptions) {
      const { channel } = message;
      switch (channel) {
        case "sms":
          if (!options.from) throw new ProviderError("TWILIO_FROM is not set", 0, true);
          return post("Messages", { To: message.to, From: options.from, Body: message.body }, send);
        case "whatsapp": {
          const from = options.whatsappFrom ?? options.from;
          if (!from) throw new ProviderError("TWILIO_WHATSAPP_FROM is not set", 0, true);
          return post(
            "Messages",
            { To: `whatsapp:${message.to}`, From: `whatsapp:${from}`, Body: message.body },
            send,
          );
        }
        case "voice": {
          if (!options.from) throw new ProviderError("TWILIO_FROM is not set", 0, true);
          const language = isLanguage(message.language)
            ? VOICE_LANGUAGE[message.language]
            : "en-US";
          const say = `<Say language="${language}">${escapeXml(message.body)}</Say>`;
          return post(
            "Calls",
            {
              To: message.to,
              From: options.from,
              Twiml: `<Response>${say}<Pause length="1"/>${say}</Response>`,
            },
            send,
          );
        }
        case "email":
        case "messenger":
        case "instagram":
          throw notSentByTwilio(channel);
        default: {
          const never: never = channel;
          throw notSentByTwilio(never);
        }
      }
    },
  };
}
