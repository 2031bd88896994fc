import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import {
  type Channel,
  describeChannel,
  isPhoneContactChannel,
  type LinkedChannel,
} from "#core/channels.ts";
import type { PlanId } from "#core/plans.ts";
import type { FieldCipher } from "#server/crypto.ts";
import { inBatchesByKey, inBatchesPer, onePer } from "#server/db/batches.ts";
import { insertRows } from "#server/db/bulk-writes.ts";
import { type Executor, rowsOf, type Transaction } from "#server/db/client.ts";
import { preparedQuery } from "#server/db/prepared.ts";
import { alertDeliveries, alerts, user } from "#server/db/schema.ts";
import { recordAudit } from "#server/domain/audit.ts";
import {
  type AlertedContact,
  alertedContactsOf,
  listAlertedContacts,
} from "#server/domain/contacts.ts";
import { linkedChannelsInUse } from "#server/domain/meta-links.ts";
import { optOutsAmong, stoppedIn } from "#server/domain/opt-outs.ts";
import { ensureOwnProfile } from "#server/domain/people.ts";
import {
  type Allowance,
  alertAllowance,
  alertRead,
  allowanceLeft,
  type QuotaHolder,
  spendsAllowanceLeft,
  type Usage,
  usageAfter,
} from "#server/domain/quotas.ts";
import type { Services } from "#server/services.ts";
import { alertTokens } from "./tokens.ts";
import { applyTollCaps, emergencyFloorAllowed, tollCapsApply } from "./toll-limits.ts";

export type AlertSource = "card" | "sos" | "test" | "roll_call";

export interface Location {
  latitude: number;
  longitude: number;
}

/** The spec shows locations with 6 decimals; anything else is refused. */
export function parseLocation(latitude: unknown, longitude: unknown): Location | null {
  const lat = typeof latitude === "number" ? latitude : Number.parseFloat(String(latitude ?? ""));
  const lng =
    typeof longitude === "number" ? longitude : Number.parseFloat(String(longitude ?? ""));
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: Number(lat.toFixed(6)), longitude: Number(lng.toFixed(6)) };
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && IDEMPOTENCY_KEY.test(value);
}

export interface RaiseAlertInput {
  source: AlertSource;
  /** The account managing the person: whose plan the alert spends, whose email hears of it. */
  userId: string;
  /** The person in trouble, whose contacts are alerted; the account's own person by default. */
  profileId?: string;
  tagId: string | null;
  /** Made by the client; scoped here by source and tag or owner. */
  idempotencyKey: string;
  location: Location | null;
  clientAddress: string;
  /** When the alert was pressed, if earlier than now: an alert queued on an offline phone. */
  raisedAt?: Date;
  /**
   * Written in the new alert's own transaction: what its messages are made from besides the
   * alert (a roll call's person, whose place the message names), there before any dispatcher
   * can claim a delivery. Not called for a repeated key.
   */
  linkInTransaction?: (tx: Transaction, alertId: string) => Promise<void>;
}

export interface RaisedAlert {
  alertId: string;
  created: boolean;
  viewerToken: string;
  /** Contacts that will be reached (deliveries not skipped). */
  contactsReached: number;
}

export interface PlannedDelivery {
  id: string;
  contactId: string | null;
  contactName: string;
  channel: Channel;
  destination: string;
  kind: "alert" | "escalation" | "quota_notice";
  status: "pending" | "skipped";
  note: string | null;
}

/** Meta's own names for the linked channels, the same in every language. */
const LINKED_CHANNEL_NAMES: Record<LinkedChannel, string> = {
  messenger: "Messenger",
  instagram: "Instagram",
};

/** The channel real emergencies call phone contacts on. */
export const CALL_CHANNEL = "voice" satisfies Channel;

/**
 * One delivery to a contact, spending the allowance: beyond it the delivery is recorded as
 * skipped with note `quota` (DESIGN 1.3), and the contact is named in the owner's notice.
 */
