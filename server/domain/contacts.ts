import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { FieldCipher } from "../crypto.ts";
import type { Executor } from "../db/client.ts";
import { contacts } from "../db/schema.ts";

export const CONTACT_CHANNELS = ["sms", "email", "whatsapp"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

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
