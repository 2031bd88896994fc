/**
 * Mass notices (issue 17 item 3, decisions 141 and 144): an organisation's admin tells everyone
 * at one or more of its locations — the people themselves when they have a login, their
 * guardians, or both — on their own channels, optionally asking "I'm safe / I need help".
 * Every message is a `mass_notice` delivery in the outbox, the lowest priority the dispatcher
 * knows: ten thousand of them never stand in front of one person's alert.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import {
  type AnyColumn,
  and,
  asc,
  type Column,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Channel, describeChannel, isChannel } from "#core/channels.ts";
import { FALLBACK_LANGUAGE, isLanguage, type Language } from "#core/languages.ts";
import type { NoticeInput, NoticeReply } from "#core/mass-notices.ts";
import type { NoticePayload } from "#server/alerts/notices.ts";
import { deriveKey, type FieldCipher } from "#server/crypto.ts";
import { insertMany, oneOf } from "#server/db/bulk-writes.ts";
import { type Database, type Executor, rowsOf } from "#server/db/client.ts";
import {
  alertDeliveries,
  attendanceScans,
  contacts,
  massNoticeRecipients,
  massNotices,
  orgLocations,
  profiles,
  user,
} from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { recordAudit } from "./audit.ts";
import type { OrgSummary } from "./organizations.ts";
import { allowanceUsage } from "./quotas.ts";
import { accountDestination } from "./users.ts";

/** A person checked in at a location this recently, and not out since, is there (decision 144). */
export const CHECKED_IN_HOURS = 24;

/** Channels a preview counts, in the order it shows them. */
export const NOTICE_CHANNELS = ["email", "sms", "whatsapp", "voice"] as const satisfies Channel[];
type ChannelCounts = Record<(typeof NOTICE_CHANNELS)[number], number>;

export interface NoticeCounts {
  people: number;
  messages: number;
  byChannel: ChannelCounts;
  /** Messages the organisation's plan will not carry: recorded as skipped, never sent. */
  overQuota: ChannelCounts;
}

interface Message {
  channel: Channel;
  to: string;
  name: string;
  language: Language;
}

interface Recipient {
  profileId: string;
  personName: string;
  messages: Message[];
}

const languageOf = (...candidates: (string | null | undefined)[]): Language =>
  candidates.find((c): c is Language => isLanguage(c)) ?? FALLBACK_LANGUAGE;

/** A uuid column is one of `ids` (one JSON parameter). */
const uuidIn = (column: Column | SQL.Aliased | AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

const zero = (): ChannelCounts => ({ email: 0, sms: 0, whatsapp: 0, voice: 0 });

/**
 * The organisation's locations among `ids`; null when one is not the organisation's (another
 * organisation's id is refused like a missing one).
 */
export async function orgLocationsIn(db: Executor, organizationId: string, ids: string[]) {
  const rows = await db
    .select({ id: orgLocations.id, name: orgLocations.name })
    .from(orgLocations)
    .where(and(eq(orgLocations.organizationId, organizationId), inArray(orgLocations.id, ids)))
    .orderBy(asc(orgLocations.name));
  return rows.length === new Set(ids).size ? rows : null;
}

/**
 * The people at the locations: those whose location it is, and those checked in there in the
 * last CHECKED_IN_HOURS and not out since (a visitor, a student at another site today).
 */
async function peopleAt(db: Executor, organizationId: string, locationIds: string[]) {
  const since = new Date(Date.now() - CHECKED_IN_HOURS * 3600_000);
  const lastScans = db
    .selectDistinctOn([attendanceScans.profileId], {
      profileId: attendanceScans.profileId,
      locationId: attendanceScans.locationId,
      direction: attendanceScans.direction,
    })
    .from(attendanceScans)
    .where(
      and(
        eq(attendanceScans.organizationId, organizationId),
        isNotNull(attendanceScans.profileId),
        gte(attendanceScans.createdAt, since),
      ),
    )
    .orderBy(attendanceScans.profileId, desc(attendanceScans.createdAt))
    .as("last_scans");
  const checkedIn = await db
    .select({ profileId: lastScans.profileId })
    .from(lastScans)
    .where(and(eq(lastScans.direction, "in"), uuidIn(lastScans.locationId, locationIds)));
  const extra = checkedIn.flatMap((r) => (r.profileId ? [r.profileId] : []));
  return db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      language: profiles.language,
      memberUserId: profiles.memberUserId,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        extra.length
          ? or(uuidIn(profiles.locationId, locationIds), oneOf(profiles.id, extra))
          : uuidIn(profiles.locationId, locationIds),
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.id));
}

