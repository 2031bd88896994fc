import type { AppLoadContext } from "react-router";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isLiveDuration } from "#core/live-location.ts";
import {
  LIVE_REFUSAL_STATUS,
  type LiveAsker,
  liveShareStatus,
  recordLivePosition,
  startLiveShare,
  stopLiveShare,
} from "#server/domain/live-location.ts";
import { addressKey } from "#server/security/address-key.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/** The viewer token when the request carries one (the card's phone), else the signed-in owner. */
async function askerOf(
  request: Request,
  context: AppLoadContext,
  token: FormDataEntryValue | null,
): Promise<LiveAsker | null> {
  if (typeof token === "string" && token !== "") return { viewerToken: token };
  const user = await getSessionUser(request, context);
  return user ? { userId: user.id } : null;
}

const refused = (reason: keyof typeof LIVE_REFUSAL_STATUS) =>
  Response.json({ ok: false, reason }, { status: LIVE_REFUSAL_STATUS[reason], headers: NO_STORE });

/** GET /live/{alertId}: whether the plan allows live sharing and the share's state. */
export async function liveStatusResponse(
  alertId: string,
  request: Request,
  context: AppLoadContext,
): Promise<Response> {
  const token = new URL(request.url).searchParams.get("token");
  const asker = await askerOf(request, context, token);
  if (!asker) return refused("not_found");
  const answer = await liveShareStatus(
    context.services,
    alertId,
    asker,
    addressKey(context.clientAddress),
  );
  return answer.ok ? Response.json(answer, { headers: NO_STORE }) : refused(answer.reason);
}

/** POST /live/{alertId}: start, stop, or one position (a small form; decision 150). */
export async function liveActionResponse(
  alertId: string,
  request: Request,
  context: AppLoadContext,
): Promise<Response> {
  if (request.method !== "POST") return refused("invalid");
  const form = await request.formData().catch(() => null);
  if (!form) return refused("invalid");
  const asker = await askerOf(request, context, form.get("token"));
  if (!asker) return refused("not_found");
  const { services } = context;
  const address = addressKey(context.clientAddress);
  const intent = form.get("intent");
  if (intent === "position") {
    const answer = await recordLivePosition(services, {
      alertId,
      asker,
      address,
      latitude: form.get("latitude"),
      longitude: form.get("longitude"),
      accuracy: form.get("accuracy"),
      recordedAt: form.get("recordedAt"),
    });
    return answer.ok ? Response.json(answer, { headers: NO_STORE }) : refused(answer.reason);
  }
  if (intent === "start") {
    const duration = form.get("duration");
    const answer = await startLiveShare(services, {
      alertId,
      asker,
      address,
      duration: isLiveDuration(duration) ? duration : null,
    });
    return answer.ok ? Response.json(answer, { headers: NO_STORE }) : refused(answer.reason);
  }
  if (intent === "stop") {
    const answer = await stopLiveShare(services, { alertId, asker, address });
    return answer.ok ? Response.json(answer, { headers: NO_STORE }) : refused(answer.reason);
  }
  return refused("invalid");
}
