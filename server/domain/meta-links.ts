/**
 * A contact's own Messenger or Instagram account (DESIGN 1.13, decision 149). The contact opens
 * `/c/link/TOKEN`, follows m.me/PAGE?ref=TOKEN or ig.me/m/ACCOUNT?ref=TOKEN, and Meta's webhook
 * brings back the page-scoped id with the ref: the single-use `link` token (decision 147) says
 * which contact it is, and the id is stored encrypted to that contact. Alerts then also go there.
 */
import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { isLinkedChannel, type LinkedChannel } from "#core/channels.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import type { Config } from "#server/config.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor, Transaction } from "#server/db/client.ts";
import { alertDeliveries, contacts, profiles, user } from "#server/db/schema.ts";
import { META_PROVIDER } from "#server/delivery/meta.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { consumeContactToken, issueContactToken, peekContactToken } from "./contact-tokens.ts";
import { metaRecipientContext } from "./contacts.ts";
import { alertAllowance } from "./quotas.ts";
import { logSafetyEvent } from "./safety-log.ts";

/**
 * The linked channels alerts are planned on: with Meta configured, Messenger, and Instagram when
 * its account is; in a demo without it, both (they land in the dev outbox); otherwise none.
 */
export function linkedChannelsInUse(config: Config): ReadonlySet<LinkedChannel> {
  if (config.meta) {
    return new Set<LinkedChannel>(
      config.meta.instagram ? ["messenger", "instagram"] : ["messenger"],
    );
  }
  return new Set<LinkedChannel>(config.demoMode ? ["messenger", "instagram"] : []);
}

/** The referral links a contact may follow; none without Meta configured (never offered). */
export function linkTargets(
  config: Config,
  token: string,
): { channel: LinkedChannel; href: string }[] {
  const meta = config.meta;
  if (!meta) return [];
  const ref = encodeURIComponent(token);
  const targets: { channel: LinkedChannel; href: string }[] = [
    { channel: "messenger", href: `https://m.me/${meta.pageUsername}?ref=${ref}` },
  ];
  if (meta.instagram) {
    targets.push({
      channel: "instagram",
      href: `https://ig.me/m/${meta.instagram.username}?ref=${ref}`,
    });
  }
  return targets;
}

export const LINK_PAGE_PATH = "/c/link";

/** Ceilings on link tokens an owner asks for (each is a row; nothing is sent). */
export const LINK_RULES = {
  accountDay: { name: "meta-link:account:d", points: 30, windowSeconds: 86_400 },
  contactHour: { name: "meta-link:contact:h", points: 5, windowSeconds: 3600 },
  /** Wrong tokens tried on the link page, per address (guessing). */
  pageAddress: { name: "meta-link:page:address", points: 30, windowSeconds: 900 },
  /** "This link has expired" replies to one Messenger or Instagram account. */
  expiredReplySender: { name: "meta-link:expired:sender", points: 3, windowSeconds: 86_400 },
} satisfies Record<string, RateRule>;

/**
 * A link token for one of the person's contacts, for the owner to pass on (or for the
 * confirmation page to show once the contact agreed). Null when the contact is not the person's.
 */
export async function issueLinkToken(
  db: Executor,
  profileId: string,
  contactId: string,
): Promise<string | null> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.profileId, profileId)));
  return contact ? issueContactToken(db, contact.id, "link") : null;
}

/** Who a contact is, for the page and the messages: their name, the person's, the language. */
async function contactContext(db: Executor, contactId: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      accountId: contacts.userId,
      profileId: contacts.profileId,
      language: contacts.language,
      metaChannel: contacts.metaChannel,
      metaRecipient: contacts.metaRecipient,
      personName: profiles.fullName,
      personLanguage: profiles.language,
      accountName: user.name,
    })
    .from(contacts)
    .innerJoin(user, eq(user.id, contacts.userId))
    .leftJoin(profiles, eq(profiles.id, contacts.profileId))
    .where(eq(contacts.id, contactId));
  if (!row) return null;
  return {
    ...row,
    person: row.personName || row.accountName,
    messageLanguage: row.language ?? row.personLanguage ?? "en",
    linkedChannel: isLinkedChannel(row.metaChannel) && row.metaRecipient ? row.metaChannel : null,
  };
}

