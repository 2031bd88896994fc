import { getSessionUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/tag-file";
import { ownTagQrFile } from "./tag-file.server.ts";

/** A downloadable QR code (SVG or PNG) of one of the owner's tags' card URL. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return new Response("Sign in required", { status: 401 });
  return (
    (await ownTagQrFile(context, user.id, params)) ?? new Response("Not found", { status: 404 })
  );
}
