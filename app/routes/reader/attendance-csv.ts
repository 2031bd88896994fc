import type { Route } from "./+types/attendance-csv";
import { attendanceExport } from "./reader.server.ts";

/** The attendance list as CSV (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, UTC days), for admins only. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  attendanceExport(request, context);
