import type { Route } from "./+types/live";
import { liveActionResponse, liveStatusResponse } from "./live.server.ts";

/**
 * `/live/{alertId}`: the sharing phone's endpoint (decision 150). GET says whether the alert's
 * plan allows live sharing and how the share stands; POST starts or stops it, or sends one
 * position. Authorised by the alert's viewer token (a card alert) or the owner's session (SOS).
 */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  liveStatusResponse(params.alertId, request, context);

export const action = ({ params, request, context }: Route.ActionArgs) =>
  liveActionResponse(params.alertId, request, context);
