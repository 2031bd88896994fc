import type { Route } from "./+types/members-import-rejected";
import { rejectedDownload } from "./members-import.server.ts";

/** An import's rejected rows as CSV, each with what is wrong and the rule (decision 136). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  rejectedDownload(request, context, params);
