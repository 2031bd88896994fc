import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isScanDirection, RECENT_SCANS, type ScanDirection, tagIdFromScan } from "#core/reader.ts";
import {
  ATTENDANCE_EXPORT_LIMIT,
  type AttendanceFilter,
  attendanceCsv,
  listAttendance,
  READER_RULES,
  type ReaderRole,
  readerRoleOf,
  recentScansBy,
  recordScan,
} from "#server/domain/attendance.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { orgCan } from "#server/domain/organizations.ts";
import {
  type ReaderPlace,
  readerOrganizations,
  readerPlace,
} from "#server/domain/reader-places.ts";
import { consumeAll } from "#server/security/rate-limit.ts";

export const READER_PATH = "/reader";

/**
 * The signed-in reader: a SafeTap admin or moderator, or a member of an organisation whose role
 * may scan there (decision 138). Signed out goes to sign-in and back; anyone else (or a role
 * check that fails) goes to /dashboard with 'Access Denied'. Loaders and actions both call it,
 * so every scan re-checks the role.
 */
export async function requireReader(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, `/auth?mode=signin&redirect=${READER_PATH}`);
  const { db, logger, config } = context.services;
  const failed = (error: unknown) => {
    logger.error({ err: error, userId: user.id }, "reader role check failed; denying");
    return null;
  };
  const role: ReaderRole | null = await readerRoleOf(db, user.id).catch(failed);
  const organizations = (await readerOrganizations(db, user.id).catch(failed)) ?? [];
  if (!role && organizations.length === 0) {
    await recordAudit(db, logger, {
      type: "reader_access_denied",
      userId: user.id,
      success: false,
      clientAddress: context.clientAddress,
      metadata: { method: request.method },
    });
    throw redirect("/dashboard", {
      headers: { "Set-Cookie": noticeCookie("reader-access-denied", config.isProduction) },
    });
  }
  return { user, role, organizations };
}

/** Why a place cannot be used, as the reader is told. */
const PLACE_PROBLEMS = {
  organization_required: "reader:notices.organizationRequired",
  unknown_organization: "reader:notices.unknownOrganization",
  location_required: "reader:notices.locationRequired",
  unknown_location: "reader:notices.unknownLocation",
} as const;

type PlaceChoice =
  | { ok: true; place: Extract<ReaderPlace, { ok: true }> | null }
  | {
      ok: false;
      problem: keyof typeof PLACE_PROBLEMS;
      partial?: Extract<ReaderPlace, { ok: false }>;
    };

/**
 * Where this reader scans now: the organisation (`org`, a slug) and location (`location`) they
 * chose, or SafeTap itself when they chose none and hold SafeTap's reader role. A reader who
 * scans only for organisations and belongs to exactly one works for it without choosing.
 */
async function choosePlace(
  context: AppLoadContext,
  reader: Awaited<ReturnType<typeof requireReader>>,
  slug: unknown,
  location: unknown,
): Promise<PlaceChoice> {
  let wanted = typeof slug === "string" ? slug.trim() : "";
  if (!wanted && !reader.role && reader.organizations.length === 1) {
    wanted = reader.organizations[0]!.slug;
  }
  if (!wanted) {
    return reader.role
      ? { ok: true, place: null }
      : { ok: false, problem: "organization_required" };
  }
  const place = await readerPlace(context.services.db, reader.user.id, wanted, location);
  return place.ok ? { ok: true, place } : { ok: false, problem: place.reason, partial: place };
}

const day = z.iso.date();

/**
 * The attendance list's date range from the address (`from`, `to`: whole UTC
 * days, both included). Empty fields mean no bound; anything else that is not
 * a date, or a range that ends before it starts, is refused.
 */
export function parseAttendanceFilter(
  url: URL,
): { ok: true; filter: AttendanceFilter; from: string; to: string } | { ok: false } {
  const from = (url.searchParams.get("from") ?? "").trim();
  const to = (url.searchParams.get("to") ?? "").trim();
  if ((from && !day.safeParse(from).success) || (to && !day.safeParse(to).success)) {
    return { ok: false };
  }
  const filter: AttendanceFilter = {};
  if (from) filter.from = new Date(`${from}T00:00:00.000Z`);
  if (to) filter.to = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000);
  if (filter.from && filter.to && filter.from >= filter.to) return { ok: false };
  return { ok: true, filter, from, to };
}

/** Rows on the admins' attendance list; the CSV has them all. */
const ATTENDANCE_PAGE = 100;

/**
 * What /reader shows the signed-in reader: where they scan (the organisations and locations they
 * may pick), their recent scans there and, for those who may read reports there (SafeTap's admins
 * for SafeTap, an organisation's admins for it), the attendance in the address's date range.
 */
