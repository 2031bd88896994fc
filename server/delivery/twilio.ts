import type { ChannelAdapter, OutgoingMessage, SendOptions } from "./types.ts";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from?: string;
  whatsappFrom?: string;
  apiBase: string;
  /** Where Twilio should report each message's and call's fate (twilio-status.ts). */
  statusCallback?: string;
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
const VOICE_LANGUAGE: Record<string, string> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  vi: "vi-VN",
};

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

  return {
    provider: "twilio",
    async send(message: OutgoingMessage, send: SendOptions) {
      switch (message.channel) {
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
          const language = VOICE_LANGUAGE[message.language ?? "en"] ?? "en-US";
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
        default:
          throw new ProviderError(`Twilio does not send ${message.channel}`, 0, true);
      }
    },
  };
}
