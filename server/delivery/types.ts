import type { Channel } from "#core/channels.ts";
import type { Lane } from "./throttle.ts";

export interface OutgoingMessage {
  channel: Channel;
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
  /**
   * Called once, at the last moment before the provider may hold the message
   * (before Twilio's request, before SMTP's closing dot). The sender records the
   * call there; if it throws, nothing is handed over.
   */
  beforeHandover?: () => Promise<void>;
  /**
   * The dispatcher's order (0 for emergencies, DELIVERY_PRIORITY): a message waiting on its
   * provider's limits goes before those with a larger number.
   */
  priority?: number;
}

export interface DeliveryReceipt {
  provider: string;
  providerMessageId: string;
}

/**
 * What the provider holds of a message whose earlier send may or may not have
 * reached it (the process died, or the call timed out, before the answer was
 * recorded): `found` with the matching messages (oldest first), `absent` when
 * the provider has none and a send is safe, `unknown` when the provider cannot
 * be asked (SMTP); `receipt` is then what the message is known by.
 */
export type Reconciliation =
  | { outcome: "found"; receipts: DeliveryReceipt[] }
  | { outcome: "absent" }
  | { outcome: "unknown"; receipt: DeliveryReceipt };

export interface ReconcileOptions {
  /** The key the earlier send carried (the delivery id). */
  idempotencyKey: string;
  /** When the earlier call started: nothing the provider made before it can match. */
  since: Date;
}

/** One provider for one or more channels. Messenger or Instagram would be one more of these. */
export interface ChannelAdapter {
  readonly provider: string;
  send(message: OutgoingMessage, options: SendOptions): Promise<DeliveryReceipt>;
  /** Asks the provider for an earlier send of this message (see Reconciliation). */
  reconcile?(message: OutgoingMessage, options: ReconcileOptions): Promise<Reconciliation>;
  /** The limits a send of this message waits for (decision 156); none: it goes at once. */
  lane?(message: OutgoingMessage): Lane | null;
}