export async function readerPage(request: Request, context: AppLoadContext) {
  const reader = await requireReader(request, context);
  const { user, role } = reader;
  const { db } = context.services;
  const url = new URL(request.url);
  const choice = await choosePlace(
    context,
    reader,
    url.searchParams.get("org"),
    url.searchParams.get("location"),
  );
  const place = choice.ok ? choice.place : null;
  const placeContext = choice.ok ? choice.place?.context : choice.partial?.context;
  const organizations = [...reader.organizations];
  // A SafeTap admin may work for an organisation they are not a member of.
  if (placeContext && !organizations.some((o) => o.slug === placeContext.org.slug)) {
    organizations.push({ slug: placeContext.org.slug, name: placeContext.org.name });
  }
  const recent = await recentScansBy(db, user.id, RECENT_SCANS, placeContext?.org.id ?? null);

  const readsAttendance = place
    ? orgCan(place.context, { reports: ["read"] })
    : choice.ok && role === "admin";
  let attendance = null;
  if (readsAttendance) {
    const parsed = parseAttendanceFilter(url);
    const scope: AttendanceFilter = place
      ? {
          organizationId: place.context.org.id,
          locationIds: place.context.locationIds ?? undefined,
        }
      : {};
    const rows = parsed.ok
      ? await listAttendance(db, { ...parsed.filter, ...scope }, ATTENDANCE_PAGE)
      : [];
    attendance = {
      from: parsed.ok ? parsed.from : (url.searchParams.get("from") ?? "").slice(0, 10),
      to: parsed.ok ? parsed.to : (url.searchParams.get("to") ?? "").slice(0, 10),
      invalid: !parsed.ok,
      limit: ATTENDANCE_PAGE,
      organization: place ? place.context.org.slug : null,
      exportable: place ? orgCan(place.context, { reports: ["export"] }) : true,
      rows: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        direction: row.direction,
        tagId: row.tagId,
        personName: row.personName,
        readerName: row.readerName,
        readerContact: row.readerContact,
        locationName: row.locationName,
      })),
    };
  }
  return {
    role,
    place: {
      safetap: role !== null,
      organizations,
      organization: placeContext?.org.slug ?? null,
      organizationName: placeContext?.org.name ?? null,
      locations: (choice.ok ? choice.place?.locations : choice.partial?.locations) ?? [],
      location: place?.locationId ?? null,
      problem: choice.ok ? null : PLACE_PROBLEMS[choice.problem],
      /** Whether the reader chose (the address names an organisation): only then is it an error. */
      chosen: url.searchParams.has("org"),
    },
    recent: recent.map((scan) => ({ ...scan, createdAt: scan.createdAt.toISOString() })),
    attendance,
  };
}

export type ScanReply = {
  notice: NoticeData;
  direction: ScanDirection;
  scan?: { id: string; tagId: string; personName: string };
};

