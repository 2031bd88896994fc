import type { Route } from "./+types/roll-call-events";
import { rollCallEvents } from "./roll-call-events.server.ts";

/** The live feed of one roll call (Server-Sent Events), for every staff phone on its page. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  rollCallEvents(request, context, params.slug, params.rollCallId);
