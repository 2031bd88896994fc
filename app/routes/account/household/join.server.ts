import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { acceptInvitation, readInvitation } from "#server/domain/households.ts";

/** The link a household invitation carries (its token is only in the message). */
const joinPath = (token: string) => `/household/join/${encodeURIComponent(token)}`;

/** The join page's headers: the token in the address never leaves in a Referer or a cache. */
export const JOIN_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

/**
 * /household/join/:token: whose household the link leads to and whether it still works. Signed
 * out, the page offers sign-up and sign-in that come back here; signed in, it asks to confirm.
 */
export async function joinPage(request: Request, context: AppLoadContext, token: string) {
  const [invitation, user] = await Promise.all([
    readInvitation(context.services, token),
    getSessionUser(request, context),
  ]);
  const t = requestTranslator(request);
  const back = encodeURIComponent(joinPath(token));
  return data(
    {
      seo: { title: t("account:join.title"), description: t("account:join.title") },
      ...invitation,
      signedIn: Boolean(user),
      signUp: `/auth?mode=signup&redirect=${back}`,
      signIn: `/auth?mode=signin&redirect=${back}`,
    },
    { headers: JOIN_HEADERS },
  );
}

const REFUSALS: Record<string, string> = {
  invalid: "account:join.states.invalid",
  expired: "account:join.states.expired",
  used: "account:join.states.used",
  revoked: "account:join.states.revoked",
  wrong_identifier: "account:join.errors.wrongIdentifier",
  already_member: "account:join.errors.alreadyMember",
  in_other_household: "account:join.errors.inOtherHousehold",
  owns_household: "account:join.errors.ownsHousehold",
  seat_limit: "account:join.errors.seatLimit",
  tag_limit: "account:join.errors.tagLimit",
  contact_limit: "account:join.errors.contactLimit",
};

/** Joins as a member; any refusal changes nothing and says why. */
export async function joinAction(request: Request, context: AppLoadContext, token: string) {
  const back = encodeURIComponent(joinPath(token));
  const user = await requireUser(request, context, `/auth?mode=signin&redirect=${back}`);
  const result = await acceptInvitation(context.services, user.id, token);
  if (result.ok) {
    throw redirect("/dashboard/household", {
      headers: {
        "Set-Cookie": noticeCookie("household-joined", context.services.config.isProduction),
      },
    });
  }
  const limit = "limit" in result ? result.limit : undefined;
  const notice: NoticeData = {
    tone: "error",
    title: "account:join.errors.title",
    description: REFUSALS[result.reason],
    values: limit === undefined ? undefined : { limit },
  };
  const status = ["invalid", "expired", "used", "revoked"].includes(result.reason) ? 410 : 403;
  return data({ notice }, { status, headers: JOIN_HEADERS });
}
