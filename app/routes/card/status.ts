import { alertTokens } from "#server/alerts/tokens.ts";
import { alertStatus, loadPublicCard, normaliseTagId } from "#server/domain/public-card.ts";
import type { Route } from "./+types/status";

/**
 * The status of an alert for the browser that raised it (the viewer token
 * proves that): per contact sent / delivered / failed and who is on the way.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const alertId = url.searchParams.get("alert") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const tagId = normaliseTagId(params.tagId);
  const valid =
    tagId &&
    /^[0-9a-f-]{36}$/.test(alertId) &&
    alertTokens(services.config.dataEncryptionKey).checkViewerToken(alertId, token);
  if (!valid) return Response.json({ error: "Not found" }, { status: 404 });
  const card = await loadPublicCard(services, tagId);
  const showNames = card.state === "active" && card.contacts.length > 0;
  const status = await alertStatus(services, alertId, showNames);
  if (!status) return Response.json({ error: "Not found" }, { status: 404 });
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
}
