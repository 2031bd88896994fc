import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { MAX_MINT_BATCH, type Product } from "#core/tag-ids.ts";
import type { Executor } from "#server/db/client.ts";
import { tags } from "#server/db/schema.ts";
import { activationTokenHasher, newActivationToken, newTagId } from "./tag-ids.ts";

export interface MintedTag {
  tagId: string;
  activationToken: string;
  cardUrl: string;
}

export function cardUrl(publicUrl: string, tagId: string): string {
  return `${publicUrl}/t/${encodeURIComponent(tagId)}`;
}

/**
 * Creates `count` unclaimed tags, for an organisation when one is given. Ids are random, so a
 * rare collision with an existing tag is simply drawn again. Returns the tokens in clear text: this is
 * the only moment they exist outside the printed tag.
 */
export async function mintTags(
  db: Executor,
  options: {
    product: Product;
    count: number;
    masterKey: Buffer;
    publicUrl: string;
    /** The organisation the batch is minted for: its admins assign the tags (decision 138). */
    organizationId?: string | null;
  },
): Promise<{ batchId: string; tags: MintedTag[] }> {
  const { product, count } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_MINT_BATCH) {
    throw new RangeError(`count must be a whole number from 1 to ${MAX_MINT_BATCH}`);
  }
  const hasher = activationTokenHasher(options.masterKey);
  const batchId = randomUUID();
  const minted: MintedTag[] = [];
  for (let round = 0; minted.length < count && round < 20; round++) {
    const wanted = count - minted.length;
    const candidates = new Map<string, string>();
    while (candidates.size < wanted) candidates.set(newTagId(product), newActivationToken());
    const rows = [...candidates].map(([id, token]) => ({
      id,
      product,
      activationTokenHash: hasher.hash(token),
      batchId,
      organizationId: options.organizationId ?? null,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await db
        .insert(tags)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing({ target: tags.id })
        .returning({ id: tags.id });
      for (const { id } of inserted) {
        minted.push({
          tagId: id,
          activationToken: candidates.get(id)!,
          cardUrl: cardUrl(options.publicUrl, id),
        });
      }
    }
  }
  if (minted.length < count) throw new Error("Could not draw enough unused tag ids");
  return { batchId, tags: minted };
}

export function mintedTagsCsv(rows: MintedTag[]): string {
  const lines = ["tag_id,activation_token,card_url"];
  for (const row of rows) lines.push(`${row.tagId},${row.activationToken},${row.cardUrl}`);
  return `${lines.join("\n")}\n`;
}

const TAG_FIELDS = {
  id: tags.id,
  profileId: tags.profileId,
  product: tags.product,
  status: tags.status,
  isActive: tags.isActive,
  isLost: tags.isLost,
  showMedical: tags.showMedical,
  showContacts: tags.showContacts,
  notifyOnScan: tags.notifyOnScan,
  linkedAt: tags.linkedAt,
  lastScannedAt: tags.lastScannedAt,
};

/**
 * One person's tags, most recently linked first; the caller checked the person is visible. A tag
 * without a person is its account's own (as an alert without one is).
 */
export async function listPersonTags(db: Executor, profileId: string) {
  return db
    .select(TAG_FIELDS)
    .from(tags)
    .where(
      or(eq(tags.profileId, profileId), and(isNull(tags.profileId), eq(tags.userId, profileId))),
    )
    .orderBy(sql`${tags.linkedAt} desc nulls last`, desc(tags.id));
}

/** How many tags each of these people has (people without tags are left out). */
export async function tagCountsByPerson(db: Executor, profileIds: string[]) {
  if (profileIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ profileId: tags.profileId, count: sql<number>`count(*)::int` })
    .from(tags)
    .where(inArray(tags.profileId, profileIds))
    .groupBy(tags.profileId);
  return new Map(rows.map((row) => [row.profileId!, row.count]));
}

/** The owner's tags, most recently linked first (spec: read where user_id ordered by linked_at desc). */
export async function listUserTags(db: Executor, userId: string) {
  return db
    .select(TAG_FIELDS)
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(sql`${tags.linkedAt} desc nulls last`, desc(tags.id));
}
