/**
 * What the organisation's dashboard reads (issue 16 items 2 and 5, decision 137): its people,
 * searched, filtered and paged by name; one person as the asker may see them; and its recent
 * scans and alerts. Every query is scoped by the organisation, and for a staff member who works
 * at some locations, by those locations.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { ORG_PEOPLE_PAGE_SIZE } from "#core/org-forms.ts";
import type { Executor } from "#server/db/client.ts";
import {
  alerts,
  attendanceScans,
  contacts,
  orgLocations,
  profiles,
  tags,
  tagViewLogs,
} from "#server/db/schema.ts";
import { type OrgContext, orgCan, orgPerson } from "./organizations.ts";

/**
 * Whether the asker sees only the people at their locations: a staff member who works at some
 * (org_member_locations). Those who manage people (admins, owners) see everyone.
 */
export function seesOnlyTheirLocations(
  context: OrgContext,
): context is OrgContext & { locationIds: string[] } {
  return context.locationIds !== null && !orgCan(context, { people: ["update"] });
}

/** The people the asker may list: the organisation's, at their locations when restricted. */
function peopleInScope(context: OrgContext): SQL {
  return and(
    eq(profiles.organizationId, context.org.id),
    ne(profiles.id, context.org.accountId),
    seesOnlyTheirLocations(context) ? inArray(profiles.locationId, context.locationIds) : undefined,
  )!;
}

export interface VisibleOrgPerson {
  id: string;
  /** The asker is the person (a member with a login). */
  self: boolean;
  /** The asker may change their medical record and contacts (admins, owners, themself). */
  canManage: boolean;
}

/**
 * One of the organisation's people as the asker may see them, or null (answered as not found):
 * another organisation's person, a person outside a staff member's locations, or, for a member
 * with a login, anyone but themself. `canManage` agrees with `personAccess` (decision 135);
 * SafeTap's admins act as the organisation's admins.
 */
export async function visibleOrgPerson(
  executor: Executor,
  context: OrgContext,
  profileId: unknown,
): Promise<VisibleOrgPerson | null> {
  const row = await orgPerson(executor, context.org.id, profileId);
  if (!row || row.id === context.org.accountId) return null;
  const self = row.memberUserId === context.userId;
  if (!self) {
    if (!orgCan(context, { people: ["read"] })) return null;
    if (
      seesOnlyTheirLocations(context) &&
      (row.locationId === null || !context.locationIds.includes(row.locationId))
    ) {
      return null;
    }
  }
  return { id: row.id, self, canManage: self || orgCan(context, { medical: ["update"] }) };
}

/** The person a member with a login is in the organisation, if any. */
export async function ownOrgPersonId(executor: Executor, orgId: string, userId: string) {
  const [row] = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, orgId), eq(profiles.memberUserId, userId)))
    .limit(1);
  return row?.id ?? null;
}

export interface OrgPeopleFilter {
  /** Part of the name, or the start of the external id (case-insensitive). */
  search: string;
  locationId: string | null;
  group: string | null;
}

/** Where a page starts: after or before a person in the name order. */
export type PeopleCursor =
  | { after: { name: string; id: string } }
  | { before: { name: string; id: string } }
  | null;

/** `%` and `_` match themselves in a search. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(filter: OrgPeopleFilter): (SQL | undefined)[] {
  const search = filter.search.trim();
  return [
    filter.locationId ? eq(profiles.locationId, filter.locationId) : undefined,
    filter.group ? eq(profiles.groupName, filter.group) : undefined,
    search
      ? or(
          ilike(profiles.fullName, `%${likeEscaped(search)}%`),
          ilike(profiles.externalId, `${likeEscaped(search)}%`),
        )
      : undefined,
  ];
}

/**
 * The name-order key of a page: people after (or before) a person, written so that the index on
 * (organization_id, full_name) bounds the scan.
 */
function cursorCondition(cursor: PeopleCursor): SQL | undefined {
  if (!cursor) return undefined;
  if ("after" in cursor) {
    const { name, id } = cursor.after;
    return and(gte(profiles.fullName, name), or(gt(profiles.fullName, name), gt(profiles.id, id)));
  }
  const { name, id } = cursor.before;
  return and(lte(profiles.fullName, name), or(lt(profiles.fullName, name), lt(profiles.id, id)));
}

