import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  type ContactChannel,
  contactChannelOf,
  isLinkedChannel,
  type LinkedChannel,
} from "#core/channels.ts";
import { PLANS, type PlanId } from "#core/plans.ts";
import type { ContactInput } from "#core/validation.ts";
import { UUID } from "#core/validation.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Executor } from "#server/db/client.ts";
import { preparedQuery } from "#server/db/prepared.ts";
import { contacts, profiles } from "#server/db/schema.ts";
import {
  type ConsentDeps,
  type RequestOutcome,
  requestContactConsent,
  resetConsent,
} from "./contact-consent.ts";
import { logOrgChange, type OrgChangeBy } from "./org-log.ts";
import { ensureOwnProfile } from "./people.ts";
import { contactQuota } from "./quotas.ts";
import { logSafetyEvent } from "./safety-log.ts";

export interface ContactData {
  id: string;
  name: string;
  channel: ContactChannel;
  value: string;
  priority: number;
  /** What the contact is to an organisation's person ("guardian", "clinician"); null otherwise. */
  role?: string | null;
  /** The Messenger or Instagram account the contact linked themself (decision 149), if any. */
  linkedChannel?: LinkedChannel | null;
  /** Whether they agreed to the role (decision 148); absent where a caller made the value up. */
  consent?: ContactConsent;
}

/** A contact an alert goes to, with the page-scoped id of their linked account (server only). */
export interface AlertedContact extends ContactData {
  linked: { channel: LinkedChannel; recipient: string } | null;
}

export type ContactConsentState = "pending" | "confirmed" | "declined";

/** What the owner is shown of a contact's answer (decision 148). */
export interface ContactConsent {
  state: ContactConsentState;
  /** When they answered. */
  answeredAt: Date | null;
  /** When the last confirmation request was queued, and how many were. */
  requestedAt: Date | null;
  requests: number;
}

export function consentStateOf(value: string): ContactConsentState {
  return value === "confirmed" || value === "declined" ? value : "pending";
}

/** What a contact is to an organisation's person: "guardian", "clinician", or null. */
export type ContactRole = "guardian" | "clinician" | null;

const contextOf = (contactId: string) => `contacts.value:${contactId}`;
/** Where a linked account's page-scoped id is bound (decision 147). */
export const metaRecipientContext = (contactId: string) => `contacts.meta_recipient:${contactId}`;

const linkedChannelOf = (row: { metaChannel: string | null; metaRecipient: string | null }) =>
  isLinkedChannel(row.metaChannel) && row.metaRecipient ? row.metaChannel : null;

/**
 * One person's contacts by priority, values decrypted. `profileId` is a person the caller was
 * allowed to see (server/domain/people.ts); the account's own person has the account's id.
 */
export async function listContacts(
  db: Executor,
  cipher: FieldCipher,
  profileId: string,
): Promise<ContactData[]> {
  return (await contactRows(db, profileId)).map((row) => contactData(cipher, row));
}

const contactRows = (db: Executor, profileId: string) =>
  preparedQuery(db, "contact_rows", (executor) =>
    executor
      .select()
      .from(contacts)
      .where(eq(contacts.profileId, sql.placeholder("profileId")))
      .orderBy(asc(contacts.priority), asc(contacts.createdAt))
      .prepare("contact_rows"),
  ).execute({ profileId });

function contactData(cipher: FieldCipher, row: typeof contacts.$inferSelect): ContactData {
  return {
    id: row.id,
    name: row.name,
    channel: contactChannelOf(row.channel),
    value: cipher.decrypt(row.value, contextOf(row.id)),
    priority: row.priority,
    role: row.role,
    linkedChannel: linkedChannelOf(row),
    consent: {
      state: consentStateOf(row.consent),
      answeredAt: row.consentAt,
      requestedAt: row.consentRequestedAt,
      requests: row.consentRequests,
    },
  };
}