export type LinkPageState =
  | { state: "unknown" }
  | { state: "expired"; person: string }
  | { state: "used"; person: string }
  | {
      state: "ready" | "linked";
      person: string;
      contactName: string;
      linkedChannel: LinkedChannel | null;
      /** Unlinking from the page is offered while the link has not expired (decision 149). */
      canUnlink: boolean;
    };

/** What `/c/link/TOKEN` shows, without spending the token. */
export async function linkPageState(db: Executor, token: unknown): Promise<LinkPageState> {
  const found = await peekContactToken(db, token, "link");
  if (found.status === "unknown") return { state: "unknown" };
  const contact = await contactContext(db, found.contactId);
  if (!contact) return { state: "unknown" };
  if (found.status === "expired") return { state: "expired", person: contact.person };
  const base = {
    person: contact.person,
    contactName: contact.name,
    linkedChannel: contact.linkedChannel,
    canUnlink: contact.linkedChannel !== null,
  };
  if (found.status === "valid") return { state: "ready", ...base };
  // Spent: by the link that made this account follow, or by one since removed.
  return contact.linkedChannel
    ? { state: "linked", ...base }
    : { state: "used", person: contact.person };
}

const clearLink = { metaChannel: null, metaRecipient: null, metaLinkedAt: null };

/**
 * The contact removes their linked account from the page, with the token they were given, valid
 * or already spent, while it has not expired. Returns whether a link was removed.
 */
export async function unlinkWithToken(db: Executor, token: unknown): Promise<boolean> {
  const found = await peekContactToken(db, token, "link");
  if (found.status !== "valid" && found.status !== "used") return false;
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .update(contacts)
      .set(clearLink)
      .where(and(eq(contacts.id, found.contactId), sql`${contacts.metaChannel} is not null`))
      .returning({
        accountId: contacts.userId,
        profileId: contacts.profileId,
        name: contacts.name,
        channel: contacts.metaChannel,
      });
    if (!removed) return false;
    await logSafetyEvent(tx, {
      type: "contact_channel_unlinked",
      userId: removed.accountId,
      profileId: removed.profileId,
      metadata: { contact: removed.name, channel: removed.channel, by: "contact" },
    });
    return true;
  });
}

/** The owner removes a contact's linked account from the dashboard; only the person's own contact. */
export async function unlinkByOwner(db: Executor, profileId: string, contactId: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ channel: contacts.metaChannel })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.profileId, profileId)))
      .for("update");
    if (!before?.channel) return false;
    const [removed] = await tx
      .update(contacts)
      .set(clearLink)
      .where(eq(contacts.id, contactId))
      .returning({ accountId: contacts.userId, name: contacts.name });
    await logSafetyEvent(tx, {
      type: "contact_channel_unlinked",
      userId: removed!.accountId,
      profileId,
      metadata: { contact: removed!.name, channel: before.channel },
    });
    return true;
  });
}

/** Stores the page-scoped id a contact linked, encrypted to the contact (one account at a time). */
export async function recordLinkedAccount(
  db: Executor,
  cipher: FieldCipher,
  contactId: string,
  channel: LinkedChannel,
  recipient: string,
): Promise<boolean> {
  const [contact] = await db
    .update(contacts)
    .set({
      metaChannel: channel,
      metaRecipient: cipher.encrypt(recipient, metaRecipientContext(contactId)),
      metaLinkedAt: new Date(),
    })
    .where(eq(contacts.id, contactId))
    .returning({ id: contacts.id });
  return Boolean(contact);
}

/** One messaging event of a webhook, as Meta documents it. */
interface MessagingEvent {
  sender?: { id?: unknown };
  recipient?: { id?: unknown };
  timestamp?: unknown;
  referral?: { ref?: unknown };
  postback?: { referral?: { ref?: unknown } };
  message?: { referral?: { ref?: unknown }; is_echo?: unknown };
  delivery?: { mids?: unknown; watermark?: unknown };
  read?: { watermark?: unknown; mid?: unknown };
}

export interface WebhookOutcome {
  linked: number;
  refused: number;
  delivered: number;
  read: number;
  ignored: number;
}

const PSID = /^\d{1,40}$/;
const MID = /^[A-Za-z0-9_.:=+/-]{1,200}$/;

/**
 * Applies one signed webhook body (`object` "page" for Messenger, "instagram" for Instagram).
 * Events for another page or account, and kinds SafeTap does not use, are ignored.
 */
