import { getSessionUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/sos-alert";
import { raiseSos } from "./sos.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /sos/alert: an SOS as JSON, for the SOS page's script and for SOS the
 * service worker sends from the device's queue (docs/decisions/151). The same
 * checks as the page's own form; signed out is refused, not redirected, so a
 * queued SOS is never taken for sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user)
    return Response.json({ ok: false, reason: "refused" }, { status: 401, headers: NO_STORE });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ ok: false, reason: "invalid" }, { status: 400, headers: NO_STORE });
  }
  const { answer, status, headers } = await raiseSos(context, user.id, form);
  return Response.json(answer, { status, headers: { ...NO_STORE, ...headers } });
}
