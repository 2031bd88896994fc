import type { Route } from "./+types/log-export";
import { exportAuditLog } from "./log-export.server.ts";

/** The organisation's log as JSON lines anyone can check (decision 146). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  exportAuditLog(request, context, params.slug);
