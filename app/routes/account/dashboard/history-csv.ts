import type { Route } from "./+types/history-csv";
import { historyCsv } from "./history.server.ts";

/** The alert history as CSV, with the page's filters (`person`, `source`, `from`, `to`). */
export const loader = ({ request, context }: Route.LoaderArgs) => historyCsv(request, context);