export async function applyMetaWebhook(services: Services, body: unknown): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { linked: 0, refused: 0, delivered: 0, read: 0, ignored: 0 };
  const meta = services.config.meta;
  if (!meta || !body || typeof body !== "object") return outcome;
  const { object, entry } = body as { object?: unknown; entry?: unknown };
  const channel: LinkedChannel | null =
    object === "page" ? "messenger" : object === "instagram" && meta.instagram ? "instagram" : null;
  const ownId = channel === "messenger" ? meta.pageId : meta.instagram?.id;
  if (!channel || !Array.isArray(entry)) return outcome;
  for (const item of entry.slice(0, 100)) {
    const { id, messaging } = (item ?? {}) as { id?: unknown; messaging?: unknown };
    if (String(id) !== ownId || !Array.isArray(messaging)) {
      outcome.ignored++;
      continue;
    }
    for (const event of messaging.slice(0, 1000) as MessagingEvent[]) {
      const sender = String(event?.sender?.id ?? "");
      if (!PSID.test(sender) || event.message?.is_echo) {
        outcome.ignored++;
        continue;
      }
      const ref =
        event.referral?.ref ?? event.postback?.referral?.ref ?? event.message?.referral?.ref;
      if (typeof ref === "string") {
        const bound = await bindReferral(services, channel, sender, ref);
        if (bound) outcome.linked++;
        else outcome.refused++;
      } else if (event.delivery) {
        outcome.delivered += await markDelivered(services, channel, sender, event.delivery);
      } else if (event.read) {
        outcome.read += await markRead(services, channel, sender, event.read);
      } else {
        outcome.ignored++;
      }
    }
  }
  if (outcome.linked || outcome.refused) services.dispatcher?.nudge();
  return outcome;
}

/**
 * A referral from an m.me or ig.me link: a valid, unused link token binds the sender to its
 * contact, spends the token and queues the confirmation on that channel, all in one transaction.
 * A token that expired, or was spent by another account, gets a short "this link has expired"
 * (a few a day per sender); an unknown ref, or one of another purpose, gets nothing: SafeTap
 * cannot tell whose it is. Returns whether a contact was linked.
 */
async function bindReferral(
  services: Services,
  channel: LinkedChannel,
  sender: string,
  ref: string,
): Promise<boolean> {
  const { db, cipher } = services;
  const linked = await db.transaction(async (tx) => {
    const contactId = await consumeContactToken(tx, ref, "link");
    if (!contactId || !(await recordLinkedAccount(tx, cipher, contactId, channel, sender))) {
      return null;
    }
    const context = (await contactContext(tx, contactId))!;
    await replyOnLinkedChannel(tx, cipher, context, channel, sender, "metaLink.linked");
    await logSafetyEvent(tx, {
      type: "contact_channel_linked",
      userId: context.accountId,
      profileId: context.profileId,
      metadata: { contact: context.name, channel },
    });
    return contactId;
  });
  if (linked) return true;
  await answerRefusedReferral(services, channel, sender, ref, cipher);
  return false;
}

async function answerRefusedReferral(
  services: Services,
  channel: LinkedChannel,
  sender: string,
  ref: string,
  cipher: FieldCipher,
) {
  const { db, limiter } = services;
  const found = await peekContactToken(db, ref, "link");
  if (found.status !== "expired" && found.status !== "used") return;
  const context = await contactContext(db, found.contactId);
  if (!context) return;
  // Opening the link again from the account it linked: already done, nothing to say.
  if (
    found.status === "used" &&
    context.linkedChannel === channel &&
    cipher.decrypt(context.metaRecipient!, metaRecipientContext(context.id)) === sender
  ) {
    return;
  }
  const senderKey = createHash("sha256").update(`${channel}:${sender}`).digest("hex");
  if (!(await limiter.consume(LINK_RULES.expiredReplySender, senderKey)).allowed) return;
  await db.transaction((tx) =>
    replyOnLinkedChannel(tx, cipher, context, channel, sender, "metaLink.expired"),
  );
}

/** Queues SafeTap's short answer to the account that opened a link, in the contact's language. */
async function replyOnLinkedChannel(
  tx: Transaction,
  cipher: FieldCipher,
  context: NonNullable<Awaited<ReturnType<typeof contactContext>>>,
  channel: LinkedChannel,
  sender: string,
  template: "metaLink.linked" | "metaLink.expired",
) {
  await queueNotice(tx, cipher, {
    kind: "contact_request",
    accountId: context.accountId,
    channel,
    to: sender,
    recipientName: context.name,
    payload: {
      template,
      language: context.messageLanguage,
      params: { person: context.person },
    },
    ...(await allowanceFor(tx, context.accountId, channel)),
  });
}

