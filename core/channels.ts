/**
 * Every channel SafeTap sends on, described once (decision 125). The TypeScript types, the
 * database's CHECK lists, the quota planner, the message composer, the card's links, the plan
 * badges and the spend breaker all read this table, and every choice over channels is a
 * `Record<Channel, …>` or an exhaustive switch: a channel added here is flagged by the compiler
 * wherever it still needs a decision, and nothing treats an unknown channel like SMS.
 */

/**
 * What a channel's destination is: an email address, an E.164 number, or the page-scoped id Meta
 * gives a person who wrote to SafeTap's page or account (Messenger, Instagram: decision 147).
 */
export type AddressKind = "email" | "phone" | "meta";
/** The plan allowances a send can count against (DESIGN 1.2): non-email messages, voice calls. */
export const QUOTA_KINDS = ["messages", "voice"] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];
/** How a message on the channel is written: a subject and a body, a short text, or speech. */
export type MessageShape = "mail" | "text" | "spoken";
/**
 * What a send costs the service (decision 110): email nothing; SMS and calls can be billed at
 * premium rates; WhatsApp is billed per conversation, never at premium rates.
 */
export type SendCost = "free" | "premium_rate" | "per_conversation";
/** A link the public card offers for a contact. */
export type CardActionKind = "call" | "text" | "whatsapp" | "mailto";

export interface ChannelDescriptor {
  address: AddressKind;
  /**
   * The channel's place in the contact forms' list (the first is the forms' default); null
   * when a contact cannot choose it.
   */
  contactChoice: number | null;
  /** The allowance each send counts against; null when sends are never counted. */
  quota: QuotaKind | null;
  /** Whether its alert message carries the scanner's location (a map link). */
  carriesLocation: boolean;
  shape: MessageShape;
  /** The links the card shows for a contact on this channel, in order. */
  cardActions: readonly CardActionKind[];
  cost: SendCost;
  /**
   * Linked by the contact themself from their confirmation page (DESIGN 1.13): nobody can be
   * messaged there before writing to SafeTap first, so an owner never types such an address.
   */
  linkedByContact: boolean;
}

export const CHANNELS = {
  email: {
    address: "email",
    contactChoice: 2,
    quota: null,
    carriesLocation: true,
    shape: "mail",
    cardActions: ["mailto"],
    cost: "free",
    linkedByContact: false,
  },
  sms: {
    address: "phone",
    contactChoice: 1,
    quota: "messages",
    carriesLocation: true,
    shape: "text",
    cardActions: ["call", "text"],
    cost: "premium_rate",
    linkedByContact: false,
  },
  whatsapp: {
    address: "phone",
    contactChoice: 3,
    quota: "messages",
    carriesLocation: true,
    shape: "text",
    cardActions: ["call", "text", "whatsapp"],
    cost: "per_conversation",
    linkedByContact: false,
  },
  voice: {
    address: "phone",
    contactChoice: null,
    quota: "voice",
    carriesLocation: false,
    shape: "spoken",
    cardActions: [],
    cost: "premium_rate",
    linkedByContact: false,
  },
  messenger: {
    address: "meta",
    contactChoice: null,
    // Free's trial sends are "across SMS, WhatsApp, voice, Messenger, Instagram" (spec reading A;
    // DESIGN 1.2: "non-email sends"); paid plans' message allowances count them the same way.
    quota: "messages",
    carriesLocation: true,
    shape: "text",
    cardActions: [],
    cost: "free",
    linkedByContact: true,
  },
  instagram: {
    address: "meta",
    contactChoice: null,
    quota: "messages",
    carriesLocation: true,
    shape: "text",
    cardActions: [],
    cost: "free",
    linkedByContact: true,
  },
} as const satisfies Record<string, ChannelDescriptor>;

export type Channel = keyof typeof CHANNELS;

/** A channel a contact can choose (email, SMS, WhatsApp); the others only follow up. */
export type ContactChannel = {
  [C in Channel]: (typeof CHANNELS)[C]["contactChoice"] extends number ? C : never;
}[Channel];

/** Every channel, in the descriptor's order (the alert_deliveries CHECK list's order). */
export const CHANNEL_IDS = Object.keys(CHANNELS) as Channel[];

export function describeChannel(channel: Channel): ChannelDescriptor {
  return CHANNELS[channel];
}

/** The contact channels in the order the contact forms offer them. */
export const CONTACT_CHANNELS: readonly ContactChannel[] = CHANNEL_IDS.flatMap((channel) => {
  const choice = describeChannel(channel).contactChoice;
  return choice === null ? [] : [{ channel: channel as ContactChannel, choice }];
})
  .sort((a, b) => a.choice - b.choice)
  .map((entry) => entry.channel);

/** The channel the contact forms start on. */
export const DEFAULT_CONTACT_CHANNEL: ContactChannel = CONTACT_CHANNELS[0]!;

export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && Object.hasOwn(CHANNELS, value);
}

export function isContactChannel(value: unknown): value is ContactChannel {
  return isChannel(value) && describeChannel(value).contactChoice !== null;
}

/**
 * A channel read back from the database, whose CHECK constraint admits only known channels:
 * anything else is a bug, not a channel to treat like another.
 */
export function channelOf(value: string): Channel {
  if (!isChannel(value)) throw new Error(`Unknown channel in a stored row: ${value}`);
  return value;
}

/** A contact's channel read back from the database (see `channelOf`). */
export function contactChannelOf(value: string): ContactChannel {
  if (!isContactChannel(value))
    throw new Error(`Unknown contact channel in a stored row: ${value}`);
  return value;
}

/** A contact reached on a phone number: real emergencies also call them (decision 015). */
export function isPhoneContactChannel(channel: Channel): boolean {
  const { address, contactChoice } = describeChannel(channel);
  return contactChoice !== null && address === "phone";
}

/** A channel the contact links themself (Messenger, Instagram). */
export type LinkedChannel = {
  [C in Channel]: (typeof CHANNELS)[C]["linkedByContact"] extends true ? C : never;
}[Channel];

export const LINKED_CHANNELS: readonly LinkedChannel[] = CHANNEL_IDS.filter(
  (channel) => describeChannel(channel).linkedByContact,
) as LinkedChannel[];

export function isLinkedChannel(value: unknown): value is LinkedChannel {
  return isChannel(value) && describeChannel(value).linkedByContact;
}

/** The channels whose sends count against one allowance. */
export function channelsCountedAs(quota: QuotaKind): Channel[] {
  return CHANNEL_IDS.filter((channel) => describeChannel(channel).quota === quota);
}

export interface CardAction {
  kind: CardActionKind;
  href: string;
  /** Leaves SafeTap for another service (rel="noopener"). */
  external: boolean;
}

const CARD_LINKS: Record<CardActionKind, { href: (value: string) => string; external: boolean }> = {
  call: { href: (phone) => `tel:${phone}`, external: false },
  text: { href: (phone) => `sms:${phone}`, external: false },
  whatsapp: { href: (phone) => `https://wa.me/${phone.replace(/\D/g, "")}`, external: true },
  mailto: { href: (email) => `mailto:${email}`, external: false },
};

/** The links the public card shows for one contact, in order. */
export function cardActions(contact: { channel: ContactChannel; value: string }): CardAction[] {
  return describeChannel(contact.channel).cardActions.map((kind) => ({
    kind,
    href: CARD_LINKS[kind].href(contact.value),
    external: CARD_LINKS[kind].external,
  }));
}