export interface OrgPersonRow {
  id: string;
  fullName: string;
  externalId: string | null;
  groupName: string | null;
  locationId: string | null;
  locationName: string | null;
  /** The ids of the tags that show this person's card. */
  tagIds: string[];
  contactCount: number;
}

/**
 * The query of one page in name order (one more row than the page, to tell whether another
 * follows). Keyset paging on (full_name, id): the first page and every later one read only the
 * index entries they show (decision 137). Exported for the bench's EXPLAIN.
 */
export function orgPeoplePageQuery(
  executor: Executor,
  context: OrgContext,
  filter: OrgPeopleFilter,
  cursor: PeopleCursor,
  pageSize = ORG_PEOPLE_PAGE_SIZE,
) {
  const backwards = cursor !== null && "before" in cursor;
  const order = backwards
    ? [desc(profiles.fullName), desc(profiles.id)]
    : [asc(profiles.fullName), asc(profiles.id)];
  return executor
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      externalId: profiles.externalId,
      groupName: profiles.groupName,
      locationId: profiles.locationId,
      locationName: orgLocations.name,
      tagIds: sql<
        string[]
      >`array(select ${tags.id} from ${tags} where ${tags.profileId} = ${profiles.id} order by ${tags.id})`,
      contactCount: sql<number>`(select count(*)::int from ${contacts} where ${contacts.profileId} = ${profiles.id})`,
    })
    .from(profiles)
    .leftJoin(orgLocations, eq(orgLocations.id, profiles.locationId))
    .where(and(peopleInScope(context), ...filterConditions(filter), cursorCondition(cursor)))
    .orderBy(...order)
    .limit(pageSize + 1);
}

/**
 * One page (at most ORG_PEOPLE_PAGE_SIZE) of the organisation's people in name order, with the
 * number matching the filter and the cursors of the pages before and after it.
 */
export async function listOrgPeople(
  executor: Executor,
  context: OrgContext,
  filter: OrgPeopleFilter,
  cursor: PeopleCursor,
  pageSize = ORG_PEOPLE_PAGE_SIZE,
) {
  const backwards = cursor !== null && "before" in cursor;
  const [rows, [total]] = await Promise.all([
    orgPeoplePageQuery(executor, context, filter, cursor, pageSize),
    executor
      .select({ n: count() })
      .from(profiles)
      .where(and(peopleInScope(context), ...filterConditions(filter))),
  ]);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  const people: OrgPersonRow[] = page.map((row) => ({
    ...row,
    fullName: row.fullName ?? "",
    tagIds: row.tagIds ?? [],
  }));
  const key = (row: OrgPersonRow | undefined) => (row ? { name: row.fullName, id: row.id } : null);
  return {
    people,
    total: total?.n ?? 0,
    /** The cursor of the page before this one, or null on the first page. */
    previous: (backwards ? more : cursor !== null) ? key(people[0]) : null,
    /** The cursor of the page after this one, or null on the last page. */
    next: (backwards ? true : more) && people.length ? key(people.at(-1)) : null,
  };
}

/**
 * The organisation's groups (classes, departments, wards) in use, for the filter: read from the
 * index on (organization_id, group_name) one group at a time (a loose index scan), so 10,000
 * people in 40 classes cost 40 index probes, not a pass over everyone.
 */