/** Everyone a notice reaches, person by person, with each message's channel, address and language. */
export async function noticeRecipients(
  db: Executor,
  cipher: FieldCipher,
  organizationId: string,
  input: Pick<NoticeInput, "locationIds" | "audience">,
): Promise<Recipient[]> {
  const people = await peopleAt(db, organizationId, input.locationIds);
  if (!people.length) return [];
  const ids = people.map((p) => p.id);
  const wantMembers = input.audience !== "guardians";
  const wantGuardians = input.audience !== "members";

  const logins = new Map<
    string,
    { email: string; phone: string | null; language: string | null }
  >();
  const memberIds = people.flatMap((p) => (p.memberUserId ? [p.memberUserId] : []));
  if (wantMembers && memberIds.length) {
    const rows = await db
      .select({
        id: user.id,
        email: user.email,
        phone: user.phoneNumber,
        language: profiles.language,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(oneOf(user.id, memberIds));
    for (const row of rows) logins.set(row.id, row);
  }

  const contactsOf = new Map<string, (typeof contacts.$inferSelect)[]>();
  if (wantGuardians) {
    const rows = await db
      .select()
      .from(contacts)
      .where(oneOf(contacts.profileId, ids))
      .orderBy(asc(contacts.priority));
    for (const row of rows) {
      const list = contactsOf.get(row.profileId) ?? [];
      list.push(row);
      contactsOf.set(row.profileId, list);
    }
  }

  return people.map((person) => {
    const name = person.fullName || "—";
    const messages: Message[] = [];
    const login = person.memberUserId ? logins.get(person.memberUserId) : undefined;
    if (login) {
      const to = accountDestination(login.email, login.phone);
      messages.push({
        channel: to.channel,
        to: to.address,
        name,
        language: languageOf(login.language, person.language),
      });
    }
    const all = contactsOf.get(person.id) ?? [];
    const guardians = all.some((c) => c.role === "guardian")
      ? all.filter((c) => c.role === "guardian")
      : all;
    for (const contact of guardians) {
      if (!isChannel(contact.channel)) continue;
      messages.push({
        channel: contact.channel,
        to: cipher.decrypt(contact.value, `contacts.value:${contact.id}`),
        name: contact.name,
        language: languageOf(contact.language, person.language),
      });
    }
    return { profileId: person.id, personName: name, messages };
  });
}

/**
 * What the organisation's plan still carries this period: the sends each allowance has left
 * (email is never counted). Read without the holder's lock (decision 144): an individual's
 * alert is never made to wait for a notice's write.
 */
async function allowanceLeft(db: Executor, accountId: string) {
  const usage = await allowanceUsage(db, accountId);
  const left = new Map(
    usage.map((u) => [u.quota, u.limit === null ? Number.POSITIVE_INFINITY : u.limit - u.used]),
  );
  return (channel: Channel) => {
    const quota = describeChannel(channel).quota;
    if (quota === null) return true;
    const remaining = left.get(quota) ?? 0;
    if (remaining <= 0) return false;
    left.set(quota, remaining - 1);
    return true;
  };
}

/** Each message planned: sent, or held back by the plan's quota. */
function plan(recipients: Recipient[], fits: (channel: Channel) => boolean) {
  const counts: NoticeCounts = {
    people: recipients.length,
    messages: 0,
    byChannel: zero(),
    overQuota: zero(),
  };
  const planned = recipients.map((recipient) => ({
    ...recipient,
    messages: recipient.messages.map((message) => {
      const channel = message.channel as keyof ChannelCounts;
      counts.messages++;
      counts.byChannel[channel]++;
      const fitted = fits(message.channel);
      if (!fitted) counts.overQuota[channel]++;
      return { ...message, fitted };
    }),
  }));
  return { planned, counts };
}

/** The preview: people, messages by channel, and how many the plan's quota holds back. */
export async function previewNotice(
  db: Database,
  cipher: FieldCipher,
  org: OrgSummary,
  input: NoticeInput,
): Promise<NoticeCounts> {
  const recipients = await noticeRecipients(db, cipher, org.id, input);
  return plan(recipients, await allowanceLeft(db, org.accountId)).counts;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const packed = (uuid: string) => Buffer.from(uuid.replaceAll("-", ""), "hex").toString("base64url");
function unpacked(text: string): string | null {
  const hex = Buffer.from(text, "base64url").toString("hex");
  if (hex.length !== 32 || Buffer.from(hex, "hex").toString("base64url") !== text) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The reply links' tokens: an HMAC of the notice and the person, nothing stored (like alerts').
 * The notice id and the MAC's first 16 bytes are 22 base64url characters each, then the person:
 * a UUID (an organisation's people usually are) as 22 more, any other id as "~" and itself. 66
 * characters in all for a UUID: short enough for an SMS.
 */
export function noticeTokens(masterKey: Buffer) {
  const key = deriveKey(masterKey, "mass-notice-reply");
  const mac = (noticeId: string, profileId: string) =>
    createHmac("sha256", key).update(`${noticeId}:${profileId}`).digest().subarray(0, 16);
  return {
    token(noticeId: string, profileId: string) {
      const person = UUID.test(profileId) ? packed(profileId) : `~${profileId}`;
      return packed(noticeId) + mac(noticeId, profileId).toString("base64url") + person;
    },
    parse(token: string): { noticeId: string; profileId: string } | null {
      if (!/^[A-Za-z0-9_-]{44}(?:[A-Za-z0-9_-]{22}|~[A-Za-z0-9_-]{1,64})$/.test(token)) return null;
      const noticeId = unpacked(token.slice(0, 22));
      const rest = token.slice(44);
      const profileId = rest.startsWith("~") ? rest.slice(1) : unpacked(rest);
      if (!noticeId || !profileId) return null;
      const given = Buffer.from(token.slice(22, 44), "base64url");
      const expected = mac(noticeId, profileId);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? { noticeId, profileId }
        : null;
    },
  };
}

export type SendNoticeResult =
  | { ok: true; noticeId: string; repeated: boolean; counts: NoticeCounts }
  | { ok: false; reason: "not_found" };

/**
 * Sends a notice once: `noticeId` is the form's idempotency key, so a double submit or a retried
 * POST finds the notice the first one wrote. One transaction writes the notice, its people and
 * every delivery (over-quota ones as skipped, note `quota`), each in one statement; the
 * dispatcher is nudged after the commit.
 */
export async function sendNotice(
  services: {
    db: Database;
    cipher: FieldCipher;
    logger: Logger;
    config: { dataEncryptionKey: Buffer; publicUrl: string };
    dispatcher?: { nudge(): void };
  },
  org: OrgSummary,
  by: { userId: string; name: string; clientAddress?: string | null },
  noticeId: string,
  input: NoticeInput,
): Promise<SendNoticeResult> {
  const { db, cipher } = services;
  const tokens = noticeTokens(services.config.dataEncryptionKey);
  const result = await db.transaction(async (tx): Promise<SendNoticeResult> => {
    const inserted = await tx
      .insert(massNotices)
      .values({
        id: noticeId,
        organizationId: org.id,
        createdBy: by.userId,
        createdByName: by.name,
        locationIds: input.locationIds,
        audience: input.audience,
        message: input.message,
        withReply: input.withReply,
      })
      .onConflictDoNothing()
      .returning({ id: massNotices.id });
    if (!inserted.length) {
      const [earlier] = await tx
        .select({ counts: massNotices.counts })
        .from(massNotices)
        .where(and(eq(massNotices.id, noticeId), eq(massNotices.organizationId, org.id)));
      if (!earlier) return { ok: false, reason: "not_found" };
      return { ok: true, noticeId, repeated: true, counts: earlier.counts as never };
    }
    const recipients = await noticeRecipients(tx, cipher, org.id, input);
    const { planned, counts } = plan(recipients, await allowanceLeft(tx, org.accountId));
    await insertMany(
      tx,
      massNoticeRecipients,
      planned.map((r) => ({ noticeId, profileId: r.profileId, personName: r.personName })),
    );
    const deliveries = planned.flatMap((recipient) =>
      recipient.messages.map((message) => {
        const id = randomUUID();
        const payload: NoticePayload = {
          template: input.withReply ? "massNoticeReply" : "massNotice",
          language: message.language,
          params: { org: org.name, message: input.message, notice: noticeId },
        };
        if (input.withReply) {
          const link = `${services.config.publicUrl}/n/${tokens.token(noticeId, recipient.profileId)}?lng=${message.language}`;
          payload.sealed = cipher.encrypt(
            JSON.stringify({ link }),
            `alert_deliveries.payload:${id}`,
          );
        }
        return {
          id,
          alertId: null,
          accountId: org.accountId,
          payload: payload as unknown as Record<string, unknown>,
          contactId: null,
          contactName: message.name,
          channel: message.channel,
          destination: cipher.encrypt(message.to, `alert_deliveries.destination:${id}`),
          kind: "mass_notice",
          status: message.fitted ? "pending" : "skipped",
          note: message.fitted ? null : "quota",
        };
      }),
    );
    for (let i = 0; i < deliveries.length; i += 5_000) {
      await insertMany(tx, alertDeliveries, deliveries.slice(i, i + 5_000));
    }
    await tx
      .update(massNotices)
      .set({ counts: flatCounts(counts) })
      .where(eq(massNotices.id, noticeId));
    return { ok: true, noticeId, repeated: false, counts };
  });
  if (result.ok && !result.repeated) {
    services.dispatcher?.nudge();
    await recordAudit(db, services.logger, {
      type: "mass_notice_sent",
      userId: by.userId,
      organizationId: org.id,
      clientAddress: by.clientAddress ?? null,
      metadata: {
        noticeId,
        people: result.counts.people,
        messages: result.counts.messages,
        overQuota: sumOf(result.counts.overQuota),
        withReply: input.withReply,
        audience: input.audience,
        locations: input.locationIds.length,
      },
    });
  }
  if (result.ok && result.repeated) {
    return { ...result, counts: nestedCounts(result.counts as unknown as Record<string, number>) };
  }
  return result;
}

const sumOf = (counts: ChannelCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The counts as the notice's row keeps them (one flat JSON object). */
function flatCounts(counts: NoticeCounts): Record<string, number> {
  const flat: Record<string, number> = { people: counts.people, messages: counts.messages };
  for (const channel of NOTICE_CHANNELS) {
    flat[channel] = counts.byChannel[channel];
    flat[`${channel}OverQuota`] = counts.overQuota[channel];
  }
  return flat;
}

export function nestedCounts(flat: Record<string, number>): NoticeCounts {
  const counts: NoticeCounts = {
    people: flat.people ?? 0,
    messages: flat.messages ?? 0,
    byChannel: zero(),
    overQuota: zero(),
  };
  for (const channel of NOTICE_CHANNELS) {
    counts.byChannel[channel] = flat[channel] ?? 0;
    counts.overQuota[channel] = flat[`${channel}OverQuota`] ?? 0;
  }
  return counts;
}

/** Replies so far: safe, need help, no answer. */
export interface ReplyTally {
  safe: number;
  help: number;
  none: number;
}

async function tallies(db: Executor, noticeIds: string[]) {
  if (!noticeIds.length) return new Map<string, ReplyTally>();
  const rows = await db
    .select({
      noticeId: massNoticeRecipients.noticeId,
      safe: sql<number>`count(*) filter (where ${massNoticeRecipients.reply} = 'safe')::int`,
      help: sql<number>`count(*) filter (where ${massNoticeRecipients.reply} = 'help')::int`,
      none: sql<number>`count(*) filter (where ${massNoticeRecipients.reply} is null)::int`,
    })
    .from(massNoticeRecipients)
    .where(inArray(massNoticeRecipients.noticeId, noticeIds))
    .groupBy(massNoticeRecipients.noticeId);
  return new Map(rows.map((r) => [r.noticeId, { safe: r.safe, help: r.help, none: r.none }]));
}

/** The organisation's notices, newest first, with their counts and replies. */
export async function listNotices(db: Executor, organizationId: string, limit = 100) {
  const rows = await db
    .select()
    .from(massNotices)
    .where(eq(massNotices.organizationId, organizationId))
    .orderBy(desc(massNotices.createdAt))
    .limit(limit);
  const replies = await tallies(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    counts: nestedCounts(row.counts),
    replies: replies.get(row.id) ?? { safe: 0, help: 0, none: 0 },
  }));
}

/** One notice of the organisation (null when it is not the organisation's). */
export async function findNotice(db: Executor, organizationId: string, noticeId: string) {
  const [row] = await db
    .select()
    .from(massNotices)
    .where(and(eq(massNotices.id, noticeId), eq(massNotices.organizationId, organizationId)));
  return row ? { ...row, counts: nestedCounts(row.counts) } : null;
}

/** A notice's replies now: the tally and who answered, those who need help first. */
export async function noticeReplies(db: Executor, noticeId: string) {
  const tally = (await tallies(db, [noticeId])).get(noticeId) ?? { safe: 0, help: 0, none: 0 };
  const answered = await db
    .select({
      profileId: massNoticeRecipients.profileId,
      name: massNoticeRecipients.personName,
      reply: massNoticeRecipients.reply,
      repliedAt: massNoticeRecipients.repliedAt,
    })
    .from(massNoticeRecipients)
    .where(and(eq(massNoticeRecipients.noticeId, noticeId), isNotNull(massNoticeRecipients.reply)))
    .orderBy(
      sql`case ${massNoticeRecipients.reply} when 'help' then 0 else 1 end`,
      desc(massNoticeRecipients.repliedAt),
    )
    .limit(500);
  return {
    tally,
    needHelp: answered.filter((a) => a.reply === "help"),
    safe: answered.filter((a) => a.reply === "safe"),
  };
}

/** What a reply link opens: the notice and the person, or null when the link is not valid. */
export async function findReplyTarget(
  db: Executor,
  masterKey: Buffer,
  token: string,
): Promise<{
  noticeId: string;
  profileId: string;
  organizationId: string;
  orgName: string;
  message: string;
  personName: string;
  reply: NoticeReply | null;
  createdAt: Date;
} | null> {
  const parsed = noticeTokens(masterKey).parse(token);
  if (!parsed) return null;
  const [row] = await db
    .execute(sql`
    select n.id as notice_id, n.organization_id, o.name as org_name, n.message, n.created_at,
      r.profile_id, r.person_name, r.reply
    from mass_notices n
      join mass_notice_recipients r on r.notice_id = n.id
      join organization o on o.id = n.organization_id
    where n.id = ${parsed.noticeId} and r.profile_id = ${parsed.profileId} and n.with_reply`)
    .then(rowsOf);
  if (!row) return null;
  return {
    noticeId: String(row.notice_id),
    profileId: String(row.profile_id),
    organizationId: String(row.organization_id),
    orgName: String(row.org_name),
    message: String(row.message),
    personName: String(row.person_name),
    reply: (row.reply as NoticeReply | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

/** Records a reply (the last one counts) and its line in the organisation's log. */
export async function recordReply(
  db: Database,
  logger: Logger,
  target: { noticeId: string; profileId: string; organizationId: string },
  reply: NoticeReply,
  clientAddress: string | null,
) {
  await db
    .update(massNoticeRecipients)
    .set({ reply, repliedAt: new Date() })
    .where(
      and(
        eq(massNoticeRecipients.noticeId, target.noticeId),
        eq(massNoticeRecipients.profileId, target.profileId),
      ),
    );
  await recordAudit(db, logger, {
    type: "mass_notice_replied",
    profileId: target.profileId,
    organizationId: target.organizationId,
    clientAddress,
    metadata: { noticeId: target.noticeId, reply },
  });
}
