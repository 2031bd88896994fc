import type { Route } from "./+types/roll-call-report";
import { rollCallReport } from "./reports.server.ts";

/** One roll call's report (`report.csv` or `report.pdf`): timeline, who was safe, who was missing. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  rollCallReport(request, context, params);
