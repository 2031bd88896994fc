import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ContactChannel } from "../../app/lib/validation.ts";
import type { FieldCipher } from "../crypto.ts";
import type { Executor } from "../db/client.ts";
import { contacts } from "../db/schema.ts";

export type { ContactChannel };

export interface ContactData {
  id: string;
  name: string;
  channel: ContactChannel;
  value: string;
  priority: number;
}

const contextOf = (contactId: string) => `contacts.value:${contactId}`;

/** The owner's contacts by priority, values decrypted. Always scoped to one user. */
export async function listContacts(
  db: Executor,
  cipher: FieldCipher,
  userId: string,
): Promise<ContactData[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.priority), asc(contacts.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    channel: row.channel as ContactChannel,
    value: cipher.decrypt(row.value, contextOf(row.id)),
    priority: row.priority,
  }));
}

export async function insertContact(
  db: Executor,
  cipher: FieldCipher,
  userId: string,
  input: { name: string; channel: ContactChannel; value: string; priority: number },
): Promise<ContactData> {
  const id = randomUUID();
  await db.insert(contacts).values({
    id,
    userId,
    name: input.name,
    channel: input.channel,
    value: cipher.encrypt(input.value, contextOf(id)),
    priority: input.priority,
  });
  return { id, ...input };
}

/** Deletes a contact only if it belongs to `userId`; returns whether one was removed. */
export async function deleteContact(db: Executor, userId: string, contactId: string) {
  const removed = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  return removed.length > 0;
}

export class ContactLimitError extends Error {
  constructor(public readonly limit: number) {
    super(`Contact limit of ${limit} reached`);
    this.name = "ContactLimitError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isContactId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * Adds contacts after the user's existing ones (priority = count + 1, …) within
 * the plan's limit. Serialised per user, so two requests cannot both slip
 * under the limit.
 */
export async function addContacts(
  db: Executor,
  cipher: FieldCipher,
  userId: string,
  limit: number | null,
  inputs: { name: string; channel: ContactChannel; value: string }[],
): Promise<ContactData[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contacts:${userId}`}))`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.userId, userId));
    if (limit !== null && count + inputs.length > limit) throw new ContactLimitError(limit);
    const added: ContactData[] = [];
    for (const [index, input] of inputs.entries()) {
      added.push(
        await insertContact(tx, cipher, userId, { ...input, priority: count + index + 1 }),
      );
    }
    return added;
  });
}