export function plannedSend(
  allowance: Allowance,
  skippedNames: string[],
  delivery: Omit<PlannedDelivery, "id" | "status" | "note">,
): PlannedDelivery {
  if (allowance.take(delivery.channel)) {
    return { ...delivery, id: randomUUID(), status: "pending", note: null };
  }
  // A linked account's skip names its channel: the contact may still be reached on their own.
  skippedNames.push(
    describeChannel(delivery.channel).linkedByContact
      ? `${delivery.contactName} (${LINKED_CHANNEL_NAMES[delivery.channel as LinkedChannel]})`
      : delivery.contactName,
  );
  return { ...delivery, id: randomUUID(), status: "skipped", note: "quota" };
}

/**
 * The owner's email naming the contacts a used-up allowance left unmessaged, if any; with note
 * `opted_out`, the contacts whose reply STOP left the alert reaching nobody (decision 148).
 */
export function quotaNotice(
  skippedNames: string[],
  ownerEmail: string | null,
  note: "quota" | "opted_out" = "quota",
): PlannedDelivery[] {
  if (skippedNames.length === 0 || !ownerEmail) return [];
  return [
    {
      id: randomUUID(),
      contactId: null,
      contactName: skippedNames.join(", "),
      channel: "email",
      destination: ownerEmail,
      kind: "quota_notice",
      status: "pending",
      note,
    },
  ];
}

/** Writes an alert's planned deliveries to the outbox, destinations encrypted to their rows. */
export async function recordDeliveries(
  tx: Transaction,
  cipher: FieldCipher,
  alert: { id: string; userId: string },
  planned: PlannedDelivery[],
) {
  if (!planned.length) return;
  await tx.insert(alertDeliveries).values(deliveryRows(cipher, alert, planned));
}

/** An alert's planned deliveries as outbox rows, destinations encrypted to their rows. */
function deliveryRows(
  cipher: FieldCipher,
  alert: { id: string; userId: string },
  planned: PlannedDelivery[],
): (typeof alertDeliveries.$inferInsert)[] {
  return planned.map((d) => ({
    id: d.id,
    alertId: alert.id,
    accountId: alert.userId,
    contactId: d.contactId,
    contactName: d.contactName,
    channel: d.channel,
    destination: cipher.encrypt(d.destination, `alert_deliveries.destination:${d.id}`),
    kind: d.kind,
    status: d.status,
    note: d.note,
  }));
}

/** The owner's account email, unless the account has none (phone accounts' placeholder). */
export async function ownerEmailOf(executor: Executor, userId: string): Promise<string | null> {
  const [owner] = await executor
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return usableEmail(owner?.email ?? null);
}

/** An account email that can be written to: not a phone account's `.invalid` placeholder. */
function usableEmail(email: string | null): string | null {
  return email && !email.endsWith(".invalid") ? email : null;
}

/**
 * Plans one delivery per contact on the contact's channel, a voice call to
 * phone contacts on plans with voice quota (real emergencies only), and applies
 * quotas without ever blocking the emergency (DESIGN 1.2–1.3): beyond the
 * allowance SMS/WhatsApp/voice are skipped and the owner's email is told why;
 * if that would leave a real emergency reaching nobody, the first contact is
 * sent to anyway.
 */
