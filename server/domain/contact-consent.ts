/**
 * Contacts who agreed (issue 18 item 1, DESIGN 1b.4, decision 148). Adding a contact, or changing
 * where they are reached, queues one short request on their own channel in their language with a
 * single-use link (`/c/TOKEN`) to confirm or decline; the answer is recorded in the transaction
 * that spends the link. Requests are routine notices (priority 1), counted like any message of
 * the account, and held to ceilings per contact, per account per day and per destination across
 * all accounts; one over a ceiling is not queued and the owner is told why.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type ContactChannel, contactChannelOf, describeChannel } from "#core/channels.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { limiterWithin } from "#server/alerts/toll-limits.ts";
import type { Transaction } from "#server/db/client.ts";
import { contacts, contactTokens, profiles, user } from "#server/db/schema.ts";
import { addressHash } from "#server/security/address-hash.ts";
import type { RateLimiter, RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import {
  type ContactTokenPurpose,
  consumeContactToken,
  issueContactToken,
  peekContactToken,
} from "./contact-tokens.ts";
import { optOutsAmong, stoppedIn } from "./opt-outs.ts";
import { type Allowance, alertAllowance, quotaHolderFor } from "./quotas.ts";

/** What queueing a request needs: the services a request handler or job has. */
export type ConsentDeps = Pick<Services, "config" | "logger" | "limiter" | "cipher">;

const DAY = 86_400;

/** Requests to one contact at one address: the first and two "Send again". */
export const REQUESTS_PER_CONTACT = 3;

/**
 * The ceilings (decision 148). Per destination, across every account, by a keyed hash of the
 * address: one number cannot be flooded by many owners. Per account per day: a person's account
 * adds a handful of contacts; an organisation importing guardians asks at most its own ceiling a
 * day, paid channels far below email, and the rest are asked on the following days by the
 * consent job (`askNotYetAsked`).
 */
export const CONSENT_RULES = {
  destinationDay: { name: "consent:dest:d", points: 3, windowSeconds: DAY },
  destinationMonth: { name: "consent:dest:m", points: 8, windowSeconds: 30 * DAY },
  accountDay: { name: "consent:account:d", points: 30, windowSeconds: DAY },
  accountPaidDay: { name: "consent:account-paid:d", points: 10, windowSeconds: DAY },
  orgDay: { name: "consent:org:d", points: 2_000, windowSeconds: DAY },
  orgPaidDay: { name: "consent:org-paid:d", points: 200, windowSeconds: DAY },
} satisfies Record<string, RateRule>;

/** Why a request was not queued (each has its words on the dashboard: `account:consent.notSent.*`). */
export type RequestRefusal =
  | "not_pending"
  | "contact_limit"
  | "destination_limit"
  | "account_limit"
  | "quota"
  | "opted_out";

export type RequestOutcome = { contactId: string; name: string } & (
  | { sent: true }
  | { sent: false; reason: RequestRefusal }
);

const valueContext = (contactId: string) => `contacts.value:${contactId}`;

/**
 * The people the contacts belong to and who manages each, as the request names them, by profile:
 * two statements for any number of them (an import asks a hundred pupils' guardians at once).
 */
async function ownersOf(tx: Transaction, profileIds: string[]) {
  const rows = profileIds.length
    ? await tx
        .select({
          profileId: profiles.id,
          accountId: profiles.accountId,
          personName: profiles.fullName,
          language: profiles.language,
          isMinor: profiles.isMinor,
          accountName: user.name,
        })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.accountId))
        .where(inArray(profiles.id, profileIds))
    : [];
  const managers = [
    ...new Set(rows.filter((r) => r.accountId !== r.profileId).map((r) => r.accountId)),
  ];
  const ownNames = new Map(
    (managers.length
      ? await tx
          .select({ id: profiles.id, fullName: profiles.fullName })
          .from(profiles)
          .where(inArray(profiles.id, managers))
      : []
    ).map((r) => [r.id, r.fullName]),
  );
  return new Map(
    rows.map((row) => {
      const own = row.accountId === row.profileId ? row.personName : ownNames.get(row.accountId);
      const owner = own || row.accountName;
      const person = row.personName || owner;
      return [
        row.profileId,
        {
          accountId: row.accountId,
          language: row.language,
          owner,
          // A dependant is named to the contact; a minor by first name only (DESIGN 1b.6).
          person:
            row.accountId === row.profileId
              ? null
              : row.isMinor
                ? (person.split(/\s+/)[0] ?? "")
                : person,
        },
      ] as const;
    }),
  );
}

