import type { Route } from "./+types/status";
import { alertStatusResponse } from "./status.server.ts";

/** `/t/{id}/status`: the card's script follows its alert here (JSON). */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  alertStatusResponse(params.tagId, request, context);