export function planDeliveries(input: {
  contacts: (Omit<AlertedContact, "linked"> & { linked?: AlertedContact["linked"] })[];
  /**
   * The linked channels this instance can send on (decision 149): a contact's linked Messenger or
   * Instagram account also gets the alert, beside their own channel, within the message allowance
   * left after every contact's own channel.
   */
  linkedChannels?: ReadonlySet<LinkedChannel>;
  plan: PlanId;
  usage: Usage;
  /** Seats an admin added to a household, each adding to the message allowance. */
  extraSeats?: number;
  isTest: boolean;
  ownerEmail: string | null;
  /**
   * Whether a channel to an address replied STOP (decision 148): such a delivery is recorded
   * skipped with note `opted_out`, never sent, and costs nothing.
   */
  stopped?: (channel: Channel, destination: string) => boolean;
}): PlannedDelivery[] {
  const allowance = allowanceLeft(input.plan, input.usage, input.extraSeats);
  const planned: PlannedDelivery[] = [];
  const skippedNames: string[] = [];
  const stopped = input.stopped ?? (() => false);
  // A test goes only to contacts who confirmed their role; a real emergency reaches pending and
  // declined contacts too (DESIGN 1b.4, decision 148).
  const contacts = input.isTest
    ? input.contacts.filter((c) => c.consent?.state === "confirmed")
    : input.contacts;

  for (const contact of contacts) {
    const base = {
      contactId: contact.id,
      contactName: contact.name,
      destination: contact.value,
      kind: "alert" as const,
    };
    const optedOut = stopped(contact.channel, contact.value);
    planned.push(
      optedOut
        ? {
            ...base,
            channel: contact.channel,
            id: randomUUID(),
            status: "skipped",
            note: "opted_out",
          }
        : plannedSend(allowance, skippedNames, { ...base, channel: contact.channel }),
    );
    // The call adds to the message; beyond the voice allowance there is simply no call. A STOP
    // on the number stops the call too (decision 148); a linked account below is its own consent.
    if (
      !optedOut &&
      !input.isTest &&
      isPhoneContactChannel(contact.channel) &&
      !stopped(CALL_CHANNEL, contact.value) &&
      allowance.take(CALL_CHANNEL)
    ) {
      planned.push({
        ...base,
        id: randomUUID(),
        channel: CALL_CHANNEL,
        status: "pending",
        note: null,
      });
    }
  }
  // A linked Messenger or Instagram account follows its contact (decision 149). Its sends count
  // against the message allowance (DESIGN 1.2: Free's 3 trial sends are across SMS, WhatsApp,
  // voice, Messenger and Instagram; decision 149), after every contact's own channel and call
  // have taken theirs: the account is the second way in and never takes the first one's place.
  for (const contact of contacts) {
    const linked = contact.linked;
    if (!linked || !input.linkedChannels?.has(linked.channel)) continue;
    planned.push(
      plannedSend(allowance, skippedNames, {
        contactId: contact.id,
        contactName: contact.name,
        destination: linked.recipient,
        kind: "alert",
        channel: linked.channel,
      }),
    );
  }

  const reachesSomeone = reachesSomeoneDirectly(planned);
  if (!input.isTest && !reachesSomeone) {
    const first = planned.find(
      (d) =>
        d.status === "skipped" &&
        d.note === "quota" &&
        d.kind === "alert" &&
        isPhoneContactChannel(d.channel),
    );
    if (first) {
      first.status = "pending";
      first.note = "emergency_overage";
      skippedNames.splice(skippedNames.indexOf(first.contactName), 1);
    }
  }
  // Everyone reachable replied STOP: the owner hears of it (the card's call links still work).
  const optedOut = planned.filter((d) => d.note === "opted_out").map((d) => d.contactName);
  const nobody =
    !input.isTest &&
    optedOut.length > 0 &&
    !planned.some((d) => d.status === "pending" && d.kind === "alert");
  return [
    ...planned,
    ...quotaNotice(skippedNames, input.ownerEmail),
    ...(nobody ? quotaNotice(optedOut, input.ownerEmail, "opted_out") : []),
  ];
}

/**
 * Whether an alert's plan reaches someone on a contact's own channel or the call that follows it.
 * A linked Messenger or Instagram account is a second way in, never the only one (decision 149):
 * the overage and floor rules do not count it.
 */
function reachesSomeoneDirectly(planned: PlannedDelivery[]): boolean {
  return planned.some(
    (d) =>
      d.status === "pending" && d.kind === "alert" && !describeChannel(d.channel).linkedByContact,
  );
}

/** The key an alert is recorded under: the client's key scoped by source and tag or owner. */
function scopedKey(input: Pick<RaiseAlertInput, "source" | "tagId" | "userId" | "idempotencyKey">) {
  const scope = input.source === "card" ? `card:${input.tagId}` : `${input.source}:${input.userId}`;
  return `${scope}:${input.idempotencyKey}`;
}