/** The person a contact belongs to and who manages them, as the request names them. */
async function ownerOf(tx: Transaction, profileId: string) {
  return (await ownersOf(tx, [profileId])).get(profileId) ?? null;
}

/**
 * Queues a confirmation request to each of the contacts (pending ones only), in the caller's
 * transaction, under the ceilings. Returns what became of each; call `services.dispatcher?.nudge()`
 * after the commit.
 */
export async function requestContactConsent(
  deps: ConsentDeps,
  tx: Transaction,
  contactIds: string[],
  now = new Date(),
): Promise<RequestOutcome[]> {
  if (contactIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(contacts)
    .where(inArray(contacts.id, contactIds))
    .orderBy(asc(contacts.priority))
    .for("update");
  const limiter = limiterWithin(deps, tx);
  const outcomes: RequestOutcome[] = [];
  const owners = await ownersOf(tx, [...new Set(rows.map((row) => row.profileId))]);
  /** The contacts that may still be asked, each address decrypted once. */
  const askable = rows
    .filter((row) => row.consent === "pending" && row.consentRequests < REQUESTS_PER_CONTACT)
    .map((row) => ({
      id: row.id,
      channel: contactChannelOf(row.channel),
      value: deps.cipher.decrypt(row.value, valueContext(row.id)),
    }));
  const addresses = new Map(askable.map((contact) => [contact.id, contact.value]));
  // The STOPs of every address asked, in one statement.
  const stops = await optOutsAmong(tx, deps.config.dataEncryptionKey, askable);
  const holders = new Map<string, boolean>();
  const allowances = new Map<string, Allowance>();
  /** Never asked, and held back now: the job tries them again a day later, not every run. */
  const heldBack: string[] = [];
  for (const row of rows) {
    const refuse = (reason: RequestRefusal) => {
      outcomes.push({ contactId: row.id, name: row.name, sent: false, reason });
      if (row.consentRequests === 0 && reason !== "not_pending") heldBack.push(row.id);
    };
    if (row.consent !== "pending") {
      refuse("not_pending");
      continue;
    }
    if (row.consentRequests >= REQUESTS_PER_CONTACT) {
      refuse("contact_limit");
      continue;
    }
    const owner = owners.get(row.profileId);
    if (!owner) continue;
    const channel = contactChannelOf(row.channel);
    const value = addresses.get(row.id)!;
    if (stoppedIn(stops, channel, value)) {
      refuse("opted_out");
      continue;
    }
    const paid = describeChannel(channel).cost !== "free";
    if (!holders.has(owner.accountId)) {
      holders.set(
        owner.accountId,
        (await quotaHolderFor(tx, owner.accountId)).kind === "organization",
      );
    }
    const isOrg = holders.get(owner.accountId)!;
    const reason = await overCeiling(limiter, deps, {
      destination: addressHash(deps.config.dataEncryptionKey, value),
      accountId: owner.accountId,
      paid,
      isOrg,
    });
    if (reason) {
      refuse(reason);
      continue;
    }
    if (paid) {
      if (!allowances.has(owner.accountId)) {
        allowances.set(owner.accountId, (await alertAllowance(tx, owner.accountId)).allowance);
      }
      if (!allowances.get(owner.accountId)!.take(channel)) {
        refuse("quota");
        continue;
      }
    }
    await queueRequest(deps, tx, { row, channel, value, owner, now });
    outcomes.push({ contactId: row.id, name: row.name, sent: true });
  }
  if (heldBack.length) {
    await tx
      .update(contacts)
      .set({ consentRequestedAt: now })
      .where(inArray(contacts.id, heldBack));
  }
  return outcomes;
}

/** The first ceiling the request would pass, or null when it fits under all of them. */
async function overCeiling(
  limiter: RateLimiter,
  deps: ConsentDeps,
  request: { destination: string; accountId: string; paid: boolean; isOrg: boolean },
): Promise<RequestRefusal | null> {
  const steps: [RequestRefusal, RateRule, string][] = [
    ["destination_limit", CONSENT_RULES.destinationDay, request.destination],
    ["destination_limit", CONSENT_RULES.destinationMonth, request.destination],
    [
      "account_limit",
      request.isOrg ? CONSENT_RULES.orgDay : CONSENT_RULES.accountDay,
      request.accountId,
    ],
    ...(request.paid
      ? ([
          [
            "account_limit",
            request.isOrg ? CONSENT_RULES.orgPaidDay : CONSENT_RULES.accountPaidDay,
            request.accountId,
          ],
        ] as [RequestRefusal, RateRule, string][])
      : []),
  ];
  // One statement for every window, in order, stopping at the first refusal: an import asks
  // thousands of guardians in one call.
  const decisions = await limiter.consumeInOrder(
    steps.map(([, rule, key]) => [rule, key] as const),
  );
  const refused = decisions.findIndex((decision) => !decision.allowed);
  if (refused < 0) return null;
  const [reason, rule] = steps[refused]!;
  deps.logger.info({ rule: rule.name }, "confirmation request held back by a ceiling");
  return reason;
}

async function queueRequest(
  deps: ConsentDeps,
  tx: Transaction,
  input: {
    row: typeof contacts.$inferSelect;
    channel: ContactChannel;
    value: string;
    owner: NonNullable<Awaited<ReturnType<typeof ownerOf>>>;
    now: Date;
  },
) {
  const { row, owner } = input;
  const token = await issueContactToken(tx, row.id, "confirm", input.now);
  await queueNotice(tx, deps.cipher, {
    kind: "contact_request",
    accountId: owner.accountId,
    channel: input.channel,
    to: input.value,
    recipientName: row.name,
    payload: {
      template: owner.person ? "contactRequestFor" : "contactRequest",
      language: row.language ?? owner.language,
      params: { owner: owner.owner, person: owner.person ?? "" },
    },
    secretParams: { link: contactLink(deps, token) },
  });
  await tx
    .update(contacts)
    .set({
      consentRequests: sql`${contacts.consentRequests} + 1`,
      consentRequestedAt: input.now,
    })
    .where(eq(contacts.id, row.id));
}

export const contactLink = (deps: Pick<Services, "config">, token: string) =>
  `${deps.config.publicUrl}/c/${token}`;

/**
 * A contact's address or channel changed: they are someone new to ask. The answer and the
 * count go back to nothing and every link still out for the old address stops working.
 */
export async function resetConsent(tx: Transaction, contactId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({
      consent: "pending",
      consentAt: null,
      consentRequestedAt: null,
      consentRequests: 0,
      currentCheckSentAt: null,
      currentConfirmedAt: null,
    })
    .where(eq(contacts.id, contactId));
  await tx
    .delete(contactTokens)
    .where(and(eq(contactTokens.contactId, contactId), isNull(contactTokens.usedAt)));
}

/** A link's page: what it is for and about whom, or why it no longer works. */
export type ContactLinkView =
  | {
      status: "valid" | "answered";
      purpose: "confirm" | "current_check";
      contactName: string;
      owner: string;
      person: string | null;
      consent: string;
    }
  | { status: "used" | "expired" | "unknown" };

const PAGE_PURPOSES: ("confirm" | "current_check")[] = ["confirm", "current_check"];

async function describeLink(
  services: Pick<Services, "db">,
  contactId: string,
  purpose: "confirm" | "current_check",
  status: "valid" | "answered",
): Promise<ContactLinkView> {
  const [contact] = await services.db
    .select({ name: contacts.name, profileId: contacts.profileId, consent: contacts.consent })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) return { status: "unknown" };
  const owner = await services.db.transaction((tx) => ownerOf(tx, contact.profileId));
  if (!owner) return { status: "unknown" };
  return {
    status,
    purpose,
    contactName: contact.name,
    owner: owner.owner,
    person: owner.person,
    consent: contact.consent,
  };
}

