export type MessageChannel = "email" | "sms" | "whatsapp" | "voice";

export interface OutgoingMessage {
  channel: MessageChannel;
  /** Email address or E.164 phone number. */
  to: string;
  subject?: string;
  body: string;
  /** Language of a voice call's speech (en, es, fr, vi). */
  language?: string;
  metadata?: Record<string, unknown>;
}

export interface SendOptions {
  /** Passed to providers that de-duplicate, so a retried send is not sent twice. */
  idempotencyKey?: string;
}

export interface DeliveryReceipt {
  provider: string;
  providerMessageId: string;
}

/** One provider for one or more channels. Messenger or Instagram would be one more of these. */
export interface ChannelAdapter {
  readonly provider: string;
  send(message: OutgoingMessage, options: SendOptions): Promise<DeliveryReceipt>;
}
