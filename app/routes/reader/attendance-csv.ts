import { getSessionUser } from "#app/lib/session.server.ts";
import {
  ATTENDANCE_EXPORT_LIMIT,
  attendanceCsv,
  listAttendance,
  READER_RULES,
  readerRoleOf,
} from "#server/domain/attendance.ts";
import { recordAudit } from "#server/domain/audit.ts";
import type { Route } from "./+types/attendance-csv";
import { parseAttendanceFilter } from "./reader.server.ts";

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
export async function loader({ request, context }: Route.LoaderArgs) {
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