/** What a link shows, without spending it (mail scanners open links). */
export async function viewContactLink(
  services: Pick<Services, "db">,
  token: string,
): Promise<ContactLinkView> {
  let worst: ContactLinkView = { status: "unknown" };
  for (const purpose of PAGE_PURPOSES) {
    const found = await peekContactToken(services.db, token, purpose);
    if (found.status === "valid") {
      return describeLink(services, found.contactId, purpose, "valid");
    }
    if (found.status !== "unknown") worst = { status: found.status };
  }
  return worst;
}

export type ContactAnswer = "confirm" | "decline";

/**
 * Records the contact's answer and spends the link in one transaction: a used, expired or
 * unknown link records nothing. "Still current?" answered yes confirms the role again; no
 * declines it. Returns the page to show and, after a confirmation, the contact's id.
 */
export async function answerContactLink(
  services: Pick<Services, "db" | "logger">,
  token: string,
  answer: ContactAnswer,
  clientAddress: string,
  now = new Date(),
): Promise<{ view: ContactLinkView; contactId: string | null }> {
  for (const purpose of PAGE_PURPOSES) {
    const contactId = await services.db.transaction(async (tx) => {
      const id = await consumeContactToken(tx, token, purpose as ContactTokenPurpose, now);
      if (!id) return null;
      const [answered] = await tx
        .update(contacts)
        .set(
          answer === "confirm"
            ? {
                consent: "confirmed",
                consentAt: sql`case when ${contacts.consent} = 'confirmed' then ${contacts.consentAt} else ${now} end`,
                currentConfirmedAt: now,
              }
            : { consent: "declined", consentAt: now },
        )
        .where(eq(contacts.id, id))
        .returning({ profileId: contacts.profileId, accountId: contacts.userId });
      if (!answered) return null;
      await recordAudit(tx, services.logger, {
        type: "contact_consent_answered",
        userId: null,
        profileId: answered.profileId,
        clientAddress,
        metadata: { contact_id: id, answer, purpose },
      });
      return id;
    });
    if (contactId) {
      const view = await describeLink(services, contactId, purpose, "answered");
      return { view, contactId: answer === "confirm" ? contactId : null };
    }
  }
  return { view: await viewContactLink(services, token), contactId: null };
}

