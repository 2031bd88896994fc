import type { Route } from "./+types/ack-live";
import { liveFeedResponse } from "./ack.server.ts";

/** `/ack/{token}/live.json`: the live page's poll (decision 150); only a live link of the alert opens it. */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  liveFeedResponse(context.services, params.token, request, context.clientAddress);
