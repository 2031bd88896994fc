import { getSessionUser } from "#app/lib/session.server.ts";
import { salesEnquiriesCsv } from "#server/domain/sales-enquiries.ts";
import { hasRole } from "#server/domain/users.ts";
import type { Route } from "./+types/enquiries-csv";

/** Every sales enquiry as CSV, for admins only (401 signed out, 403 for anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return new Response("Sign in required", { status: 401 });
  if (!(await hasRole(context.services.db, user.id, "admin").catch(() => false))) {
    return new Response("Forbidden", { status: 403 });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await salesEnquiriesCsv(context.services), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="safetap-sales-enquiries-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
