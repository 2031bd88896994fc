import { data } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { isNoticeReply, type NoticeReply } from "#core/mass-notices.ts";
import { findReplyTarget, recordReply } from "#server/domain/mass-notices.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";

/**
 * Reply links are HMACs nobody can guess, but each look-up still costs a query: one address
 * opens and answers at most this many in its window (a family answering for several children,
 * a school office answering for many, fit well within it).
 */
export const NOTICE_REPLY_RULE: RateRule = {
  name: "notice-reply:address",
  points: 60,
  windowSeconds: 900,
};

type Target = NonNullable<Awaited<ReturnType<typeof findReplyTarget>>>;

function page(request: Request, target: Target | null, answered: NoticeReply | null) {
  const t = requestTranslator(request);
  if (!target)
    return data({ notice: null, title: t("mass-notices:reply.invalid") }, { status: 404 });
  return {
    title: t("mass-notices:reply.title", { org: target.orgName }),
    notice: {
      orgName: target.orgName,
      message: target.message,
      // Only the first name: the link may be forwarded (DESIGN 1b.6, data about minors).
      person: target.personName.split(/\s+/)[0] ?? "",
      reply: answered ?? target.reply,
      answeredNow: answered !== null,
    },
  };
}

async function allowed(services: Services, clientAddress: string, request: Request) {
  const decision = await services.limiter.consume(NOTICE_REPLY_RULE, clientAddress);
  if (decision.allowed) return;
  const t = requestTranslator(request);
  throw data(
    { notice: null, title: t("mass-notices:reply.tooMany") },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
  );
}

/** Opening the link only shows the question (mail scanners open links). */
export async function showReply(
  services: Services,
  clientAddress: string,
  token: string,
  request: Request,
) {
  await allowed(services, clientAddress, request);
  return page(
    request,
    await findReplyTarget(services.db, services.config.dataEncryptionKey, token),
    null,
  );
}

/** Pressing "I'm safe" or "I need help" records it; the last answer counts. */
export async function answerReply(
  services: Services,
  clientAddress: string,
  token: string,
  request: Request,
) {
  await allowed(services, clientAddress, request);
  const form = await request.formData();
  const reply = form.get("reply");
  const target = await findReplyTarget(services.db, services.config.dataEncryptionKey, token);
  if (!target) return page(request, null, null);
  if (!isNoticeReply(reply)) throw data(null, { status: 400, statusText: "Bad Request" });
  await recordReply(services.db, services.logger, target, reply, clientAddress);
  return page(request, target, reply);
}
