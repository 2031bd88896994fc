import { type AppLoadContext, data } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import {
  markSafe,
  ROLL_CALL_RULES,
  rollCallSafeTokens,
  selfMarkTarget,
} from "#server/domain/roll-calls.ts";
import { consumeAll } from "#server/security/rate-limit.ts";

type SafeState = "ready" | "done" | "already" | "ended" | "invalid" | "limited";

/** What the page shows for a state. */
function view(
  request: Request,
  state: SafeState,
  target: { personName: string; place: string; drill: boolean } | null,
  minutes = 0,
) {
  const { t } = requestI18n(request);
  return {
    seo: { title: t("roll-call:safe.title"), description: "" },
    state,
    name: target?.personName ?? "",
    place: target?.place ?? "",
    drill: target?.drill ?? false,
    minutes,
  };
}

async function limited(context: AppLoadContext) {
  return consumeAll(context.services.limiter, [
    [ROLL_CALL_RULES.selfAddress, context.clientAddress],
  ]);
}

async function targetOf(context: AppLoadContext, token: string | undefined) {
  const parsed = rollCallSafeTokens(context.services.config.dataEncryptionKey).parse(token ?? "");
  if (!parsed) return null;
  const target = await selfMarkTarget(context.services.db, parsed.rollCallId, parsed.profileId);
  return target ? { ...parsed, ...target } : null;
}

/**
 * /roll-call/safe/{token}: a listed person's own link from their roll call message (decision
 * 143). No sign-in: the token (an HMAC over the roll call and the person) is the permission; it
 * works only for its person and roll call, and only while the roll call is open.
 */
export async function safePage(request: Request, context: AppLoadContext, token?: string) {
  const target = await targetOf(context, token);
  if (!target) {
    // A wrong token is counted (guessing); the right one is not, so reopening it never locks out.
    const decision = await limited(context);
    const minutes = decision.allowed ? 0 : Math.ceil(decision.retryAfterSeconds / 60);
    return data(view(request, decision.allowed ? "invalid" : "limited", null, minutes), {
      status: decision.allowed ? 404 : 429,
    });
  }
  const state: SafeState =
    target.callStatus !== "open" ? "ended" : target.status === "safe" ? "already" : "ready";
  return view(request, state, target);
}

/** The one press: marks the person safe, by themself. */
export async function safeAction(request: Request, context: AppLoadContext, token?: string) {
  const decision = await limited(context);
  if (!decision.allowed) {
    return data(view(request, "limited", null, Math.ceil(decision.retryAfterSeconds / 60)), {
      status: 429,
    });
  }
  const target = await targetOf(context, token);
  if (!target) return data(view(request, "invalid", null), { status: 404 });
  const result = await markSafe(context.services, {
    rollCallId: target.rollCallId,
    profileId: target.profileId,
    method: "self",
    actor: { userId: null, name: target.personName },
    clientAddress: context.clientAddress,
  });
  if (!result.ok) {
    return data(view(request, result.reason === "ended" ? "ended" : "invalid", target), {
      status: result.reason === "ended" ? 409 : 404,
    });
  }
  return view(request, result.changed ? "done" : "already", target);
}
