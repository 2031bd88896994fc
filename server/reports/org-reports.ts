/**
 * The organisation's reports (issue 17 item 4, decision 145): attendance by day, location and
 * person, roll-call reports and alerts with their deliveries. Every query is bounded to one
 * organisation and the asker's locations, and reads a page at a time in a stable order (keyset
 * pagination), so the exports can stream ranges of any size.
 *
 * Days are the calendar days of each location, in its time zone (a school's Tuesday is its own
 * Tuesday); what has no location (a scan recorded without one, a person with none) counts in UTC.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { UUID } from "#core/validation.ts";
import { type Executor, rowsOf } from "#server/db/client.ts";
import {
  alerts,
  orgLocations,
  rollCallEvents,
  rollCallPeople,
  rollCalls,
} from "#server/db/schema.ts";
import type { RateRule } from "#server/security/rate-limit.ts";

/** Downloads draw up to thousands of rows (a PDF takes CPU): this many per user in ten minutes. */
export const REPORT_EXPORT_RULE: RateRule = {
  name: "org-report-export:user",
  points: 30,
  windowSeconds: 600,
};

/** The longest range one report covers: a year, both ends included. */
export const REPORT_MAX_DAYS = 366;
/** A PDF lists at most this many rows per table; the CSV has them all. */
export const REPORT_PDF_ROW_LIMIT = 5_000;
/** The page lists the newest this many roll calls of the range. */
export const ROLL_CALL_LIST_LIMIT = 200;

