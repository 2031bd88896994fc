import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { tags } from "#server/db/schema.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { type AuditEventType, recordAudit } from "./audit.ts";
import { managedPerson } from "./people.ts";
import { normaliseTagId } from "./public-card.ts";
import { tagQuota } from "./quotas.ts";
import { householdOf, logSafetyEvent } from "./safety-log.ts";
import { activationTokenHasher } from "./tag-ids.ts";

/**
 * Token attempts per hour (decision 012, "auth"): 10 per client address, checked
 * first so one address's flood never reaches the tag's count; 10 per account;
 * 50 per tag as a backstop across addresses.
 */
export const TOKEN_RULES = {
  address: { name: "tag-token:address", points: 10, windowSeconds: 3600 },
  tag: { name: "tag-token:tag", points: 50, windowSeconds: 3600 },
  account: { name: "tag-token:account", points: 10, windowSeconds: 3600 },
};

export type ClaimResult =
  | { ok: true; tagId: string }
  | {
      ok: false;
      reason:
        | "not_found"
        | "already_owned"
        | "already_claimed"
        | "token_required"
        | "invalid_token"
        | "tag_limit"
        | "not_your_person"
        | "rate_limited";
      retryAfterSeconds?: number;
      limit?: number;
    };

/**
 * Claims (activates) an unclaimed tag for the signed-in user with its printed
 * token, checked against the stored HMAC only here on the server. The update
 * only succeeds while the tag has no owner, so two claims cannot both win. The
 * tag shows the card of `profileId`, one of the people the user manages (their
 * own profile when not given).
 */