/** One check-in or check-out, from a typed id, a QR code or an NFC tag. */
export async function recordReaderScan(request: Request, context: AppLoadContext) {
  const reader = await requireReader(request, context);
  const { user } = reader;
  const { services, clientAddress } = context;
  const form = await request.formData();
  const rawDirection = form.get("direction");
  const direction: ScanDirection = isScanDirection(rawDirection) ? rawDirection : "in";
  const reply = (notice: NoticeData, status: number, scan?: ScanReply["scan"]) =>
    data<ScanReply>({ notice, direction, scan }, { status });
  const error = (description: string, status = 400, values?: NoticeData["values"]) =>
    reply({ tone: "error", title: "reader:notices.error", description, values }, status);

  if (!isScanDirection(rawDirection)) return error("reader:notices.directionRequired");
  const choice = await choosePlace(context, reader, form.get("org"), form.get("location"));
  if (!choice.ok) {
    return error(
      PLACE_PROBLEMS[choice.problem],
      choice.problem === "unknown_organization" ? 403 : 400,
    );
  }
  const place = choice.place;
  const raw = form.get("tag");
  if (typeof raw !== "string" || !raw.trim()) return error("reader:notices.tagRequired");

  const limit = await consumeAll(services.limiter, [
    [READER_RULES.scanReader, user.id],
    [READER_RULES.scanAddress, clientAddress],
  ]);
  if (!limit.allowed) {
    return reply(
      {
        tone: "error",
        title: "reader:notices.tooMany",
        description: "reader:notices.tooManyBody",
        values: { seconds: limit.retryAfterSeconds, count: limit.retryAfterSeconds },
      },
      429,
    );
  }

  const rejected = async (
    reason: "invalid" | "inactive" | "not_in_organization",
    tagId: string,
  ) => {
    await recordAudit(services.db, services.logger, {
      type: "reader_scan_rejected",
      userId: user.id,
      organizationId: place?.context.org.id ?? null,
      success: false,
      clientAddress,
      metadata: { tag_id: tagId, direction, reason, location_id: place?.locationId ?? null },
    });
    if (reason === "not_in_organization") {
      return reply(
        {
          tone: "error",
          title: "reader:notices.notInOrganization",
          description: "reader:notices.notInOrganizationBody",
          values: { organization: place?.context.org.name ?? "" },
        },
        422,
      );
    }
    return reason === "invalid"
      ? reply(
          {
            tone: "error",
            title: "reader:notices.invalidTag",
            description: "reader:notices.invalidTagBody",
          },
          404,
        )
      : reply(
          {
            tone: "error",
            title: "reader:notices.inactiveTag",
            description: "reader:notices.inactiveTagBody",
          },
          422,
        );
  };

  const tagId = tagIdFromScan(raw);
  if (!tagId) return rejected("invalid", raw.trim().slice(0, 100));
  let result: Awaited<ReturnType<typeof recordScan>>;
  try {
    result = await recordScan(services.db, services.cipher, {
      readerUserId: user.id,
      tagId,
      direction,
      place: place ? { organizationId: place.context.org.id, locationId: place.locationId } : null,
    });
  } catch (failure) {
    services.logger.error({ err: failure, tagId }, "reader scan could not be saved");
    return error("reader:notices.saveFailed", 500);
  }
  if (!result.ok) return rejected(result.reason, tagId);
  const { scan } = result;
  if (result.queued > 0) services.dispatcher?.nudge();
  const person = { id: scan.id, tagId: scan.tagId, personName: scan.personName };
  if (result.repeated) {
    // Not an error: the person was seen a moment ago and nobody is told twice (decision 142).
    return reply(
      {
        tone: "success",
        title:
          direction === "in"
            ? "reader:notices.alreadyCheckedIn"
            : "reader:notices.alreadyCheckedOut",
        description: "reader:notices.alreadyBody",
        values: {
          name: scan.personName,
          tagId: scan.tagId,
          time: clockTime(scan.createdAt, requestI18n(request).language, result.timeZone),
        },
      },
      200,
      person,
    );
  }
  return reply(
    {
      tone: "success",
      title: direction === "in" ? "reader:notices.checkedIn" : "reader:notices.checkedOut",
      description: "reader:notices.person",
      values: { name: scan.personName, tagId: scan.tagId },
    },
    200,
    person,
  );
}

/** "09:14" as the reader's language writes a time of day, at the place of the scan. */
function clockTime(at: Date, language: string, timeZone: string) {
  return new Intl.DateTimeFormat(language, { timeStyle: "short", timeZone }).format(at);
}

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });

/**
 * The attendance list as CSV (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, UTC days): every scan for
 * SafeTap's admins; one organisation's (`?org=SLUG`) for those who may export its reports, at the
 * locations they work at. Moderators and staff scan; they do not export. Every export is audited.
 */
export async function attendanceExport(request: Request, context: AppLoadContext) {
  const { services, clientAddress } = context;
  const user = await getSessionUser(request, context);
  if (!user) return text("Sign in required", 401);
  const url = new URL(request.url);
  const slug = url.searchParams.get("org");
  let scope: AttendanceFilter = {};
  let allowed: boolean;
  let organizationId: string | null = null;
  if (slug !== null) {
    const place = await readerPlace(services.db, user.id, slug, null).catch(() => null);
    const org = place?.context;
    allowed = Boolean(org && orgCan(org, { reports: ["export"] }));
    if (org && allowed) {
      organizationId = org.org.id;
      scope = { organizationId: org.org.id, locationIds: org.locationIds ?? undefined };
    }
  } else {
    allowed = (await readerRoleOf(services.db, user.id).catch(() => null)) === "admin";
  }
  if (!allowed) {
    await recordAudit(services.db, services.logger, {
      type: "attendance_exported",
      userId: user.id,
      success: false,
      clientAddress,
      metadata: { reason: "forbidden", organization: slug?.slice(0, 60) ?? null },
    });
    return text("Forbidden", 403);
  }
  const parsed = parseAttendanceFilter(url);
  if (!parsed.ok) return text("Invalid date range: use from and to as YYYY-MM-DD", 400);
  const limit = await services.limiter.consume(READER_RULES.exportReader, user.id);
  if (!limit.allowed) {
    return text("Too many exports; try again later", 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const rows = await listAttendance(
    services.db,
    { ...parsed.filter, ...scope },
    ATTENDANCE_EXPORT_LIMIT,
  );
  await recordAudit(services.db, services.logger, {
    type: "attendance_exported",
    userId: user.id,
    organizationId,
    clientAddress,
    metadata: { from: parsed.from, to: parsed.to, rows: rows.length },
  });
  const name = `safetap-attendance${organizationId ? `-${slug}` : ""}${parsed.from ? `-from-${parsed.from}` : ""}${parsed.to ? `-to-${parsed.to}` : ""}.csv`;
  // The byte order mark lets spreadsheet programs read accented names as UTF-8.
  return new Response(`\uFEFF${attendanceCsv(rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
