import type { Route } from "./+types/reports-file";
import { reportFile } from "./reports.server.ts";

/** The attendance and alerts reports as CSV and PDF, for the range and location asked. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  reportFile(request, context, params.slug, params.file);