type ContactFields = {
  name: string;
  channel: ContactChannel;
  value: string;
  priority: number;
  role?: ContactRole;
  /**
   * Only for demo data and test set-up that stand for an answer already given: a contact added
   * by anyone is pending until they answer their own link (decision 148).
   */
  consent?: ContactConsentState;
};

/** A contact's row with its value sealed, ready to insert (alone, or many at once). */
export function contactRow(
  cipher: FieldCipher,
  person: { profileId: string; accountId: string },
  input: ContactFields,
): typeof contacts.$inferInsert & { id: string } {
  const id = randomUUID();
  return {
    id,
    userId: person.accountId,
    profileId: person.profileId,
    name: input.name,
    channel: input.channel,
    value: cipher.encrypt(input.value, contextOf(id)),
    priority: input.priority,
    role: input.role ?? null,
    ...(input.consent && input.consent !== "pending"
      ? { consent: input.consent, consentAt: new Date(), currentConfirmedAt: new Date() }
      : {}),
  };
}

/** A contact's value, decrypted (rows read by a caller that checked it may see them). */
export const openContactValue = (cipher: FieldCipher, row: { id: string; value: string }) =>
  cipher.decrypt(row.value, contextOf(row.id));

export async function insertContact(
  db: Executor,
  cipher: FieldCipher,
  person: { profileId: string; accountId: string },
  input: ContactFields,
): Promise<ContactData> {
  const row = contactRow(cipher, person, input);
  await db.insert(contacts).values(row);
  const { consent, ...fields } = input;
  return { id: row.id, ...fields, role: row.role };
}

/**
 * The contacts an alert goes to: the first ones by priority, as many as the
 * plan allows. The owner chooses who they are by ordering the list; the
 * dashboard shows the same cut. This is the single rule for who is alerted.
 */
export function alertedContacts<T>(ordered: T[], plan: PlanId): T[] {
  const limit = PLANS[plan]?.limits.contacts ?? null;
  return limit === null ? ordered : ordered.slice(0, Math.max(1, limit));
}

/**
 * The person's contacts that an alert reaches on their plan, values decrypted, each with the
 * account they linked (decision 149): a linked account follows its contact, never adds one.
 */
export async function listAlertedContacts(
  db: Executor,
  cipher: FieldCipher,
  profileId: string,
  plan: PlanId,
): Promise<AlertedContact[]> {
  return alertedContactsOf(cipher, await contactRows(db, profileId), plan);
}

/** `listAlertedContacts` from the person's contact rows read already (`alertRead`). */
export function alertedContactsOf(
  cipher: FieldCipher,
  rows: (typeof contacts.$inferSelect)[],
  plan: PlanId,
): AlertedContact[] {
  return alertedContacts(rows, plan).map((row) => {
    const channel = linkedChannelOf(row);
    return {
      ...contactData(cipher, row),
      linked: channel
        ? { channel, recipient: cipher.decrypt(row.metaRecipient!, metaRecipientContext(row.id)) }
        : null,
    };
  });
}

/**
 * What moving to `plan` would change for who is alerted: the names that stay
 * alerted and those that would be kept but no longer alerted; null when
 * nobody loses alerts.
 */
export async function contactsAfterPlanChange(db: Executor, profileId: string, plan: PlanId) {
  const rows = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(eq(contacts.profileId, profileId))
    .orderBy(asc(contacts.priority), asc(contacts.createdAt));
  const names = rows.map((row) => row.name);
  const alerted = alertedContacts(names, plan);
  if (alerted.length === names.length) return null;
  return { alerted, notAlerted: names.slice(alerted.length) };
}

/** Serialises changes to one person's contact list (priorities). */
const lockContacts = (tx: Executor, profileId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-list:${profileId}`}))`);

/** Rewrites priorities as 1..n in the given order (no gaps, no ties). */
async function renumber(tx: Executor, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(contacts)
      .set({ priority: index + 1 })
      .where(eq(contacts.id, id));
  }
}

async function orderedIds(tx: Executor, profileId: string) {
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.profileId, profileId))
    .orderBy(asc(contacts.priority), asc(contacts.createdAt));
  return rows.map((row) => row.id);
}

