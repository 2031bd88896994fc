import { normaliseTagId } from "#core/tag-ids.ts";
import type { Route } from "./+types/alert";
import { raiseCardAlert } from "./alert.server.ts";

/**
 * POST /t/{id}/alert: the card's alert as JSON, for the card's script and for
 * alerts the service worker sends from the device's queue (docs/decisions/051).
 * The same checks as the card's own form: bots, idempotency key, limits.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId || request.method !== "POST") {
    return Response.json({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  }
  const answer = await raiseCardAlert(
    context.services,
    tagId,
    form,
    request,
    context.clientAddress,
  );
  return Response.json(answer.result, {
    status: answer.status,
    headers: { "Cache-Control": "no-store", ...answer.headers },
  });
}
