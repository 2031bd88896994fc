import { type AppLoadContext, data } from "react-router";
import { getSessionUser } from "#app/lib/session.server.ts";
import {
  claimQaTag,
  finishQaTagFlow,
  mayRunTagFlow,
  startQaTagFlow,
} from "#server/domain/qa-tag-flow.ts";

const STATUS = {
  forbidden: 403,
  rate_limited: 429,
  invalid_handle: 400,
  claim_failed: 409,
} as const;

/**
 * One step of the /qa tag-flow check (decision 043): `start` makes a throwaway
 * owner and unclaimed tag, `claim` claims it, `finish` deletes both. Outside
 * production for anyone, in production for admins only. Answered as JSON.
 */
export async function runTagFlowStep(request: Request, context: AppLoadContext) {
  const { services, clientAddress } = context;
  const user = await getSessionUser(request, context);
  if (!(await mayRunTagFlow(services, user?.id ?? null))) {
    return data({ ok: false, reason: "forbidden" }, { status: 403 });
  }
  const form = await request.formData();
  const intent = form.get("intent");
  const handle = form.get("handle");
  const result =
    intent === "start"
      ? await startQaTagFlow(services, clientAddress)
      : intent === "claim"
        ? await claimQaTag(services, handle, clientAddress)
        : intent === "finish"
          ? await finishQaTagFlow(services, handle)
          : ({ ok: false, reason: "invalid_handle" } as const);
  return data(result, {
    status: result.ok ? 200 : STATUS[result.reason],
    headers: { "Cache-Control": "no-store" },
  });
}
