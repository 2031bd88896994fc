/**
 * Links given to one contact (decision 147): confirm or decline the role, link Messenger or
 * Instagram, answer the "still current?" check. Each token is random (24 bytes, base64url: it
 * also travels through Meta as a referral's `ref`, whose alphabet allows it), stored only as its
 * SHA-256, bound to one contact and one purpose, expiring, and used at most once: `consume`
 * marks it used in the same statement that finds it, so two clicks never both succeed.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { contactTokens } from "#server/db/schema.ts";

export type ContactTokenPurpose = "confirm" | "link" | "current_check";

/** How long each kind of link works. */
export const CONTACT_TOKEN_LIFETIME: Record<ContactTokenPurpose, number> = {
  confirm: 30 * 24 * 60 * 60_000,
  link: 7 * 24 * 60 * 60_000,
  current_check: 30 * 24 * 60 * 60_000,
};

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function isContactTokenShape(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for the contact; only its hash is stored. */
export async function issueContactToken(
  db: Executor,
  contactId: string,
  purpose: ContactTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(contactTokens).values({
    contactId,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + CONTACT_TOKEN_LIFETIME[purpose]),
  });
  return token;
}

export type TokenLookup =
  | { status: "valid"; contactId: string; expiresAt: Date }
  | { status: "used"; contactId: string }
  | { status: "expired"; contactId: string }
  | { status: "unknown" };

/** What a token is, without using it (a page shows its buttons from this). */
export async function peekContactToken(
  db: Executor,
  token: unknown,
  purpose: ContactTokenPurpose,
  now = new Date(),
): Promise<TokenLookup> {
  if (!isContactTokenShape(token)) return { status: "unknown" };
  const [row] = await db
    .select()
    .from(contactTokens)
    .where(and(eq(contactTokens.tokenHash, hashOf(token)), eq(contactTokens.purpose, purpose)));
  if (!row) return { status: "unknown" };
  if (row.usedAt) return { status: "used", contactId: row.contactId };
  if (row.expiresAt <= now) return { status: "expired", contactId: row.contactId };
  return { status: "valid", contactId: row.contactId, expiresAt: row.expiresAt };
}

/**
 * Uses the token: the contact it is bound to, or null when it is unknown, of another purpose,
 * expired or already used. Call it inside the transaction that acts on the answer, so the token
 * is spent only if the answer is recorded.
 */
export async function consumeContactToken(
  db: Executor,
  token: unknown,
  purpose: ContactTokenPurpose,
  now = new Date(),
): Promise<string | null> {
  if (!isContactTokenShape(token)) return null;
  const [row] = await db
    .update(contactTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(contactTokens.tokenHash, hashOf(token)),
        eq(contactTokens.purpose, purpose),
        isNull(contactTokens.usedAt),
        gt(contactTokens.expiresAt, now),
      ),
    )
    .returning({ contactId: contactTokens.contactId });
  return row?.contactId ?? null;
}