/**
 * Contacts added but never asked (a ceiling held their request back, an organisation's import
 * beyond its day's ceiling): asked now, oldest first, a bounded number per run, each under the
 * same ceilings. Returns how many were queued.
 */
export async function askNotYetAsked(
  deps: ConsentDeps & Pick<Services, "db">,
  options: { batch?: number; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await deps.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.consent, "pending"),
        eq(contacts.consentRequests, 0),
        // Not the ones added this hour: their own request was just answered by a ceiling.
        lt(contacts.createdAt, new Date(now.getTime() - 3_600_000)),
        or(
          isNull(contacts.consentRequestedAt),
          lt(contacts.consentRequestedAt, new Date(now.getTime() - DAY * 1000)),
        ),
      ),
    )
    .orderBy(asc(contacts.createdAt))
    .limit(options.batch ?? 200);
  if (due.length === 0) return 0;
  const outcomes = await deps.db.transaction((tx) =>
    requestContactConsent(
      deps,
      tx,
      due.map((d) => d.id),
      now,
    ),
  );
  return outcomes.filter((o) => o.sent).length;
}

/** A contact's answer as a page shows it (dates as ISO strings), and a STOP on its channel. */
export interface ContactStatus {
  state: "pending" | "confirmed" | "declined";
  answeredAt: string | null;
  requestedAt: string | null;
  requests: number;
  /** When their number replied STOP on this contact's channel (SMS also stops calls). */
  stoppedAt: string | null;
}

/** Each contact with what the owner is shown of its consent (one query for the STOPs). */
export async function withContactStatus<
  C extends {
    channel: ContactChannel;
    value: string;
    consent?: {
      state: ContactStatus["state"];
      answeredAt: Date | null;
      requestedAt: Date | null;
      requests: number;
    };
  },
>(
  services: Pick<Services, "db" | "config">,
  list: C[],
): Promise<(Omit<C, "consent"> & { status: ContactStatus })[]> {
  const stops = await optOutsAmong(services.db, services.config.dataEncryptionKey, list);
  return list.map(({ consent, ...contact }) => ({
    ...contact,
    status: {
      state: consent?.state ?? "pending",
      answeredAt: consent?.answeredAt?.toISOString() ?? null,
      requestedAt: consent?.requests ? (consent.requestedAt?.toISOString() ?? null) : null,
      requests: consent?.requests ?? 0,
      stoppedAt: stoppedIn(stops, contact.channel, contact.value)?.toISOString() ?? null,
    },
  }));
}

/**
 * Why a test alert reached nobody: no contact at all, or none who confirmed yet (a real
 * emergency still reaches them): the locale key the owner is shown.
 */
export async function testReachedNobody(
  services: Pick<Services, "db">,
  profileId: string,
): Promise<"account:tags.noContacts" | "consent:noConfirmed"> {
  const [row] = await services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.profileId, profileId));
  return (row?.n ?? 0) > 0 ? "consent:noConfirmed" : "account:tags.noContacts";
}