async function reachedBy(executor: Executor, alertId: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(distinct ${alertDeliveries.contactId})::int` })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, alertId), ne(alertDeliveries.status, "skipped")));
  return row?.n ?? 0;
}

/**
 * The alert already raised under this key, if any: a retried press is
 * answered before any limit counts it (issue 13 item 2).
 */
export async function findRaisedAlert(
  services: Services,
  input: { source: "card"; tagId: string; idempotencyKey: string },
): Promise<RaisedAlert | null> {
  const key = scopedKey({ ...input, userId: "" });
  const existing = await alertIdByKey(services.db, key);
  if (!existing) return null;
  return {
    alertId: existing,
    created: false,
    viewerToken: alertTokens(services.config.dataEncryptionKey).viewerToken(existing),
    contactsReached: await reachedBy(services.db, existing),
  };
}

/**
 * The alert an idempotency key raised, or null. The keys that presses ask about at once are
 * looked up in one statement (decision 164): every card alert asks before its limits count.
 */
const alertIdByKey = inBatchesPer((db: Executor) => {
  const query = preparedQuery(db, "alerts_by_keys", (executor) =>
    executor
      .select({ id: alerts.id, key: alerts.idempotencyKey })
      .from(alerts)
      .where(sql`${alerts.idempotencyKey} = any(${sql.placeholder("keys")}::text[])`)
      .prepare("alerts_by_keys"),
  );
  return async (keys: string[]) => {
    const found = new Map(
      (await query.execute({ keys: [...new Set(keys)] })).map((r) => [r.key, r.id]),
    );
    return keys.map((k) => found.get(k) ?? null);
  };
});

/**
 * A real emergency that the toll ceilings left reaching nobody still messages
 * its first phone contact, a few times a day per account (decision 110).
 */
async function keepEmergencyHeard(
  services: Services,
  tx: Transaction,
  userId: string,
  isTest: boolean,
  planned: PlannedDelivery[],
) {
  if (isTest) return;
  if (reachesSomeoneDirectly(planned)) return;
  const first = planned.find(
    (d) =>
      d.status === "skipped" && isPhoneContactChannel(d.channel) && d.note?.startsWith("limit_"),
  );
  if (first && (await emergencyFloorAllowed(services, tx, userId))) {
    first.status = "pending";
    first.note = "emergency_floor";
  }
}

/**
 * Records an alert and its deliveries in one transaction. A repeated
 * idempotency key returns the first alert and creates nothing.
 */
export async function raiseAlert(services: Services, input: RaiseAlertInput): Promise<RaisedAlert> {
  const { db, cipher, config } = services;
  const tokens = alertTokens(config.dataEncryptionKey);
  const key = scopedKey(input);
  const isTest = input.source === "test";

  // Reads that need no lock, before any transaction (decisions 156, 163): the holder, its plan
  // and what it has spent this period, the owner's email, the person's language and contacts in
  // one statement, then the contacts' STOPs. The plan made from them stands unless it spends from
  // an allowance with some left: only then is it made again under the holder's lock, which makes
  // the alerts of one holder wait for each other (decisions 126, 161), and those that wait are
  // planned and written together under one lock (decision 165).
  const profileId = input.profileId ?? input.userId;
  const holderRead = await alertRead(services.database, input.userId, profileId);
  const contacts = alertedContactsOf(cipher, holderRead.contactRows, holderRead.holder.plan);
  const early = {
    person: holderRead.person,
    unlockedHolder: holderRead.holder,
    contacts,
    used: holderRead.used,
    stops: await optOutsAmong(db, config.dataEncryptionKey, contacts),
    ownerEmail: usableEmail(holderRead.email),
  };
  const linkedChannels = linkedChannelsInUse(config);
  const raise: PendingRaise = {
    input,
    key,
    profileId,
    isTest,
    person: early.person,
    unlockedHolder: early.unlockedHolder,
    contacts: early.contacts,
    planFor: (holder, used, contacts) =>
      planDeliveries({
        contacts,
        linkedChannels,
        plan: holder.plan,
        usage: used,
        extraSeats: holder.extraSeats,
        isTest,
        ownerEmail: early.ownerEmail,
        stopped: (channel, destination) => stoppedIn(early.stops, channel, destination) !== null,
      }),
    row: (person) => ({
      idempotencyKey: key,
      userId: input.userId,
      profileId,
      tagId: input.tagId,
      source: input.source,
      isTest,
      latitude: input.location?.latitude.toFixed(6) ?? null,
      longitude: input.location?.longitude.toFixed(6) ?? null,
      language: person?.language ?? "en",
      clientAddress: input.clientAddress,
      createdAt: input.raisedAt,
      escalateAt: isTest ? null : new Date(Date.now() + config.escalationMinutes * 60_000),
    }),
  };

  const ready = raise.planFor(early.unlockedHolder, early.used, early.contacts);
  const spendsLeft = spendsAllowanceLeft(
    ready,
    early.unlockedHolder.plan,
    early.used,
    early.unlockedHolder.extraSeats,
  );
  // The plan made from the reads stands as it is when it spends no allowance that has some
  // left, counts no toll limit and the person has a profile: then the alert and its deliveries
  // are one statement, without a transaction around it (decision 162).
  if (early.person && !input.linkInTransaction && !tollCapsApply(ready) && !spendsLeft) {
    const alertId = randomUUID();
    const created = await recordAlertAtOnce(
      db,
      cipher,
      { ...raise.row(early.person), id: alertId },
      ready,
    );
    const result = created
      ? { alertId, created: true, contactsReached: contactsReachedBy(ready) }
      : await raisedUnder(db, key);
    return finishRaise(services, input, result, tokens);
  }
  const result = spendsLeft
    ? ((await raisedUnderHolderLock(services, raise)) ??
      (await db.transaction(async (tx) => {
        const { holder, used } = await alertAllowance(tx, input.userId);
        return raiseInTransaction(
          services,
          tx,
          raise,
          await planUnderLock(services, tx, raise, holder, used),
        );
      })))
    : await db.transaction((tx) => raiseInTransaction(services, tx, raise, ready));
  return finishRaise(services, input, result, tokens);
}

/** An alert to record, with what it was planned from before any lock (`raiseAlert`). */
interface PendingRaise {
  input: RaiseAlertInput;
  /** The idempotency key scoped by source and tag or owner. */
  key: string;
  profileId: string;
  isTest: boolean;
  person: { language: string } | null;
  unlockedHolder: QuotaHolder;
  contacts: AlertedContact[];
  planFor(holder: QuotaHolder, used: Usage, contacts: AlertedContact[]): PlannedDelivery[];
  row(person: { language: string } | null): typeof alerts.$inferInsert & { userId: string };
}

type RaiseOutcome = {
  alertId: string;
  created: boolean;
  contactsReached: number;
  /** What was recorded (empty for a repeated key): what the alert spends of its allowances. */
  planned: PlannedDelivery[];
};

/**
 * The alert planned again from the holder and its usage read under the holder's alerts lock.
 * If the plan changed since the read before the lock, the contacts are read again: the plan
 * decides who is alerted.
 */
async function planUnderLock(
  services: Services,
  tx: Transaction,
  raise: PendingRaise,
  holder: QuotaHolder,
  used: Usage,
): Promise<PlannedDelivery[]> {
  const contacts =
    holder.plan === raise.unlockedHolder.plan
      ? raise.contacts
      : await listAlertedContacts(tx, services.cipher, raise.profileId, holder.plan);
  return raise.planFor(holder, used, contacts);
}

/** Records one alert as `planned` inside `tx`: its toll limits counted, if any apply. */
async function raiseInTransaction(
  services: Services,
  tx: Transaction,
  raise: PendingRaise,
  planned: PlannedDelivery[],
): Promise<RaiseOutcome> {
  const { cipher } = services;
  const { input, person, key, isTest, profileId } = raise;
  // An account that never saved a profile gets its own person's row on first need.
  if (!person && profileId === input.userId) await ensureOwnProfile(tx, input.userId);
  if (!tollCapsApply(planned)) {
    // No toll limit to count, so nothing else to write (nor an emergency floor to spend): the
    // alert and its deliveries in one statement, as outside a transaction (decision 163). A
    // key used before writes nothing; the lock, if taken, guarded nothing then.
    const alertId = randomUUID();
    const created = await recordAlertAtOnce(
      tx,
      cipher,
      { ...raise.row(person), id: alertId },
      planned,
    );
    if (!created) return { ...(await raisedUnder(tx, key)), planned: [] };
    await input.linkInTransaction?.(tx, alertId);
    return { alertId, created: true, contactsReached: contactsReachedBy(planned), planned };
  }
  // Toll limits count only alerts that are new: the alert is written first.
  const [inserted] = await tx
    .insert(alerts)
    .values(raise.row(person))
    .onConflictDoNothing({ target: alerts.idempotencyKey })
    .returning({ id: alerts.id });
  if (!inserted) return { ...(await raisedUnder(tx, key)), planned: [] };
  await applyTollCaps(services, tx, { userId: input.userId, tagId: input.tagId, isTest }, planned);
  await keepEmergencyHeard(services, tx, input.userId, isTest, planned);
  await recordDeliveries(tx, cipher, { id: inserted.id, userId: input.userId }, planned);
  await input.linkInTransaction?.(tx, inserted.id);
  return {
    alertId: inserted.id,
    created: true,
    contactsReached: contactsReachedBy(planned),
    planned,
  };
}

/**
 * The alerts of one holder that spend an allowance with some left, gathered (decision 165):
 * those that come while the holder's transaction runs wait for it, then go together in the next
 * under one lock, one read of the plan and its usage, each planned in turn from what the ones
 * before it spent. The first alert settles the holder; one whose account is not among that
 * holder's (it moved between its read and the lock) answers null and goes on its own, as does
 * every alert of a batch that failed. Alone, an alert waits for nothing.
 */
const holderBatchesOf = onePer((services: Services) =>
  inBatchesByKey((holderId: string, raises: PendingRaise[]) =>
    raiseTogether(services, holderId, raises),
  ),
);

function raisedUnderHolderLock(services: Services, raise: PendingRaise) {
  return holderBatchesOf(services)(raise.unlockedHolder.id, raise);
}

async function raiseTogether(
  services: Services,
  holderId: string,
  raises: PendingRaise[],
): Promise<(RaiseOutcome | null)[]> {
  try {
    return await services.db.transaction(async (tx) => {
      const first = raises[0]!;
      const { holder, used } = await alertAllowance(tx, first.input.userId, first.unlockedHolder);
      let spent = used;
      const outcomes: (RaiseOutcome | null)[] = [];
      for (const raise of raises) {
        if (holder.id !== holderId || !holder.accounts.includes(raise.input.userId)) {
          outcomes.push(null);
          continue;
        }
        const planned = await planUnderLock(services, tx, raise, holder, spent);
        const outcome = await raiseInTransaction(services, tx, raise, planned);
        spent = usageAfter(spent, outcome.planned);
        outcomes.push(outcome);
      }
      return outcomes;
    });
  } catch (error) {
    if (raises.length === 1) throw error;
    services.logger.warn(
      { err: error, alerts: raises.length },
      "alerts raised together failed; each goes on its own",
    );
    return raises.map(() => null);
  }
}

/** Contacts a plan reaches: those with a delivery that is not skipped. */
function contactsReachedBy(planned: PlannedDelivery[]): number {
  return new Set(
    planned.filter((d) => d.status === "pending" && d.contactId).map((d) => d.contactId),
  ).size;
}

/** The alert already recorded under a scoped key (a repeated press), and whom it reached. */
async function raisedUnder(executor: Executor, key: string) {
  const [existing] = await executor
    .select({ id: alerts.id })
    .from(alerts)
    .where(eq(alerts.idempotencyKey, key));
  return {
    alertId: existing!.id,
    created: false,
    contactsReached: await reachedBy(executor, existing!.id),
  };
}

/**
 * The alert and its planned deliveries in one statement: the deliveries are written only if the
 * alert was (a key already used writes nothing). Destinations are encrypted to their rows, as
 * `recordDeliveries` does. Whether the alert was written. The alerts that requests record at
 * once go in one statement (`alertsAtOnce`, decision 165).
 */
async function recordAlertAtOnce(
  db: Executor,
  cipher: FieldCipher,
  alert: typeof alerts.$inferInsert & { id: string; userId: string },
  planned: PlannedDelivery[],
): Promise<boolean> {
  const outcome = await alertsAtOnce(db, {
    alert,
    deliveries: deliveryRows(cipher, alert, planned),
  });
  if ("error" in outcome) throw outcome.error;
  return outcome.created;
}

interface AlertAtOnce {
  alert: typeof alerts.$inferInsert & { id: string };
  deliveries: (typeof alertDeliveries.$inferInsert)[];
}

/**
 * Alerts with their deliveries, gathered across requests per handle: each group of alerts that
 * give the same columns (a queued alert names when it was pressed, the others take the
 * database's time) is one statement, whose deliveries are written for the alerts written (a
 * key already used, or used twice in the batch, writes nothing the second time). A statement
 * that fails is tried again one alert at a time, so a bad alert fails only itself.
 */
const alertsAtOnce = inBatchesPer(
  (db: Executor) =>
    async (items: AlertAtOnce[]): Promise<({ created: boolean } | { error: unknown })[]> => {
      const groups = new Map<string, AlertAtOnce[]>();
      for (const item of items) {
        const columns = Object.keys(item.alert)
          .filter((key) => item.alert[key as keyof typeof item.alert] !== undefined)
          .join();
        groups.set(columns, [...(groups.get(columns) ?? []), item]);
      }
      const written = new Set<string>();
      const failed = new Map<string, unknown>();
      for (const group of groups.values()) {
        try {
          for (const id of await writeAlertsAtOnce(db, group)) written.add(id);
        } catch (error) {
          if (group.length === 1) {
            failed.set(group[0]!.alert.id, error);
            continue;
          }
          for (const item of group) {
            try {
              for (const id of await writeAlertsAtOnce(db, [item])) written.add(id);
            } catch (alone) {
              failed.set(item.alert.id, alone);
            }
          }
        }
      }
      return items.map((item) =>
        failed.has(item.alert.id)
          ? { error: failed.get(item.alert.id) }
          : { created: written.has(item.alert.id) },
      );
    },
);

/** `alertsAtOnce`' statement for alerts that give the same columns: the ids of those written. */
async function writeAlertsAtOnce(db: Executor, group: AlertAtOnce[]): Promise<string[]> {
  const deliveries = group.flatMap((item) => item.deliveries);
  const result = await db.execute(sql`with a as (
      ${insertRows(
        alerts,
        group.map((item) => item.alert),
        { conflict: "ignore" },
      )} returning id
    )${
      deliveries.length
        ? sql`, d as (${insertRows(alertDeliveries, deliveries, {
            onlyIf: sql`x."alert_id" in (select id from a)`,
          })})`
        : sql``
    }
    select id::text as id from a`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

async function finishRaise(
  services: Services,
  input: RaiseAlertInput,
  result: { alertId: string; created: boolean; contactsReached: number },
  tokens: ReturnType<typeof alertTokens>,
): Promise<RaisedAlert> {
  const isTest = input.source === "test";
  if (result.created) {
    // Committed: the outbox's trigger wakes every listening dispatcher, this instance's too
    // (decisions 156, 162); one that is not listening is told here, before the audit line.
    services.dispatcher?.inserted();
    await recordAudit(services.db, services.logger, {
      type: input.source === "sos" || isTest ? "sos_triggered" : "alert_sent",
      userId: input.userId,
      clientAddress: input.clientAddress,
      metadata: {
        alert_id: result.alertId,
        tag_id: input.tagId,
        source: input.source,
        type: isTest ? "test" : input.source,
        located: Boolean(input.location),
      },
    });
  }
  return { ...result, viewerToken: tokens.viewerToken(result.alertId) };
}
