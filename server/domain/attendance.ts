import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ScanDirection } from "#core/reader.ts";
import type { Executor } from "#server/db/client.ts";
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

export type ScanResult =
  | {
      ok: true;
      scan: {
        id: string;
        tagId: string;
        direction: ScanDirection;
        personName: string;
        createdAt: Date;
      };
    }
  | { ok: false; reason: "invalid" | "inactive" | "not_in_organization" };

/** Where a reader works for an organisation: the scan is recorded there (decision 138). */
export interface ScanPlace {
  organizationId: string;
  locationId: string | null;
}

/**
 * Checks a person in or out with their tag. Unknown tags are 'Invalid tag';
 * tags that are unlinked, lost or not active are 'Inactive tag'. The person's
 * name is copied onto the record, so it stays true if the tag changes hands.
 * A reader working for an organisation (`place`) checks in that organisation's
 * people only; the scan records the organisation and location.
 */
export async function recordScan(
  db: Executor,
  input: {
    readerUserId: string;
    tagId: string;
    direction: ScanDirection;
    place?: ScanPlace | null;
  },
): Promise<ScanResult> {
  const [tag] = await db
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
  const personName = tag.fullName?.trim() || tag.accountName?.trim() || tag.id;
  const [row] = await db
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
  return {
    ok: true,
    scan: {
      id: row!.id,
      tagId: row!.tagId,
      direction: row!.direction as ScanDirection,
      personName: row!.personName,
      createdAt: row!.createdAt,
    },
  };
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