/**
 * Deletes a contact only if it belongs to the person `profileId` (one the caller manages),
 * closing the gap in the order; returns whether one was removed. `by` names who did it for an
 * organisation's person (decision 137).
 */
export async function deleteContact(
  db: Executor,
  profileId: string,
  contactId: string,
  by?: OrgChangeBy,
) {
  return db.transaction(async (tx) => {
    await lockContacts(tx, profileId);
    const [removed] = await tx
      .delete(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.profileId, profileId)))
      .returning({ accountId: contacts.userId, name: contacts.name, channel: contacts.channel });
    if (!removed) return false;
    await renumber(tx, await orderedIds(tx, profileId));
    await logContactEvent(tx, "contact_removed", profileId, removed, {}, by);
    return true;
  });
}

/** Moves one of the person's contacts one place up or down; false if it is not theirs or cannot move. */
export async function moveContact(
  db: Executor,
  profileId: string,
  contactId: string,
  direction: "up" | "down",
) {
  return moveContactTo(db, profileId, contactId, { direction });
}

/**
 * Moves one of the person's contacts one place up or down, or to a place (1-based) in the
 * order; false if it is not theirs or cannot go there (true, and nothing logged, when it is
 * there already).
 */
export async function moveContactTo(
  db: Executor,
  profileId: string,
  contactId: string,
  where: { direction: "up" | "down" } | { position: number },
  by?: OrgChangeBy,
) {
  return db.transaction(async (tx) => {
    await lockContacts(tx, profileId);
    const ids = await orderedIds(tx, profileId);
    const from = ids.indexOf(contactId);
    const to =
      "position" in where ? where.position - 1 : where.direction === "up" ? from - 1 : from + 1;
    if (from === -1 || !Number.isInteger(to) || to < 0 || to >= ids.length) return false;
    // Already there: nothing changes and nothing is logged.
    if (to === from) return true;
    ids.splice(from, 1);
    ids.splice(to, 0, contactId);
    await renumber(tx, ids);
    const [moved] = await tx
      .select({ accountId: contacts.userId, name: contacts.name, channel: contacts.channel })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    const details: Record<string, string> =
      "position" in where ? { position: String(where.position) } : { direction: where.direction };
    await logContactEvent(tx, "contacts_reordered", profileId, moved!, details, by);
    return true;
  });
}

/**
 * Changes a contact's name, channel and value (already validated), and for an organisation's
 * person its role; only the person's own. `by` names who did it for an organisation's person.
 */
export async function updateContact(
  db: Executor,
  cipher: FieldCipher,
  profileId: string,
  contactId: string,
  input: ContactInput & { role?: ContactRole },
  by?: OrgChangeBy,
  /** Asks a contact whose channel or address changed to confirm again (decision 148). */
  consent?: ConsentDeps,
): Promise<false | { readdressed: boolean; requests: RequestOutcome[] }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: contacts.name,
        channel: contacts.channel,
        value: contacts.value,
        role: contacts.role,
      })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.profileId, profileId)))
      .for("update");
    if (!before) return false;
    const role = input.role === undefined ? before.role : input.role;
    const addressChanged = cipher.decrypt(before.value, contextOf(contactId)) !== input.value;
    const [changed] = await tx
      .update(contacts)
      .set({
        name: input.name,
        channel: input.channel,
        value: cipher.encrypt(input.value, contextOf(contactId)),
        role,
        // A new address may be someone else: the account the old one linked no longer follows
        // (decision 149).
        ...(addressChanged ? { metaChannel: null, metaRecipient: null, metaLinkedAt: null } : {}),
      })
      .where(eq(contacts.id, contactId))
      .returning({ accountId: contacts.userId, name: contacts.name, channel: contacts.channel });
    // Which parts changed, by name: the address itself never reaches the log.
    const readdressed = before.channel !== input.channel || addressChanged;
    const fields = [
      before.name !== input.name && "name",
      before.channel !== input.channel && "channel",
      addressChanged && "address",
      before.role !== role && "role",
    ].filter(Boolean);
    if (fields.length) {
      await logContactEvent(
        tx,
        "contact_updated",
        profileId,
        changed!,
        {
          fields: fields.join(","),
          ...(before.name !== input.name ? { was: before.name } : {}),
        },
        by,
      );
    }
    // Someone new to ask: the old answer was about another address.
    if (readdressed) await resetConsent(tx, contactId);
    const requests =
      readdressed && consent ? await requestContactConsent(consent, tx, [contactId]) : [];
    return { readdressed, requests };
  });
}