export interface ReportScope {
  organizationId: string;
  /** First and last day, "YYYY-MM-DD", both included, each location's own days. */
  from: string;
  to: string;
  /** These locations only; null is every location, and what has none. */
  locationIds: string[] | null;
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** `column` is one of the scope's locations (no condition when it is every location). */
function inLocations(scope: ReportScope, column: SQL): SQL {
  if (scope.locationIds === null) return sql`true`;
  if (scope.locationIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.locationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * `at` falls on one of the range's days where `zone` is. The first condition lets the index
 * narrow the rows (time zones lie between UTC−12 and UTC+14); the second is exact.
 */
function inDays(scope: ReportScope, at: SQL, zone: SQL): SQL {
  const start = new Date(Date.parse(`${scope.from}T00:00:00Z`) - 14 * 3_600_000);
  const end = new Date(Date.parse(`${scope.to}T00:00:00Z`) + 36 * 3_600_000);
  return sql`${at} >= ${start.toISOString()}::timestamptz and ${at} < ${end.toISOString()}::timestamptz
    and (${at} at time zone ${zone})::date between ${scope.from}::date and ${scope.to}::date`;
}

/** The scans of the scope, with their location's zone, as a subquery's columns. */
function scopedScans(scope: ReportScope) {
  const zone = sql`coalesce(l.time_zone, 'UTC')`;
  return sql`select s.id, s.created_at, s.direction, s.tag_id, s.person_name, s.reader_user_id,
      coalesce(s.profile_id, s.tag_id) as person_key,
      coalesce(s.location_id::text, '') as location_key, coalesce(l.name, '') as location_name,
      ${zone} as zone, (s.created_at at time zone ${zone})::date::text as day
    from attendance_scans s left join org_locations l on l.id = s.location_id
    where s.organization_id = ${scope.organizationId}
      and ${inLocations(scope, sql`s.location_id`)}
      and ${inDays(scope, sql`s.created_at`, zone)}`;
}

export interface AttendanceDay {
  day: string;
  locationKey: string;
  locationName: string;
  /** Different people checked in that day. */
  people: number;
  checkIns: number;
  checkOuts: number;
}

/** Attendance per day and location, in day then location order, a page at a time. */
export async function attendanceDays(
  db: Executor,
  scope: ReportScope,
  after: AttendanceDay | null,
  size: number,
): Promise<AttendanceDay[]> {
  const result = await db.execute(sql`select * from (
      select day, location_key, location_name,
        count(distinct person_key) filter (where direction = 'in') as people,
        count(*) filter (where direction = 'in') as check_ins,
        count(*) filter (where direction = 'out') as check_outs
      from (${scopedScans(scope)}) x group by day, location_key, location_name) g
    where ${after ? sql`(day, location_name, location_key) > (${after.day}, ${after.locationName}, ${after.locationKey})` : sql`true`}
    order by day, location_name, location_key limit ${size}`);
  return rowsOf(result).map((row) => ({
    day: text(row.day),
    locationKey: text(row.location_key),
    locationName: text(row.location_name),
    people: Number(row.people),
    checkIns: Number(row.check_ins),
    checkOuts: Number(row.check_outs),
  }));
}

export interface AttendancePerson {
  day: string;
  locationKey: string;
  locationName: string;
  personKey: string;
  personName: string;
  tags: string;
  /** Local "HH:MM" of the day's first check-in and last check-out; "" when none. */
  firstIn: string;
  lastOut: string;
  scans: number;
}

/** Each person's day at each location: first in, last out, scans; day, place, name order. */
export async function attendancePeople(
  db: Executor,
  scope: ReportScope,
  after: AttendancePerson | null,
  size: number,
): Promise<AttendancePerson[]> {
  const result = await db.execute(sql`select * from (
      select day, location_key, location_name, person_key, max(person_name) as person_name,
        string_agg(distinct tag_id, ' ') as tags,
        to_char((min(created_at) filter (where direction = 'in')) at time zone zone, 'HH24:MI') as first_in,
        to_char((max(created_at) filter (where direction = 'out')) at time zone zone, 'HH24:MI') as last_out,
        count(*) as scans
      from (${scopedScans(scope)}) x group by day, location_key, location_name, zone, person_key) g
    where ${
      after
        ? sql`(day, location_name, location_key, person_name, person_key) >
            (${after.day}, ${after.locationName}, ${after.locationKey}, ${after.personName}, ${after.personKey})`
        : sql`true`
    }
    order by day, location_name, location_key, person_name, person_key limit ${size}`);
  return rowsOf(result).map((row) => ({
    day: text(row.day),
    locationKey: text(row.location_key),
    locationName: text(row.location_name),
    personKey: text(row.person_key),
    personName: text(row.person_name),
    tags: text(row.tags),
    firstIn: text(row.first_in),
    lastOut: text(row.last_out),
    scans: Number(row.scans),
  }));
}

export interface AttendanceScan {
  id: string;
  /** The database's own time, exact to the microsecond: the page's place. */
  cursor: string;
  /** Local "YYYY-MM-DD HH:MM:SS" and its zone. */
  time: string;
  zone: string;
  direction: "in" | "out";
  tagId: string;
  personName: string;
  readerName: string;
  locationName: string;
}

/** Every scan of the scope, oldest first: who was scanned, when, where and by whom. */
export async function attendanceScansPage(
  db: Executor,
  scope: ReportScope,
  after: AttendanceScan | null,
  size: number,
): Promise<AttendanceScan[]> {
  const result = await db.execute(sql`select x.id, x.created_at::text as cursor,
      to_char(x.created_at at time zone x.zone, 'YYYY-MM-DD HH24:MI:SS') as time, x.zone,
      x.direction, x.tag_id, x.person_name, coalesce(r.name, '') as reader_name, x.location_name
    from (${scopedScans(scope)}) x left join "user" r on r.id = x.reader_user_id
    where ${after ? sql`(x.created_at, x.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : sql`true`}
    order by x.created_at, x.id limit ${size}`);
  return rowsOf(result).map((row) => ({
    id: text(row.id),
    cursor: text(row.cursor),
    time: text(row.time),
    zone: text(row.zone),
    direction: row.direction === "out" ? "out" : "in",
    tagId: text(row.tag_id),
    personName: text(row.person_name),
    readerName: text(row.reader_name),
    locationName: text(row.location_name),
  }));
}

export interface ReportDelivery {
  contactName: string;
  channel: string;
  kind: string;
  status: string;
  note: string | null;
  sentAt: string;
  acknowledgedAt: string;
}

export interface ReportAlert {
  id: string;
  cursor: string;
  /** Local "YYYY-MM-DD HH:MM" at the person's location (UTC when they have none). */
  time: string;
  zone: string;
  personName: string;
  locationName: string;
  source: string;
  status: string;
  isTest: boolean;
  acknowledgedAt: string;
  /** The contact who answered first ("I'm on my way"). */
  acknowledgedBy: string;
  escalatedAt: string;
  deliveries: ReportDelivery[];
}

/**
 * The alerts of the organisation's people (at the scope's locations, by where the person is),
 * oldest first, each with its messages in the order they were queued.
 */
export async function alertsPage(
  db: Executor,
  scope: ReportScope,
  after: ReportAlert | null,
  size: number,
): Promise<ReportAlert[]> {
  const zone = sql`coalesce(l.time_zone, 'UTC')`;
  const local = (column: SQL) => sql`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI')`;
  const result = await db.execute(sql`select a.id, a.created_at::text as cursor,
      ${local(sql`a.created_at`)} as time, ${zone} as zone,
      coalesce(p.full_name, '') as person_name, coalesce(l.name, '') as location_name,
      a.source, a.status, a.is_test, ${local(sql`a.acknowledged_at`)} as acknowledged_at,
      ${local(sql`a.escalated_at`)} as escalated_at
    from alerts a join profiles p on p.id = a.profile_id
      left join org_locations l on l.id = p.location_id
    where p.organization_id = ${scope.organizationId}
      and ${inLocations(scope, sql`p.location_id`)}
      and ${inDays(scope, sql`a.created_at`, zone)}
      and ${after ? sql`(a.created_at, a.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : sql`true`}
    order by a.created_at, a.id limit ${size}`);
  const rows = rowsOf(result);
  if (rows.length === 0) return [];
  const deliveries = rowsOf(
    await db.execute(sql`select d.alert_id, d.contact_name, d.channel, d.kind, d.status, d.note,
        to_char(d.sent_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as sent_at,
        to_char(d.acknowledged_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as acknowledged_at,
        d.acknowledged_at as answered
      from alert_deliveries d join alerts a on a.id = d.alert_id
        join profiles p on p.id = a.profile_id left join org_locations l on l.id = p.location_id
      where d.alert_id in (${sql.join(
        rows.map((row) => sql`${text(row.id)}::uuid`),
        sql`, `,
      )})
      order by d.created_at, d.id`),
  );
  const byAlert = new Map<string, Record<string, unknown>[]>();
  for (const delivery of deliveries) {
    const list = byAlert.get(text(delivery.alert_id)) ?? [];
    list.push(delivery);
    byAlert.set(text(delivery.alert_id), list);
  }
  return rows.map((row) => {
    const messages = byAlert.get(text(row.id)) ?? [];
    const answered = messages
      .filter((d) => d.answered !== null && d.answered !== undefined)
      .sort((a, b) => Date.parse(text(a.answered)) - Date.parse(text(b.answered)));
    return {
      id: text(row.id),
      cursor: text(row.cursor),
      time: text(row.time),
      zone: text(row.zone),
      personName: text(row.person_name),
      locationName: text(row.location_name),
      source: text(row.source),
      status: text(row.status),
      isTest: row.is_test === true,
      acknowledgedAt: text(row.acknowledged_at),
      acknowledgedBy: answered[0] ? text(answered[0].contact_name) : "",
      escalatedAt: text(row.escalated_at),
      deliveries: messages.map((d) => ({
        contactName: text(d.contact_name),
        channel: text(d.channel),
        kind: text(d.kind),
        status: text(d.status),
        note: d.note === null || d.note === undefined ? null : text(d.note),
        sentAt: text(d.sent_at),
        acknowledgedAt: text(d.acknowledged_at),
      })),
    };
  });
}

export interface RollCallSummary {
  id: string;
  kind: string;
  drill: boolean;
  status: "open" | "ended";
  startedAt: string;
  zone: string;
  locationName: string;
  people: number;
  safe: number;
}

/** The roll calls started in the range at the scope's locations, newest first. */
export async function rollCallsInRange(
  db: Executor,
  scope: ReportScope,
  limit = ROLL_CALL_LIST_LIMIT,
): Promise<RollCallSummary[]> {
  const result = await db.execute(sql`select rc.id, rc.kind, rc.drill, rc.status,
      to_char(rc.created_at at time zone l.time_zone, 'YYYY-MM-DD HH24:MI') as started_at,
      l.time_zone as zone, l.name as location_name,
      (select count(*) from roll_call_people p where p.roll_call_id = rc.id) as people,
      (select count(*) from roll_call_people p where p.roll_call_id = rc.id and p.status = 'safe') as safe
    from roll_calls rc join org_locations l on l.id = rc.location_id
    where rc.organization_id = ${scope.organizationId}
      and ${inLocations(scope, sql`rc.location_id`)}
      and ${inDays(scope, sql`rc.created_at`, sql`l.time_zone`)}
    order by rc.created_at desc, rc.id desc limit ${limit}`);
  return rowsOf(result).map((row) => ({
    id: text(row.id),
    kind: text(row.kind),
    drill: row.drill === true,
    status: row.status === "open" ? "open" : "ended",
    startedAt: text(row.started_at),
    zone: text(row.zone),
    locationName: text(row.location_name),
    people: Number(row.people),
    safe: Number(row.safe),
  }));
}

/** One roll call, only if it is the organisation's (ids from an address are never trusted). */
export async function findRollCall(db: Executor, organizationId: string, rollCallId: unknown) {
  if (typeof rollCallId !== "string" || !UUID.test(rollCallId)) return null;
  const [row] = await db
    .select({
      id: rollCalls.id,
      locationId: rollCalls.locationId,
      locationName: orgLocations.name,
      zone: orgLocations.timeZone,
      kind: rollCalls.kind,
      drill: rollCalls.drill,
      status: rollCalls.status,
      startedByName: rollCalls.startedByName,
      startedAt: rollCalls.createdAt,
      endedAt: rollCalls.endedAt,
      endedByName: rollCalls.endedByName,
      alertAfterMinutes: rollCalls.alertAfterMinutes,
      alertedAt: rollCalls.alertedAt,
    })
    .from(rollCalls)
    .innerJoin(orgLocations, eq(orgLocations.id, rollCalls.locationId))
    .where(and(eq(rollCalls.id, rollCallId), eq(rollCalls.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export type RollCallHeader = NonNullable<Awaited<ReturnType<typeof findRollCall>>>;

/** Everyone the roll call accounted for, safe ones in the order they were marked, then missing. */
export async function rollCallPeopleOf(db: Executor, rollCallId: string) {
  const rows = await db
    .select({
      profileId: rollCallPeople.profileId,
      personName: rollCallPeople.personName,
      groupName: rollCallPeople.groupName,
      status: rollCallPeople.status,
      markedAt: rollCallPeople.markedAt,
      markedByName: rollCallPeople.markedByName,
      method: rollCallPeople.method,
      alertId: rollCallPeople.alertId,
      alertedAt: alerts.createdAt,
    })
    .from(rollCallPeople)
    .leftJoin(alerts, eq(alerts.id, rollCallPeople.alertId))
    .where(eq(rollCallPeople.rollCallId, rollCallId))
    .orderBy(
      asc(rollCallPeople.markedAt),
      asc(rollCallPeople.personName),
      asc(rollCallPeople.profileId),
    );
  return {
    safe: rows.filter((row) => row.status === "safe"),
    missing: rows.filter((row) => row.status !== "safe"),
  };
}

/** The roll call's timeline in `seq` order, a page at a time. */
export async function rollCallEventsPage(
  db: Executor,
  rollCallId: string,
  after: { seq: number } | null,
  size: number,
) {
  return db
    .select({
      seq: rollCallEvents.seq,
      type: rollCallEvents.type,
      personName: rollCallEvents.personName,
      actorName: rollCallEvents.actorName,
      method: rollCallEvents.method,
      createdAt: rollCallEvents.createdAt,
    })
    .from(rollCallEvents)
    .where(
      and(
        eq(rollCallEvents.rollCallId, rollCallId),
        after ? sql`${rollCallEvents.seq} > ${after.seq}` : undefined,
      ),
    )
    .orderBy(asc(rollCallEvents.seq))
    .limit(size);
}

/** The locations of the organisation, by name, for the report's form. */
export async function reportLocations(db: Executor, organizationId: string, only: string[] | null) {
  return db
    .select({ id: orgLocations.id, name: orgLocations.name, timeZone: orgLocations.timeZone })
    .from(orgLocations)
    .where(
      and(
        eq(orgLocations.organizationId, organizationId),
        only ? (only.length ? inArray(orgLocations.id, only) : sql`false`) : undefined,
      ),
    )
    .orderBy(asc(orgLocations.name));
}

/** "YYYY-MM-DD HH:MM:SS" where `timeZone` is; "" for no time. */
export function localSecond(at: Date | null | undefined, timeZone: string): string {
  if (!at) return "";
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
