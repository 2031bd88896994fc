/**
 * The organisation's compliance log as its admins read it (issue 17 item 5, decision 146): its
 * chained audit lines, newest first, filtered by kind, person, staff member and dates, a page at
 * a time (keyset on the chain's index); and handovers, which move a person to another ward or
 * location and log it in one transaction.
 */
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { AUDIT_LOG_GROUPS, type AuditLogFilter, dayEnd, dayStart } from "#core/org-audit.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { auditEvents, member, orgLocations, profiles, user } from "#server/db/schema.ts";
import { logOrgChange, type OrgChangeBy } from "./org-log.ts";

export interface AuditLogLine {
  chainIndex: number;
  type: string;
  at: Date;
  success: boolean;
  actorId: string | null;
  actorName: string | null;
  profileId: string | null;
  /** The person's name now; null when they were removed (their lines stay). */
  personName: string | null;
  metadata: Record<string, unknown>;
}

export interface AuditLogQuery extends Omit<AuditLogFilter, "kind"> {
  kind: AuditLogFilter["kind"];
  /** One person's lines only (the person's own log page). */
  profileId?: string | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the organisation's log, newest first, and the index to ask for the next (older)
 * page. Every condition starts with the organisation: another's lines are never read.
 */
export async function listAuditLog(
  executor: Executor,
  orgId: string,
  query: AuditLogQuery,
  pageSize: number,
): Promise<{ lines: AuditLogLine[]; olderThan: number | null }> {
  const conditions: (SQL | undefined)[] = [
    eq(auditEvents.organizationId, orgId),
    sql`${auditEvents.chainIndex} is not null`,
    query.before ? lt(auditEvents.chainIndex, query.before) : undefined,
    query.kind ? inArray(auditEvents.eventType, [...AUDIT_LOG_GROUPS[query.kind]]) : undefined,
    query.profileId ? eq(auditEvents.profileId, query.profileId) : undefined,
    query.staff ? eq(auditEvents.userId, query.staff) : undefined,
    query.from ? gte(auditEvents.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(auditEvents.createdAt, dayEnd(query.to)) : undefined,
    query.person
      ? or(
          ilike(profiles.fullName, likePattern(query.person)),
          eq(profiles.externalId, query.person),
        )
      : undefined,
  ];
  const rows = await executor
    .select({
      chainIndex: auditEvents.chainIndex,
      type: auditEvents.eventType,
      at: auditEvents.createdAt,
      success: auditEvents.success,
      actorId: auditEvents.userId,
      actorName: user.name,
      profileId: auditEvents.profileId,
      personName: profiles.fullName,
      metadata: auditEvents.metadata,
    })
    .from(auditEvents)
    .leftJoin(user, eq(user.id, auditEvents.userId))
    .leftJoin(
      profiles,
      and(eq(profiles.id, auditEvents.profileId), eq(profiles.organizationId, orgId)),
    )
    .where(and(...conditions))
    .orderBy(desc(auditEvents.chainIndex))
    .limit(pageSize + 1);
  const lines = rows.slice(0, pageSize).map((row) => ({ ...row, chainIndex: row.chainIndex! }));
  return {
    lines,
    olderThan: rows.length > pageSize ? (lines.at(-1)?.chainIndex ?? null) : null,
  };
}

/** The organisation's staff, admins and owners: whom the viewer filters by. */
export async function orgStaffChoices(executor: Executor, orgId: string) {
  return executor
    .select({ id: user.id, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, orgId), inArray(member.role, ["owner", "admin", "staff"])))
    .orderBy(user.name)
    .limit(500);
}

export interface HandoverInput {
  groupName: string | null;
  locationId: string | null;
  note: string;
}

export type HandoverResult =
  | { ok: true; from: HandoverPlace; to: HandoverPlace }
  | { ok: false; reason: "not_found" | "location" | "unchanged" };

export interface HandoverPlace {
  groupName: string | null;
  locationId: string | null;
  locationName: string | null;
}

/**
 * "Patient transferred from ward A to B by nurse X": moves the person to another ward or group
 * and/or location and writes `org_person_handover` with both places (names as they are now, so
 * the line still reads right after a location is renamed) and the note, in one transaction. A
 * location of another organisation, or no change at all, is refused and nothing is written.
 */
export async function recordHandover(
  db: Database,
  by: OrgChangeBy,
  profileId: string,
  input: HandoverInput,
): Promise<HandoverResult> {
  return db.transaction(async (tx): Promise<HandoverResult> => {
    const [before] = await tx
      .select({
        groupName: profiles.groupName,
        locationId: profiles.locationId,
        locationName: orgLocations.name,
      })
      .from(profiles)
      .leftJoin(orgLocations, eq(orgLocations.id, profiles.locationId))
      .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, by.organizationId)))
      .for("update", { of: profiles });
    if (!before) return { ok: false, reason: "not_found" };
    let locationName: string | null = null;
    if (input.locationId) {
      const [place] = await tx
        .select({ name: orgLocations.name })
        .from(orgLocations)
        .where(
          and(
            eq(orgLocations.id, input.locationId),
            eq(orgLocations.organizationId, by.organizationId),
          ),
        );
      if (!place) return { ok: false, reason: "location" };
      locationName = place.name;
    }
    const to = { groupName: input.groupName, locationId: input.locationId, locationName };
    if (before.groupName === to.groupName && before.locationId === to.locationId) {
      return { ok: false, reason: "unchanged" };
    }
    await tx
      .update(profiles)
      .set({ groupName: to.groupName, locationId: to.locationId })
      .where(eq(profiles.id, profileId));
    await logOrgChange(
      tx,
      { ...by, reason: input.note || null },
      "org_person_handover",
      profileId,
      {
        fromGroup: before.groupName,
        toGroup: to.groupName,
        fromLocationId: before.locationId,
        toLocationId: to.locationId,
        fromLocation: before.locationName,
        toLocation: to.locationName,
      },
    );
    return { ok: true, from: before, to };
  });
}

/** A person's name, only if they are the organisation's. */
export async function orgPersonName(executor: Executor, orgId: string, profileId: string) {
  const [row] = await executor
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, orgId)))
    .limit(1);
  return row ? (row.name ?? "") : null;
}
