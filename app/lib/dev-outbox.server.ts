import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { listDevOutbox } from "../../server/delivery/dev-outbox.ts";

/** The dev outbox exists outside production only; in production it is a 404. */
export async function loadDevOutbox(context: AppLoadContext) {
  if (context.services.config.isProduction) throw data(null, { status: 404 });
  const messages = await listDevOutbox(context.services.db);
  return messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
