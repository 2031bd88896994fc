import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DUPLICATE_SCAN_MINUTES } from "#core/attendance-rules.ts";
import type { ScanDirection } from "#core/reader.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Database, Executor } from "#server/db/client.ts";
import {
  attendanceScans,
  organization,
  orgLocations,
  profiles,
  tags,
  user,
  userRoles,
} from "#server/db/schema.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import { queueAttendanceNotices, scanPlace } from "./attendance-notices.ts";
import { recordAuditsWithChange } from "./audit.ts";
import { toCsv } from "./csv.ts";

/** The roles that may use reader mode, strongest first. */
export type ReaderRole = "admin" | "moderator";

/**
 * The reader-mode role of a user: admin, moderator, or null. Callers treat a
 * failing check as null (spec: the role check returns false on failure).
 */
export async function readerRoleOf(db: Executor, userId: string): Promise<ReaderRole | null> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), sql`${userRoles.role} in ('admin', 'moderator')`));
  const roles = new Set(rows.map((r) => r.role));
  if (roles.has("admin")) return "admin";
  if (roles.has("moderator")) return "moderator";
  return null;
}

/**
 * A door with a queue sees at most about one person every two seconds, so a
 * reader account is allowed one scan a second on average; several readers may
 * share one venue address.
 */
export const READER_RULES = {
  scanReader: { name: "reader-scan:user", points: 60, windowSeconds: 60 },
  scanAddress: { name: "reader-scan:address", points: 240, windowSeconds: 60 },
  exportReader: { name: "attendance-export:user", points: 30, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

/** The most rows one CSV export holds; a longer history is exported by date range. */
export const ATTENDANCE_EXPORT_LIMIT = 100_000;

export interface RecordedScan {
  id: string;
  tagId: string;
  direction: ScanDirection;
  personName: string;
  createdAt: Date;
}

export type ScanResult =
  | {
      ok: true;
      /** The scan, or the earlier one it repeats (`repeated`). */
      scan: RecordedScan;
      /**
       * A scan of the same tag in the same direction within 2 minutes of the last one: not
       * recorded again, and nobody is told (decision 142).
       */
      repeated: boolean;
      /** Notices waiting to be sent (nudge the dispatcher after this returns). */
      queued: number;
      /** The location's time zone (UTC when none), to show the reader its times. */
      timeZone: string;
    }
  | { ok: false; reason: "invalid" | "inactive" | "not_in_organization" };

/** Where a reader works for an organisation: the scan is recorded there (decision 138). */
export interface ScanPlace {
  organizationId: string;
  locationId: string | null;
}

const asRecorded = (row: typeof attendanceScans.$inferSelect): RecordedScan => ({
  id: row.id,
  tagId: row.tagId,
  direction: row.direction as ScanDirection,
  personName: row.personName,
  createdAt: row.createdAt,
});

/**
 * Checks a person in or out with their tag. Unknown tags are 'Invalid tag';
 * tags that are unlinked, lost or not active are 'Inactive tag'. The person's
 * name is copied onto the record, so it stays true if the tag changes hands.
 * A reader working for an organisation (`place`) checks in that organisation's
 * people only; the scan records the organisation and location, writes its line in the
 * organisation's log and queues the messages its location's rules call for, all in one
 * transaction. A repeat within 2 minutes (same tag, same direction) records nothing; scans of one
 * tag take turns (an advisory lock), so two staff phones scanning at once record it once.
 */
export async function recordScan(
  db: Database,
  cipher: FieldCipher,
  input: {
    readerUserId: string;
    tagId: string;
    direction: ScanDirection;
    place?: ScanPlace | null;
  },
): Promise<ScanResult> {
  return db.transaction(async (tx): Promise<ScanResult> => {
    const [tag] = await tx
      .select({
        id: tags.id,
        userId: tags.userId,
        status: tags.status,
        isActive: tags.isActive,
        isLost: tags.isLost,
        profileId: tags.profileId,
        personOrganizationId: profiles.organizationId,
        fullName: profiles.fullName,
        accountName: user.name,
      })
      .from(tags)
      .leftJoin(user, eq(user.id, tags.userId))
      .leftJoin(profiles, eq(profiles.id, tags.profileId))
      .where(eq(tags.id, input.tagId))
      .limit(1);
    if (!tag) return { ok: false, reason: "invalid" };
    if (!tag.userId || !tag.isActive || tag.isLost || tag.status !== "active") {
      return { ok: false, reason: "inactive" };
    }
    const place = input.place ?? null;
    if (place && tag.personOrganizationId !== place.organizationId) {
      return { ok: false, reason: "not_in_organization" };
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`attendance-scan:${tag.id}`}, 0))`,
    );
    const where = place ? await scanPlace(tx, place.organizationId, place.locationId) : null;
    const timeZone = where?.timeZone ?? "UTC";
    const [found] = await tx
      .select({
        row: attendanceScans,
        // The database's clock wrote the time, so the database's clock measures it.
        recent: sql<boolean>`${attendanceScans.createdAt} > now() - make_interval(mins => ${DUPLICATE_SCAN_MINUTES})`,
      })
      .from(attendanceScans)
      .where(eq(attendanceScans.tagId, tag.id))
      .orderBy(desc(attendanceScans.createdAt))
      .limit(1);
    const last = found?.row;
    const repeated = Boolean(last && last.direction === input.direction && found?.recent);
    /** Every organisation reader scan is a line in its log (hospitals' handover), repeats too. */
    const logScan = async (scan: RecordedScan) => {
      if (!place) return;
      await recordAuditsWithChange(tx, [
        {
          type: "attendance_scanned",
          userId: input.readerUserId,
          profileId: tag.profileId,
          organizationId: place.organizationId,
          metadata: {
            direction: input.direction,
            location: where?.name ?? null,
            location_id: place.locationId,
            tag_id: tag.id,
            ...(repeated ? { repeat_of: scan.id } : {}),
          },
        },
      ]);
    };
    if (last && repeated) {
      await logScan(asRecorded(last));
      return { ok: true, scan: asRecorded(last), repeated: true, queued: 0, timeZone };
    }
    const personName = tag.fullName?.trim() || tag.accountName?.trim() || tag.id;
    const [row] = await tx
      .insert(attendanceScans)
      .values({
        tagId: tag.id,
        direction: input.direction,
        readerUserId: input.readerUserId,
        personUserId: tag.userId,
        personName,
        profileId: tag.profileId,
        organizationId: place?.organizationId ?? null,
        locationId: place?.locationId ?? null,
      })
      .returning();
    const scan = asRecorded(row!);
    // Notices before the log line: the plan's lock before the log's, the order alerts take them.
    const queued =
      place && where
        ? await queueAttendanceNotices(tx, cipher, where, {
            at: scan.createdAt,
            direction: scan.direction,
            profileId: tag.profileId,
            personName,
            organizationId: place.organizationId,
            locationId: place.locationId,
            readerUserId: input.readerUserId,
          })
        : 0;
    await logScan(scan);
    return { ok: true, scan, repeated: false, queued, timeZone };
  });
}

/**
 * The scans one reader made, newest first (the reader's Recent Scans): for one organisation
 * when they are working for it.
 */
export async function recentScansBy(
  db: Executor,
  readerUserId: string,
  limit: number,
  organizationId: string | null = null,
) {
  const rows = await db
    .select({
      id: attendanceScans.id,
      tagId: attendanceScans.tagId,
      direction: attendanceScans.direction,
      personName: attendanceScans.personName,
      createdAt: attendanceScans.createdAt,
    })
    .from(attendanceScans)
    .where(
      and(
        eq(attendanceScans.readerUserId, readerUserId),
        organizationId ? eq(attendanceScans.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(desc(attendanceScans.createdAt), desc(attendanceScans.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, direction: r.direction as ScanDirection }));
}

export interface AttendanceFilter {
  /** Inclusive start (UTC). */
  from?: Date;
  /** Exclusive end (UTC). */
  to?: Date;
  /** One organisation's scans only (its admins' list and export). */
  organizationId?: string;
  /** Only these of its locations (an admin who works at some locations only). */
  locationIds?: string[];
}

/** Phone accounts carry a placeholder address (server/auth/flows.ts); show the number instead. */
function contactOf(email: string | null, phone: string | null): string {
  if (!email) return "";
  return email.endsWith("@phone.safetap.invalid") && phone ? phone : email;
}

/**
 * Every reader's scans, newest first, with who scanned and where: the admins' attendance list and
 * CSV (SafeTap's admins: all of them; an organisation's: its own).
 */
export async function listAttendance(db: Executor, filter: AttendanceFilter, limit: number) {
  const reader = alias(user, "reader");
  const conditions = [
    filter.from ? gte(attendanceScans.createdAt, filter.from) : undefined,
    filter.to ? lt(attendanceScans.createdAt, filter.to) : undefined,
    filter.organizationId ? eq(attendanceScans.organizationId, filter.organizationId) : undefined,
    filter.locationIds ? inArray(attendanceScans.locationId, filter.locationIds) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      id: attendanceScans.id,
      createdAt: attendanceScans.createdAt,
      direction: attendanceScans.direction,
      tagId: attendanceScans.tagId,
      personName: attendanceScans.personName,
      personUserId: attendanceScans.personUserId,
      readerName: reader.name,
      readerEmail: reader.email,
      readerPhone: reader.phoneNumber,
      organizationName: organization.name,
      locationName: orgLocations.name,
    })
    .from(attendanceScans)
    .leftJoin(reader, eq(reader.id, attendanceScans.readerUserId))
    .leftJoin(organization, eq(organization.id, attendanceScans.organizationId))
    .leftJoin(orgLocations, eq(orgLocations.id, attendanceScans.locationId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(attendanceScans.createdAt), desc(attendanceScans.id))
    .limit(limit);
  return rows.map(({ readerEmail, readerPhone, ...r }) => ({
    ...r,
    direction: r.direction as ScanDirection,
    readerName: r.readerName ?? "",
    readerContact: contactOf(readerEmail, readerPhone),
    organizationName: r.organizationName ?? "",
    locationName: r.locationName ?? "",
  }));
}

export type AttendanceRow = Awaited<ReturnType<typeof listAttendance>>[number];

export const ATTENDANCE_CSV_HEADER = [
  "scanned_at_utc",
  "direction",
  "tag_id",
  "person_name",
  "reader_name",
  "reader_contact",
  "organization",
  "location",
] as const;

export function attendanceCsv(rows: AttendanceRow[]): string {
  return toCsv(
    ATTENDANCE_CSV_HEADER,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.direction,
      row.tagId,
      row.personName,
      row.readerName,
      row.readerContact,
      row.organizationName,
      row.locationName,
    ]),
  );
}
