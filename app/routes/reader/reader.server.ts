import { type AppLoadContext, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "#app/lib/guards.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { type AttendanceFilter, readerRoleOf } from "#server/domain/attendance.ts";
import { recordAudit } from "#server/domain/audit.ts";

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