/**
 * A message on a linked channel spends the account's message allowance like any message
 * (DESIGN 1.2: Free's trial sends count Messenger and Instagram; decision 149): beyond it, the
 * reply is recorded skipped with note `quota`, never sent.
 */
async function allowanceFor(
  tx: Transaction,
  accountId: string,
  channel: LinkedChannel,
): Promise<{ status: "pending" | "skipped"; note: string | null }> {
  const { allowance } = await alertAllowance(tx, accountId);
  return allowance.take(channel)
    ? { status: "pending", note: null }
    : { status: "skipped", note: "quota" };
}

/** Sent deliveries to this account's page-scoped id, by time, for a watermark (few, recent). */
async function sentTo(
  services: Services,
  channel: LinkedChannel,
  sender: string,
  watermark: number,
  unread: boolean,
) {
  const { db, cipher } = services;
  const until = new Date(watermark);
  const rows = await db
    .select({ id: alertDeliveries.id, destination: alertDeliveries.destination })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.provider, META_PROVIDER),
        eq(alertDeliveries.channel, channel),
        inArray(alertDeliveries.status, unread ? ["sent", "delivered"] : ["sent"]),
        unread ? isNull(alertDeliveries.readAt) : undefined,
        lte(alertDeliveries.sentAt, until),
        gte(alertDeliveries.sentAt, new Date(watermark - 7 * 86_400_000)),
      ),
    )
    .limit(500);
  return rows
    .filter(
      (row) => cipher.decrypt(row.destination, `alert_deliveries.destination:${row.id}`) === sender,
    )
    .map((row) => row.id);
}

const midsOf = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((m): m is string => typeof m === "string" && MID.test(m))
    : [];

/**
 * `message_deliveries`: the messages named in `mids` were delivered; without `mids` (older
 * clients), every message to the sender before `watermark`. Only a sent delivery moves.
 */
async function markDelivered(
  services: Services,
  channel: LinkedChannel,
  sender: string,
  delivery: NonNullable<MessagingEvent["delivery"]>,
): Promise<number> {
  const mids = midsOf(delivery.mids);
  const watermark = Number(delivery.watermark);
  const ids = mids.length
    ? null
    : Number.isFinite(watermark)
      ? await sentTo(services, channel, sender, watermark, false)
      : [];
  if (ids && !ids.length) return 0;
  const changed = await services.db
    .update(alertDeliveries)
    .set({ status: "delivered" })
    .where(
      and(
        eq(alertDeliveries.provider, META_PROVIDER),
        eq(alertDeliveries.status, "sent"),
        ids ? inArray(alertDeliveries.id, ids) : inArray(alertDeliveries.providerMessageId, mids),
      ),
    )
    .returning({ id: alertDeliveries.id });
  return changed.length;
}

/**
 * `message_reads`: Messenger says everything sent to the sender up to `watermark` was read;
 * Instagram names the message (`mid`). A read message was also delivered.
 */
async function markRead(
  services: Services,
  channel: LinkedChannel,
  sender: string,
  read: NonNullable<MessagingEvent["read"]>,
): Promise<number> {
  const mid = typeof read.mid === "string" && MID.test(read.mid) ? read.mid : null;
  const watermark = Number(read.watermark);
  const ids = mid
    ? null
    : Number.isFinite(watermark)
      ? await sentTo(services, channel, sender, watermark, true)
      : [];
  if (ids && !ids.length) return 0;
  const changed = await services.db
    .update(alertDeliveries)
    .set({
      status: sql`case when ${alertDeliveries.status} = 'sent' then 'delivered' else ${alertDeliveries.status} end`,
      readAt: sql`coalesce(${alertDeliveries.readAt}, now())`,
    })
    .where(
      and(
        eq(alertDeliveries.provider, META_PROVIDER),
        eq(alertDeliveries.channel, channel),
        inArray(alertDeliveries.status, ["sent", "delivered"]),
        ids ? inArray(alertDeliveries.id, ids) : eq(alertDeliveries.providerMessageId, mid!),
      ),
    )
    .returning({ id: alertDeliveries.id });
  return changed.length;
}
