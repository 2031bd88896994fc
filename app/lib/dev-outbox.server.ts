import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { listDevOutbox } from "#server/delivery/dev-outbox.ts";

/**
 * The dev outbox exists in a demo only (DEMO_MODE, on by default outside production);
 * server/http/app.ts also keeps it to this machine.
 */
export async function loadDevOutbox(context: AppLoadContext) {
  if (!context.services.config.demoMode) throw data(null, { status: 404, statusText: "Not Found" });
  const messages = await listDevOutbox(context.services.db);
  return messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
