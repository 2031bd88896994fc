import { getSessionUser } from "#app/lib/session.server.ts";
import { batchCsv, batchQrZip } from "#server/domain/admin.ts";
import { hasRole } from "#server/domain/users.ts";
import type { Route } from "./+types/batch-file";

/** A batch's QR codes (qr.zip) or tag list without tokens (tags.csv), for admins. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return new Response("Sign in required", { status: 401 });
  if (!(await hasRole(context.services.db, user.id, "admin").catch(() => false))) {
    return new Response("Forbidden", { status: 403 });
  }
  const batchId = params.batchId;
  if (!/^[0-9a-f-]{36}$/.test(batchId)) return new Response("Not found", { status: 404 });
  const name = `safetap-batch-${batchId.slice(0, 8)}`;
  if (params.file === "qr.zip") {
    const zip = await batchQrZip(context.services, batchId);
    if (!zip) return new Response("Not found", { status: 404 });
    return new Response(new Uint8Array(zip), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${name}-qr.zip"`,
      },
    });
  }
  if (params.file === "tags.csv") {
    const csv = await batchCsv(context.services, batchId);
    if (!csv) return new Response("Not found", { status: 404 });
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
      },
    });
  }
  return new Response("Not found", { status: 404 });
}
