/**
 * The tags an organisation owns (issue 16 item 4, decisions 135 and 138): minted for it by SafeTap,
 * given by its admins to its people without activation tokens, taken back, marked lost or found,
 * moved to someone else. Every change goes through the one tag lifecycle
 * (`tag-lifecycle.ts`) with the organisation as the scope, and is written to the organisation's
 * log with who did it. Every id from a form is looked up inside the organisation.
 */
import {
  and,
  asc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Product } from "#core/tag-ids.ts";
import type { Config } from "#server/config.ts";
import type { Database, Executor, Transaction } from "#server/db/client.ts";
import { orgLocations, profiles, tags } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { type AuditEvent, recordAudit, recordAudits } from "./audit.ts";
import { findOrganizationBySlug, type OrgContext, type OrgSummary } from "./organizations.ts";
import { tagQuota } from "./quotas.ts";
import {
  changeTag,
  linkedTo,
  MARK_FOUND,
  MARK_LOST,
  type TagChange,
  UNLINKED,
} from "./tag-lifecycle.ts";
import { mintTags, tagCountsByPerson } from "./tags.ts";

export type MintForResult =
  | { ok: true; batchId: string; tags: Awaited<ReturnType<typeof mintTags>>["tags"] }
  | { ok: false; reason: "unknown_org" };

/**
 * Mints a batch, for the organisation at `orgSlug` when one is given (the admin form and
 * `safetap tags mint --org`): its tags carry the organisation and its log says who minted them.
 */
export async function mintTagsFor(
  deps: { db: Database; config: Config; logger: Logger },
  input: { product: Product; count: number; orgSlug?: string | null; by?: string | null },
): Promise<MintForResult> {
  let org: OrgSummary | null = null;
  if (input.orgSlug) {
    org = await findOrganizationBySlug(deps.db, input.orgSlug);
    if (!org) return { ok: false, reason: "unknown_org" };
  }
  const minted = await mintTags(deps.db, {
    product: input.product,
    count: input.count,
    masterKey: deps.config.dataEncryptionKey,
    publicUrl: deps.config.publicUrl,
    organizationId: org?.id ?? null,
  });
  if (org) {
    await recordAudit(deps.db, deps.logger, {
      type: "org_tags_minted",
      userId: input.by ?? null,
      organizationId: org.id,
      metadata: { batch_id: minted.batchId, product: input.product, count: minted.tags.length },
    });
  }
  return { ok: true, ...minted };
}

export const ORG_TAG_STATES = ["unassigned", "assigned", "lost"] as const;
export type OrgTagState = (typeof ORG_TAG_STATES)[number];

export function isOrgTagState(value: unknown): value is OrgTagState {
  return typeof value === "string" && (ORG_TAG_STATES as readonly string[]).includes(value);
}

/** Lost first (whoever it was with), then assigned, else unassigned. */
const STATE_WHERE: Record<OrgTagState, SQL> = {
  lost: eq(tags.isLost, true),
  assigned: and(eq(tags.isLost, false), isNotNull(tags.profileId))!,
  unassigned: and(eq(tags.isLost, false), isNull(tags.profileId))!,
};

export const stateOf = (tag: { isLost: boolean; profileId: string | null }): OrgTagState =>
  tag.isLost ? "lost" : tag.profileId ? "assigned" : "unassigned";

/** A page of the tag list. */
export const ORG_TAG_PAGE = 50;

/**
 * What the asker may see of the people behind tags: staff who work at some locations only see
 * the people of those locations (unassigned tags show no one, so they see those too).
 */
