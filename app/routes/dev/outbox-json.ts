import { loadDevOutbox } from "#app/lib/dev-outbox.server.ts";
import type { Route } from "./+types/outbox-json";

/** Newest first: id, channel, to, subject, body, createdAt. Tests read codes from here. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await loadDevOutbox(context), {
    headers: { "Cache-Control": "no-store" },
  });
}