export async function listOrgGroups(executor: Executor, context: OrgContext): Promise<string[]> {
  const scope = seesOnlyTheirLocations(context)
    ? sql`and p.location_id = any(${sql`array[${sql.join(
        context.locationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`})`
    : sql``;
  const next = (after: SQL) => sql`(select p.group_name from ${profiles} p
      where p.organization_id = ${context.org.id} and p.group_name > ${after} ${scope}
      order by p.group_name limit 1)`;
  const result = await executor.execute(sql`
    with recursive groups (name) as (
      (select p.group_name from ${profiles} p
        where p.organization_id = ${context.org.id} and p.group_name is not null ${scope}
        order by p.group_name limit 1)
      union all
      select ${next(sql`g.name`)} from groups g where g.name is not null
    )
    select name from groups where name is not null limit 500`);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return (rows as { name: string }[]).map((row) => row.name);
}

/** How many people the asker sees in the organisation. */
export async function countOrgPeople(executor: Executor, context: OrgContext): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(profiles).where(peopleInScope(context));
  return row?.n ?? 0;
}

/** A moment of the organisation's recent activity and where it happened. */
interface Placed {
  at: Date;
  profileId: string | null;
  personName: string | null;
  locationName: string | null;
  /** The location's time zone, when the event happened at (or to someone of) a location. */
  timeZone: string | null;
}

/** The person an event is about and their location (joined as `profiles`, `org_locations`). */
const personAndPlace = {
  profileId: profiles.id,
  personName: profiles.fullName,
  locationName: orgLocations.name,
  timeZone: orgLocations.timeZone,
};

export type OrgScan = Placed & {
  id: string;
  kind: "check_in" | "check_out" | "card_view" | "medical_view";
  tagId: string;
};

export type OrgAlert = Placed & {
  id: string;
  source: string;
  isTest: boolean;
  status: string;
  acknowledged: boolean;
};

/**
 * The organisation's most recent scans, newest first: its readers' check-ins and check-outs
 * (attendance_scans.organizationId) and views of the cards of its people's tags (tag_view_logs).
 * A staff member who works at some locations sees those locations' check-ins and the card
 * views of the people at them.
 */
export async function recentOrgScans(
  executor: Executor,
  context: OrgContext,
  limit = 10,
): Promise<OrgScan[]> {
  const scoped = seesOnlyTheirLocations(context) ? context.locationIds : null;
  const [readerScans, cardViews] = await Promise.all([
    executor
      .select({
        id: attendanceScans.id,
        at: attendanceScans.createdAt,
        direction: attendanceScans.direction,
        tagId: attendanceScans.tagId,
        profileId: attendanceScans.profileId,
        personName: attendanceScans.personName,
        locationName: orgLocations.name,
        timeZone: orgLocations.timeZone,
      })
      .from(attendanceScans)
      .leftJoin(orgLocations, eq(orgLocations.id, attendanceScans.locationId))
      .where(
        and(
          eq(attendanceScans.organizationId, context.org.id),
          scoped ? inArray(attendanceScans.locationId, scoped) : undefined,
        ),
      )
      .orderBy(desc(attendanceScans.createdAt))
      .limit(limit),
    executor
      .select({
        id: tagViewLogs.id,
        at: tagViewLogs.createdAt,
        medical: tagViewLogs.fullMedicalViewed,
        tagId: tagViewLogs.tagId,
        ...personAndPlace,
      })
      .from(tagViewLogs)
      .innerJoin(tags, eq(tags.id, tagViewLogs.tagId))
      .innerJoin(profiles, eq(profiles.id, tags.profileId))
      .leftJoin(orgLocations, eq(orgLocations.id, profiles.locationId))
      // The organisation's account manages its people's tags (tags_user_linked_idx).
      .where(and(eq(tags.userId, context.org.accountId), peopleInScope(context)))
      .orderBy(desc(tagViewLogs.createdAt))
      .limit(limit),
  ]);
  const scans: OrgScan[] = [
    ...readerScans.map(({ direction, ...row }) => ({
      ...row,
      kind: direction === "out" ? ("check_out" as const) : ("check_in" as const),
    })),
    ...cardViews.map(({ medical, ...row }) => ({
      ...row,
      kind: medical ? ("medical_view" as const) : ("card_view" as const),
    })),
  ];
  return scans.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** The most recent alerts of the organisation's people (in the asker's scope), newest first. */
export async function recentOrgAlerts(
  executor: Executor,
  context: OrgContext,
  limit = 10,
): Promise<OrgAlert[]> {
  const rows = await executor
    .select({
      id: alerts.id,
      at: alerts.createdAt,
      source: alerts.source,
      isTest: alerts.isTest,
      status: alerts.status,
      acknowledgedAt: alerts.acknowledgedAt,
      ...personAndPlace,
    })
    .from(alerts)
    .innerJoin(profiles, eq(profiles.id, alerts.profileId))
    .leftJoin(orgLocations, eq(orgLocations.id, profiles.locationId))
    // Alerts spend the managing account's plan: the organisation's (alerts_user_created_idx).
    .where(and(eq(alerts.userId, context.org.accountId), peopleInScope(context)))
    .orderBy(desc(alerts.createdAt))
    .limit(limit);
  return rows.map(({ acknowledgedAt, ...row }) => ({
    ...row,
    acknowledged: acknowledgedAt !== null,
  }));
}