function visiblePeople(context: OrgContext): SQL | undefined {
  if (context.locationIds === null) return undefined;
  return or(isNull(tags.profileId), inArray(profiles.locationId, context.locationIds));
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The organisation's tags in id order, `ORG_TAG_PAGE` at a time after `after`, with the person
 * each shows: filtered by state and by a piece of the tag id.
 */
export async function listOrgTags(
  db: Executor,
  context: OrgContext,
  filter: { state?: OrgTagState | null; query?: string; after?: string | null },
) {
  const query = (filter.query ?? "").trim().toUpperCase().slice(0, 50);
  const rows = await db
    .select({
      id: tags.id,
      product: tags.product,
      isLost: tags.isLost,
      isActive: tags.isActive,
      profileId: tags.profileId,
      linkedAt: tags.linkedAt,
      lastScannedAt: tags.lastScannedAt,
      personName: profiles.fullName,
      externalId: profiles.externalId,
      groupName: profiles.groupName,
      locationName: orgLocations.name,
    })
    .from(tags)
    .leftJoin(profiles, eq(profiles.id, tags.profileId))
    .leftJoin(orgLocations, eq(orgLocations.id, profiles.locationId))
    .where(
      and(
        eq(tags.organizationId, context.org.id),
        filter.state ? STATE_WHERE[filter.state] : undefined,
        query ? ilike(tags.id, likePattern(query)) : undefined,
        filter.after ? gt(tags.id, filter.after) : undefined,
        visiblePeople(context),
      ),
    )
    .orderBy(asc(tags.id))
    .limit(ORG_TAG_PAGE + 1);
  return {
    tags: rows.slice(0, ORG_TAG_PAGE).map((row) => ({ ...row, state: stateOf(row) })),
    next: rows.length > ORG_TAG_PAGE ? rows[ORG_TAG_PAGE - 1]!.id : null,
  };
}

/** How many of the organisation's tags are in each state (for the filter's labels). */
export async function orgTagCounts(db: Executor, context: OrgContext) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      unassigned: sql<number>`count(*) filter (where ${STATE_WHERE.unassigned})::int`,
      assigned: sql<number>`count(*) filter (where ${STATE_WHERE.assigned})::int`,
      lost: sql<number>`count(*) filter (where ${STATE_WHERE.lost})::int`,
    })
    .from(tags)
    .leftJoin(profiles, eq(profiles.id, tags.profileId))
    .where(and(eq(tags.organizationId, context.org.id), visiblePeople(context)));
  return row ?? { all: 0, unassigned: 0, assigned: 0, lost: 0 };
}

/** The organisation's tag, with the person it shows; null for any other tag. */
export async function findOrgTag(db: Executor, orgId: string, tagId: string) {
  const [row] = await db
    .select({
      id: tags.id,
      isLost: tags.isLost,
      profileId: tags.profileId,
      personName: profiles.fullName,
      externalId: profiles.externalId,
    })
    .from(tags)
    .leftJoin(profiles, eq(profiles.id, tags.profileId))
    .where(and(eq(tags.id, tagId), eq(tags.organizationId, orgId)))
    .limit(1);
  return row ?? null;
}

/** At most this many people answer a search for whom to give a tag. */
export const PERSON_MATCHES = 20;

/**
 * The organisation's people whose name contains `query` or whose external id starts with it,
 * with how many tags each has: whom to give a tag.
 */
export async function searchOrgPeople(db: Executor, context: OrgContext, query: string) {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      externalId: profiles.externalId,
      groupName: profiles.groupName,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, context.org.id),
        sql`${profiles.id} <> ${context.org.accountId}`,
        or(ilike(profiles.fullName, `%${escaped}%`), ilike(profiles.externalId, `${escaped}%`)),
        context.locationIds === null
          ? undefined
          : inArray(profiles.locationId, context.locationIds),
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.id))
    .limit(PERSON_MATCHES);
  const counts = await tagCountsByPerson(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, tags: counts.get(row.id) ?? 0 }));
}

export type AssignOrgTagResult =
  | { ok: true; changed: boolean; personName: string | null }
  | { ok: false; reason: "not_org_tag" | "not_org_person" }
  | { ok: false; reason: "assigned_to_other"; personName: string | null; externalId: string | null }
  | { ok: false; reason: "tag_limit"; limit: number };

/** Who did it, for the organisation's log. */
interface Actor {
  context: OrgContext;
  clientAddress?: string | null;
}

const auditFor = (actor: Actor, event: Omit<AuditEvent, "organizationId" | "userId">) => ({
  ...event,
  organizationId: actor.context.org.id,
  userId: actor.context.userId,
  clientAddress: actor.clientAddress ?? null,
});

/**
 * Gives the organisation's tag to one of its people: the tag then shows that person's card,
 * managed by the organisation's account (as a claim links a tag, without the token). A tag
 * another person has is refused unless `move` (Reassign); a tag already theirs changes nothing.
 */
