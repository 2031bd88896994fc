import type { Route } from "./+types/tags-import-rejected";
import { rejectedTagRows } from "./tags-import.server.ts";

/** The rows of a tag CSV that cannot be assigned, with what is wrong, to fix and upload again. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  rejectedTagRows(request, context, params.slug, params.importId);