const ORG_CONTACT_EVENTS = {
  contact_added: "org_person_contact_added",
  contact_updated: "org_person_contact_updated",
  contact_removed: "org_person_contact_removed",
  contacts_reordered: "org_person_contacts_reordered",
} as const;

/**
 * A contact change in the safety log: done by the account managing the person (only it may
 * change their contacts), naming the contact and its channel, never its address. For an
 * organisation's person (`by`), the line goes to the organisation's log with who and why.
 */
function logContactEvent(
  tx: Executor,
  type: keyof typeof ORG_CONTACT_EVENTS,
  profileId: string,
  contact: { accountId: string; name: string; channel: string },
  details: Record<string, string> = {},
  by?: OrgChangeBy,
) {
  const metadata = { contact: contact.name, channel: contact.channel, ...details };
  if (by) return logOrgChange(tx, by, ORG_CONTACT_EVENTS[type], profileId, metadata);
  return logSafetyEvent(tx, { type, userId: contact.accountId, profileId, metadata });
}

/** Whether the contact is one of the person's (a person the caller manages). */
export async function contactOfPerson(
  db: Executor,
  profileId: string,
  contactId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.profileId, profileId)));
  return Boolean(row);
}

export function isContactId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The account managing a person; the account's own profile row is made on first need. */
async function accountOf(tx: Executor, profileId: string): Promise<string> {
  const [row] = await tx
    .select({ accountId: profiles.accountId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (row) return row.accountId;
  await ensureOwnProfile(tx, profileId);
  return profileId;
}

/**
 * Adds contacts after the person's existing ones (priority = count + 1, …) if the plan's contact
 * limit allows them all (the quota module answers for the managing account's holder, under its
 * lock; during onboarding, the rows onboarding offers). A refusal is returned with the limit;
 * nothing is added then. `profileId` is a person the caller manages.
 */
export async function addContacts(
  db: Executor,
  cipher: FieldCipher,
  profileId: string,
  inputs: { name: string; channel: ContactChannel; value: string; role?: ContactRole }[],
  options: {
    onboarding?: boolean;
    by?: OrgChangeBy;
    /**
     * Asks each new contact to confirm their role (decision 148). Every form that adds contacts
     * passes it; set-up code that stands for contacts already asked leaves it out.
     */
    consent?: ConsentDeps;
  } = {},
): Promise<
  | { ok: true; contacts: ContactData[]; requests: RequestOutcome[] }
  | { ok: false; reason: "contact_limit"; limit: number }
> {
  return db.transaction(async (tx) => {
    const accountId = await accountOf(tx, profileId);
    await lockContacts(tx, profileId);
    const quota = await contactQuota(tx, accountId, inputs.length, {
      onboarding: options.onboarding,
      profileId,
    });
    if (!quota.ok) return quota;
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.profileId, profileId));
    const added: ContactData[] = [];
    for (const [index, input] of inputs.entries()) {
      added.push(
        await insertContact(
          tx,
          cipher,
          { profileId, accountId },
          { ...input, priority: count + index + 1 },
        ),
      );
    }
    for (const contact of added) {
      await logContactEvent(
        tx,
        "contact_added",
        profileId,
        { accountId, ...contact },
        contact.role ? { role: contact.role } : {},
        options.by,
      );
    }
    const requests = options.consent
      ? await requestContactConsent(
          options.consent,
          tx,
          added.map((c) => c.id),
        )
      : [];
    return { ok: true, contacts: added, requests };
  });
}
