import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, lt, or, sql } from "drizzle-orm";
import { QA_CONTACT_NUMBER, QA_OWNER_NAME } from "#core/qa.ts";
import { tags, user } from "#server/db/schema.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { addContacts } from "./contacts.ts";
import { saveProfile } from "./profiles.ts";
import { activationTokenHasher, newActivationToken, newTagId } from "./tag-ids.ts";
import { claimTag } from "./tag-lifecycle.ts";
import { hasRole } from "./users.ts";

/**
 * The throwaway tag of the /qa tag-flow check (decision 043). Each run makes
 * its own owner (no password, so nobody can sign in as it) and its own tag,
 * claims the tag with its token through the real claim, and deletes both.
 * The token never leaves the server in clear: the browser holds only a handle
 * encrypted with the data key.
 */
export const QA_BATCH = "qa-self-check";
export const QA_EMAIL_DOMAIN = "selfcheck.invalid";
/** The throwaway card's one contact: a fictional number (555-01xx is reserved for fiction). */
const QA_CONTACT = { name: QA_OWNER_NAME, channel: "sms" as const, value: QA_CONTACT_NUMBER };
/** Leftovers of runs that never finished (a closed tab) are removed after this. */
const STALE_MINUTES = 15;
const HANDLE_CONTEXT = "qa-tag-flow";
export const QA_RULE: RateRule = { name: "qa:address", points: 30, windowSeconds: 3600 };

export type QaDenied = { ok: false; reason: "forbidden" | "rate_limited" | "invalid_handle" };

/** Outside production anyone may run it (it touches only its own rows); in production, admins only. */
export async function mayRunTagFlow(services: Services, userId: string | null): Promise<boolean> {
  if (!services.config.isProduction) return true;
  if (!userId) return false;
  return hasRole(services.db, userId, "admin").catch(() => false);
}

interface Handle {
  tagId: string;
  ownerId: string;
  token: string;
  expiresAt: number;
}

function sealHandle(services: Services, handle: Handle): string {
  return services.cipher.encrypt(JSON.stringify(handle), HANDLE_CONTEXT);
}

function openHandle(services: Services, sealed: unknown): Handle | null {
  if (typeof sealed !== "string" || sealed.length > 2000) return null;
  try {
    const handle = JSON.parse(services.cipher.decrypt(sealed, HANDLE_CONTEXT)) as Handle;
    return handle.expiresAt > Date.now() ? handle : null;
  } catch {
    return null;
  }
}

/** Removes QA owners and tags older than STALE_MINUTES. */
export async function removeStaleQaRows(services: Services) {
  const cutoff = sql`now() - make_interval(mins => ${STALE_MINUTES})`;
  const { db } = services;
  const owners = db
    .select({ id: user.id })
    .from(user)
    .where(and(like(user.email, `%@${QA_EMAIL_DOMAIN}`), lt(user.createdAt, cutoff)));
  await db
    .delete(tags)
    .where(
      or(and(eq(tags.batchId, QA_BATCH), lt(tags.createdAt, cutoff)), inArray(tags.userId, owners)),
    );
  await db
    .delete(user)
    .where(and(like(user.email, `%@${QA_EMAIL_DOMAIN}`), lt(user.createdAt, cutoff)));
}

/** Makes the owner and an unclaimed tag; returns the tag id and the sealed handle. */
export async function startQaTagFlow(
  services: Services,
  clientAddress: string,
): Promise<{ ok: true; tagId: string; handle: string } | QaDenied> {
  const allowed = await services.limiter.consume(QA_RULE, clientAddress);
  if (!allowed.allowed) return { ok: false, reason: "rate_limited" };
  await removeStaleQaRows(services);
  const { db, cipher, config } = services;
  const ownerId = randomUUID();
  await db.insert(user).values({
    id: ownerId,
    name: QA_OWNER_NAME,
    email: `qa-${ownerId}@${QA_EMAIL_DOMAIN}`,
  });
  await saveProfile(db, cipher, ownerId, {
    fullName: QA_OWNER_NAME,
    language: "en",
    country: "us",
    onboardingCompleted: true,
  });
  const added = await addContacts(db, cipher, ownerId, [QA_CONTACT]);
  if (!added.ok) throw new Error("The throwaway owner's plan refused its one contact");
  const token = newActivationToken();
  const hash = activationTokenHasher(config.dataEncryptionKey).hash(token);
  let tagId = "";
  for (let attempt = 0; !tagId && attempt < 10; attempt++) {
    const [row] = await db
      .insert(tags)
      .values({
        id: newTagId("card"),
        product: "card",
        activationTokenHash: hash,
        batchId: QA_BATCH,
      })
      .onConflictDoNothing({ target: tags.id })
      .returning({ id: tags.id });
    tagId = row?.id ?? "";
  }
  if (!tagId) throw new Error("Could not draw an unused tag id");
  const handle = sealHandle(services, {
    tagId,
    ownerId,
    token,
    expiresAt: Date.now() + STALE_MINUTES * 60_000,
  });
  return { ok: true, tagId, handle };
}

/** Claims the throwaway tag for its throwaway owner through the real claim. */
export async function claimQaTag(
  services: Services,
  sealed: unknown,
  clientAddress: string,
): Promise<
  { ok: true; tagId: string } | QaDenied | { ok: false; reason: "claim_failed"; detail: string }
> {
  const handle = openHandle(services, sealed);
  if (!handle) return { ok: false, reason: "invalid_handle" };
  const result = await claimTag(services, {
    userId: handle.ownerId,
    tagId: handle.tagId,
    token: handle.token,
    clientAddress,
  });
  if (!result.ok) return { ok: false, reason: "claim_failed", detail: result.reason };
  return { ok: true, tagId: handle.tagId };
}

/** Deletes the throwaway tag (with its scans) and owner. */
export async function finishQaTagFlow(
  services: Services,
  sealed: unknown,
): Promise<{ ok: true } | QaDenied> {
  const handle = openHandle(services, sealed);
  if (!handle) return { ok: false, reason: "invalid_handle" };
  // The check viewed the card a moment ago: write that scan before its tag goes,
  // or the batch it is in fails on the tag's foreign key (and takes others with it).
  await services.scans.flush();
  await services.db.transaction(async (tx) => {
    await tx.delete(tags).where(and(eq(tags.id, handle.tagId), eq(tags.batchId, QA_BATCH)));
    await tx
      .delete(user)
      .where(and(eq(user.id, handle.ownerId), like(user.email, `%@${QA_EMAIL_DOMAIN}`)));
  });
  return { ok: true };
}
