import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isScanDirection, RECENT_SCANS, type ScanDirection, tagIdFromScan } from "#core/reader.ts";
import {
  ATTENDANCE_EXPORT_LIMIT,
  type AttendanceFilter,
  attendanceCsv,
  listAttendance,
  READER_RULES,
  readerRoleOf,
  recentScansBy,
  recordScan,
} from "#server/domain/attendance.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { consumeAll } from "#server/security/rate-limit.ts";

export const READER_PATH = "/reader";

/**
 * The signed-in admin or moderator. Signed out goes to sign-in and back;
 * anyone else (or a role check that fails) goes to /dashboard with 'Access
 * Denied'. Loaders and actions both call it, so every scan re-checks the role.
 */
export async function requireReader(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, `/auth?mode=signin&redirect=${READER_PATH}`);
  const { db, logger, config } = context.services;
  const role = await readerRoleOf(db, user.id).catch((error: unknown) => {
    logger.error({ err: error, userId: user.id }, "reader role check failed; denying");
    return null;
  });
  if (!role) {
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
  return { user, role };
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
 * What /reader shows the signed-in reader: their recent scans and, for admins,
 * everyone's attendance in the address's date range.
 */
export async function readerPage(request: Request, context: AppLoadContext) {
  const { user, role } = await requireReader(request, context);
  const { db } = context.services;
  const recent = await recentScansBy(db, user.id, RECENT_SCANS);
  let attendance = null;
  if (role === "admin") {
    const parsed = parseAttendanceFilter(new URL(request.url));
    const rows = parsed.ok ? await listAttendance(db, parsed.filter, ATTENDANCE_PAGE) : [];
    const url = new URL(request.url);
    attendance = {
      from: parsed.ok ? parsed.from : (url.searchParams.get("from") ?? "").slice(0, 10),
      to: parsed.ok ? parsed.to : (url.searchParams.get("to") ?? "").slice(0, 10),
      invalid: !parsed.ok,
      limit: ATTENDANCE_PAGE,
      rows: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        direction: row.direction,
        tagId: row.tagId,
        personName: row.personName,
        readerName: row.readerName,
        readerContact: row.readerContact,
      })),
    };
  }
  return {
    role,
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
  const { user } = await requireReader(request, context);
  const { services, clientAddress } = context;
  const form = await request.formData();
  const rawDirection = form.get("direction");
  const direction: ScanDirection = isScanDirection(rawDirection) ? rawDirection : "in";
  const reply = (notice: NoticeData, status: number, scan?: ScanReply["scan"]) =>
    data<ScanReply>({ notice, direction, scan }, { status });
  const error = (description: string, status = 400, values?: NoticeData["values"]) =>
    reply({ tone: "error", title: "reader:notices.error", description, values }, status);

  if (!isScanDirection(rawDirection)) return error("reader:notices.directionRequired");
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

  const rejected = async (reason: "invalid" | "inactive", tagId: string) => {
    await recordAudit(services.db, services.logger, {
      type: "reader_scan_rejected",
      userId: user.id,
      success: false,
      clientAddress,
      metadata: { tag_id: tagId, direction, reason },
    });
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
    result = await recordScan(services.db, { readerUserId: user.id, tagId, direction });
  } catch (failure) {
    services.logger.error({ err: failure, tagId }, "reader scan could not be saved");
    return error("reader:notices.saveFailed", 500);
  }
  if (!result.ok) return rejected(result.reason, tagId);
  const { scan } = result;
  return reply(
    {
      tone: "success",
      title: direction === "in" ? "reader:notices.checkedIn" : "reader:notices.checkedOut",
      description: "reader:notices.person",
      values: { name: scan.personName, tagId: scan.tagId },
    },
    200,
    { id: scan.id, tagId: scan.tagId, personName: scan.personName },
  );
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
 * The attendance list as CSV (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, UTC days), for
 * admins only: moderators scan, admins read everyone's records. Every export
 * is audited.
 */
export async function attendanceExport(request: Request, context: AppLoadContext) {
  const { services, clientAddress } = context;
  const user = await getSessionUser(request, context);
  if (!user) return text("Sign in required", 401);
  const role = await readerRoleOf(services.db, user.id).catch(() => null);
  if (role !== "admin") {
    await recordAudit(services.db, services.logger, {
      type: "attendance_exported",
      userId: user.id,
      success: false,
      clientAddress,
      metadata: { reason: "forbidden" },
    });
    return text("Forbidden", 403);
  }
  const parsed = parseAttendanceFilter(new URL(request.url));
  if (!parsed.ok) return text("Invalid date range: use from and to as YYYY-MM-DD", 400);
  const limit = await services.limiter.consume(READER_RULES.exportReader, user.id);
  if (!limit.allowed) {
    return text("Too many exports; try again later", 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const rows = await listAttendance(services.db, parsed.filter, ATTENDANCE_EXPORT_LIMIT);
  await recordAudit(services.db, services.logger, {
    type: "attendance_exported",
    userId: user.id,
    clientAddress,
    metadata: { from: parsed.from, to: parsed.to, rows: rows.length },
  });
  const name = `safetap-attendance${parsed.from ? `-from-${parsed.from}` : ""}${parsed.to ? `-to-${parsed.to}` : ""}.csv`;
  // The byte order mark lets spreadsheet programs read accented names as UTF-8.
  return new Response(`\uFEFF${attendanceCsv(rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