export async function assignOrgTag(
  db: Database,
  logger: Logger,
  actor: Actor,
  input: { tagId: string; profileId: unknown; move: boolean },
): Promise<AssignOrgTagResult> {
  const { org } = actor.context;
  return db.transaction(async (tx): Promise<AssignOrgTagResult> => {
    const [person] = await tx
      .select({ id: profiles.id, fullName: profiles.fullName })
      .from(profiles)
      .where(
        and(
          eq(profiles.id, typeof input.profileId === "string" ? input.profileId : ""),
          eq(profiles.organizationId, org.id),
          sql`${profiles.id} <> ${org.accountId}`,
        ),
      )
      .limit(1);
    if (!person) return { ok: false, reason: "not_org_person" };
    const [tag] = await tx
      .select({ id: tags.id, profileId: tags.profileId })
      .from(tags)
      .where(and(eq(tags.id, input.tagId), eq(tags.organizationId, org.id)))
      .for("update");
    if (!tag) return { ok: false, reason: "not_org_tag" };
    if (tag.profileId === person.id)
      return { ok: true, changed: false, personName: person.fullName };
    if (tag.profileId && !input.move) {
      const holder = await findOrgTag(tx, org.id, tag.id);
      return {
        ok: false,
        reason: "assigned_to_other",
        personName: holder?.personName ?? null,
        externalId: holder?.externalId ?? null,
      };
    }
    const quota = await tagQuota(tx, org.accountId);
    if (!quota.ok) return quota;
    await tx
      .update(tags)
      .set(linkedTo(org.accountId, person.id))
      .where(and(eq(tags.id, tag.id), eq(tags.organizationId, org.id)));
    const events: AuditEvent[] = [];
    if (tag.profileId) {
      events.push(
        auditFor(actor, {
          type: "org_tag_unassigned",
          profileId: tag.profileId,
          metadata: { tag_id: tag.id, moved_to: person.id },
        }),
      );
    }
    events.push(
      auditFor(actor, {
        type: "org_tag_assigned",
        profileId: person.id,
        metadata: { tag_id: tag.id },
      }),
    );
    await recordAudits(tx, logger, events);
    return { ok: true, changed: true, personName: person.fullName };
  });
}

/** Gives many tags at once (the CSV): each row's tag must still be unassigned. Returns how many. */
export async function assignOrgTagsInBulk(
  tx: Transaction,
  logger: Logger,
  actor: Actor & { importId: string },
  rows: readonly { tagId: string; profileId: string }[],
): Promise<string[]> {
  const { org } = actor.context;
  if (rows.length === 0) return [];
  const quota = await tagQuota(tx, org.accountId);
  if (!quota.ok) return [];
  const assigned: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const personOf = sql.join(
      chunk.map((row) => sql`when ${row.tagId} then ${row.profileId}`),
      sql` `,
    );
    const changed = await tx
      .update(tags)
      .set(linkedTo(org.accountId, sql`case ${tags.id} ${personOf} end`))
      .where(
        and(
          inArray(
            tags.id,
            chunk.map((row) => row.tagId),
          ),
          eq(tags.organizationId, org.id),
          isNull(tags.profileId),
        ),
      )
      .returning({ id: tags.id });
    for (const { id } of changed) assigned.push(id);
  }
  const byTag = new Map(rows.map((row) => [row.tagId, row.profileId]));
  await recordAudits(
    tx,
    logger,
    assigned.map((tagId) =>
      auditFor(actor, {
        type: "org_tag_assigned",
        profileId: byTag.get(tagId)!,
        metadata: { tag_id: tagId, import_id: actor.importId },
      }),
    ),
  );
  return assigned;
}

/** One change to one of the organisation's tags, written to its log; false when it did not apply. */
async function changeOrgTag(
  db: Database,
  logger: Logger,
  actor: Actor,
  tagId: string,
  change: TagChange & { audit: "org_tag_unassigned" | "org_tag_lost" | "org_tag_found" },
) {
  return db.transaction(async (tx) => {
    const before = await changeTag(
      tx,
      tagId,
      eq(tags.organizationId, actor.context.org.id),
      change,
    );
    if (!before) return false;
    await recordAudit(
      tx,
      logger,
      auditFor(actor, {
        type: change.audit,
        profileId: before.profileId,
        metadata: { tag_id: tagId },
      }),
    );
    return true;
  });
}

/** Back to the organisation, unassigned: the tag shows nobody (a lost tag stays lost). */
export const unassignOrgTag = (db: Database, logger: Logger, actor: Actor, tagId: string) =>
  changeOrgTag(db, logger, actor, tagId, {
    set: UNLINKED,
    when: isNotNull(tags.profileId),
    audit: "org_tag_unassigned",
  });

/** Mark lost: an assigned tag that is active; its card says it is deactivated. */
export const markOrgTagLost = (db: Database, logger: Logger, actor: Actor, tagId: string) =>
  changeOrgTag(db, logger, actor, tagId, { ...MARK_LOST, audit: "org_tag_lost" });

/** Found it: a lost tag that still has its person shows their card again. */
export const markOrgTagFound = (db: Database, logger: Logger, actor: Actor, tagId: string) =>
  changeOrgTag(db, logger, actor, tagId, {
    set: MARK_FOUND.set,
    when: and(MARK_FOUND.when, isNotNull(tags.profileId)),
    audit: "org_tag_found",
  });
