import type { Route } from "./+types/batch-file";
import { adminOrRefusal, batchFile } from "./admin.server.ts";

/** A batch's QR codes (qr.zip) or tag list without tokens (tags.csv), for admins. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const admin = await adminOrRefusal(request, context);
  if ("refusal" in admin) return admin.refusal;
  return (
    (await batchFile(context.services, params.batchId, params.file)) ??
    new Response("Not found", { status: 404 })
  );
}