export async function claimTag(
  services: Services,
  input: {
    userId: string;
    profileId?: string;
    tagId: unknown;
    token: unknown;
    clientAddress: string;
  },
): Promise<ClaimResult> {
  const { db, logger, config } = services;
  const tagId = typeof input.tagId === "string" ? normaliseTagId(input.tagId) : null;
  if (!tagId) return { ok: false, reason: "not_found" };
  const token =
    typeof input.token === "string" ? input.token.trim().toUpperCase().slice(0, 50) : "";
  if (!token) return { ok: false, reason: "token_required" };

  const [tag] = await db.select().from(tags).where(eq(tags.id, tagId)).limit(1);
  if (!tag) return { ok: false, reason: "not_found" };
  if (tag.userId === input.userId) return { ok: false, reason: "already_owned" };
  // An organisation's tag is given out by its admins, never claimed with the token (decision 138).
  if (tag.userId || tag.organizationId) return { ok: false, reason: "already_claimed" };

  const byAddress = await services.limiter.consume(TOKEN_RULES.address, input.clientAddress);
  if (!byAddress.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  const limited = await consumeAll(services.limiter, [
    [TOKEN_RULES.tag, tagId],
    [TOKEN_RULES.account, input.userId],
  ]);
  if (!limited.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limited.retryAfterSeconds };
  if (!activationTokenHasher(config.dataEncryptionKey).matches(token, tag.activationTokenHash)) {
    await recordAudit(db, logger, {
      type: "tag_claimed",
      userId: input.userId,
      success: false,
      clientAddress: input.clientAddress,
      metadata: { tag_id: tagId, reason: "invalid_token" },
    });
    return { ok: false, reason: "invalid_token" };
  }

  return db.transaction(async (tx): Promise<ClaimResult> => {
    const person = await managedPerson(tx, input.userId, input.profileId ?? input.userId);
    if (!person) return { ok: false, reason: "not_your_person" };
    const quota = await tagQuota(tx, input.userId);
    if (!quota.ok) return quota;
    const claimed = await tx
      .update(tags)
      .set(linkedTo(input.userId, person.profileId))
      .where(and(eq(tags.id, tagId), isNull(tags.userId), isNull(tags.organizationId)))
      .returning({ id: tags.id });
    if (claimed.length === 0) return { ok: false, reason: "already_claimed" };
    await recordAudit(tx, logger, {
      type: "tag_claimed",
      userId: input.userId,
      profileId: person.profileId,
      householdId: quota.holder.kind === "household" ? quota.holder.id : null,
      clientAddress: input.clientAddress,
      metadata: { tag_id: tagId },
    });
    return { ok: true, tagId };
  });
}

/**
 * A tag's states (spec section 4), shared by an owner's dashboard and an organisation's tag list
 * (decision 138), so a tag has one lifecycle whoever manages it.
 */
export type TagChange = {
  set: Partial<typeof tags.$inferInsert>;
  /** The state the tag must be in for the change to apply. */
  when: SQL | undefined;
};

/** Linked to a person: the card shows them (a claim, or an organisation's assignment). */
export function linkedTo(accountId: string, profileId: string | SQL, now = new Date()) {
  return {
    userId: accountId,
    profileId,
    status: "active",
    isActive: true,
    isLost: false,
    claimedAt: now,
    linkedAt: now,
  };
}

/** Mark Lost: only an active tag that is not lost already; the card shows it is deactivated. */
export const MARK_LOST: TagChange = {
  set: { isLost: true, isActive: false },
  when: and(eq(tags.isActive, true), eq(tags.isLost, false)),
};

/** Found it: undoes Mark Lost without unlinking; the card is live again at once. */
export const MARK_FOUND: TagChange = {
  set: { isLost: false, isActive: true, status: "active" },
  when: eq(tags.isLost, true),
};

/** What unlinking sets: no account, no person, inactive (a lost tag stays lost until linked). */
export const UNLINKED = {
  userId: null,
  profileId: null,
  status: "inactive",
  isActive: false,
  linkedAt: null,
} satisfies Partial<typeof tags.$inferInsert>;

/** Unlink: only a tag that is lost or inactive; it becomes claimable again with its token. */
const UNLINK: TagChange = {
  set: UNLINKED,
  when: or(eq(tags.isLost, true), eq(tags.isActive, false)),
};

/**
 * Applies `change` to the tag if it is in `scope` (whose it is) and in the change's state, and
 * returns the person it showed before (an unlink clears it: their log keeps the line), or
 * undefined when it did not apply.
 */
export async function changeTag(
  executor: Executor,
  tagId: string,
  scope: SQL,
  change: TagChange,
): Promise<{ profileId: string | null } | undefined> {
  const [before] = await executor
    .select({ profileId: tags.profileId })
    .from(tags)
    .where(and(eq(tags.id, tagId), scope));
  if (!before) return undefined;
  const changed = await executor
    .update(tags)
    .set(change.set)
    .where(and(eq(tags.id, tagId), scope, change.when))
    .returning({ id: tags.id });
  return changed.length ? before : undefined;
}

/** One owner's change to their own tag, audited when it applied; false when it did not. */
async function changeOwnTag(
  services: Services,
  userId: string,
  tagId: string,
  clientAddress: string,
  change: TagChange & { audit: AuditEventType },
) {
  const before = await changeTag(services.db, tagId, eq(tags.userId, userId), change);
  if (before) {
    await recordAudit(services.db, services.logger, {
      type: change.audit,
      userId,
      profileId: before.profileId,
      householdId: await householdOf(services.db, userId),
      clientAddress,
      metadata: { tag_id: tagId },
    });
  }
  return before !== undefined;
}

/** Mark Lost: only the owner, only for an active tag that is not lost already. */
export function markTagLost(
  services: Services,
  userId: string,
  tagId: string,
  clientAddress: string,
) {
  return changeOwnTag(services, userId, tagId, clientAddress, { ...MARK_LOST, audit: "tag_lost" });
}

/**
 * Found it: undoes Mark Lost without unlinking. Only the owner, only for a
 * lost tag; the public card is live again at once.
 */
export function markTagFound(
  services: Services,
  userId: string,
  tagId: string,
  clientAddress: string,
) {
  return changeOwnTag(services, userId, tagId, clientAddress, {
    ...MARK_FOUND,
    audit: "tag_found",
  });
}

/**
 * Unlink: only the owner, only for a tag that is lost or inactive. The tag
 * becomes claimable again with its printed token.
 */
export function unlinkTag(
  services: Services,
  userId: string,
  tagId: string,
  clientAddress: string,
) {
  return changeOwnTag(services, userId, tagId, clientAddress, { ...UNLINK, audit: "tag_unlinked" });
}

/**
 * What the public card shows, per tag, set by its owner only. The safety log names what changed
 * ("medical_hidden", "contacts_shown").
 */
export async function setTagVisibility(
  services: Services,
  userId: string,
  tagId: string,
  visibility: { showMedical: boolean; showContacts: boolean },
) {
  return services.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        profileId: tags.profileId,
        showMedical: tags.showMedical,
        showContacts: tags.showContacts,
      })
      .from(tags)
      .where(and(eq(tags.id, tagId), eq(tags.userId, userId)))
      .for("update");
    if (!before) return false;
    await tx.update(tags).set(visibility).where(eq(tags.id, tagId));
    const shown = (on: boolean) => (on ? "shown" : "hidden");
    const changes = [
      before.showMedical !== visibility.showMedical && `medical_${shown(visibility.showMedical)}`,
      before.showContacts !== visibility.showContacts &&
        `contacts_${shown(visibility.showContacts)}`,
    ].filter(Boolean);
    if (changes.length) {
      await logSafetyEvent(tx, {
        type: "card_visibility_changed",
        userId,
        profileId: before.profileId,
        metadata: { tag_id: tagId, changes: changes.join(",") },
      });
    }
    return true;
  });
}

/**
 * Scan notices for one tag, set by its owner: on or off from now on (a tag never set follows
 * Lost mode, decision 134). False when the tag is not theirs.
 */
export async function setScanNotices(
  services: Services,
  userId: string,
  tagId: string,
  on: boolean,
) {
  return services.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(tags)
      .set({ notifyOnScan: on })
      .where(and(eq(tags.id, tagId), eq(tags.userId, userId)))
      .returning({ profileId: tags.profileId });
    if (!changed) return false;
    await logSafetyEvent(tx, {
      type: "scan_notice_changed",
      userId,
      profileId: changed.profileId,
      metadata: { tag_id: tagId, notices: on ? "on" : "off" },
    });
    return true;
  });
}

/** The owner's tag, if it is theirs and can send a test alert (active, not lost). */
export async function findAlertableTag(services: Services, userId: string, tagId: string) {
  const [row] = await services.db
    .select({ id: tags.id, profileId: tags.profileId })
    .from(tags)
    .where(
      and(
        eq(tags.id, tagId),
        eq(tags.userId, userId),
        eq(tags.isActive, true),
        eq(tags.isLost, false),
      ),
    )
    .limit(1);
  return row ?? null;
}
