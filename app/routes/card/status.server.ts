import type { AppLoadContext } from "react-router";
import { normaliseTagId } from "#core/tag-ids.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import { alertStatus, loadPublicCard } from "#server/domain/public-card.ts";
import type { Services } from "#server/services.ts";

/**
 * Whether `token` lets its holder read alert `alertId`'s status: the viewer token (the browser
 * that raised it) or a follower's (a phone the tag's limit refused, shown that alert instead).
 */
export function holdsStatusToken(services: Services, alertId: string, token: string): boolean {
  return (
    /^[0-9a-f-]{36}$/.test(alertId) &&
    alertTokens(services.config.dataEncryptionKey).checkStatusToken(alertId, token)
  );
}

/**
 * The status of an alert for the browser that raised it (the viewer token
 * proves that) or one shown it instead of a refused press (a follower token): per contact sent / delivered / failed and who is on the way.
 */
export async function alertStatusResponse(
  rawTagId: string,
  request: Request,
  { services }: AppLoadContext,
): Promise<Response> {
  const url = new URL(request.url);
  const alertId = url.searchParams.get("alert") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const tagId = normaliseTagId(rawTagId);
  if (!tagId || !holdsStatusToken(services, alertId, token)) {
    return Response.json({ error: "Not found" }, { status: 404 });
  }
  const card = await loadPublicCard(services, tagId);
  const showNames = card.state === "active" && card.contacts.length > 0;
  const status = await alertStatus(services, alertId, showNames);
  if (!status) return Response.json({ error: "Not found" }, { status: 404 });
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
}
