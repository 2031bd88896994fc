import type { Route } from "./+types/history-pdf";
import { historyPdfExport } from "./history.server.ts";

/** The alert history as a PDF, with the page's filters (`person`, `source`, `from`, `to`). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  historyPdfExport(request, context);
