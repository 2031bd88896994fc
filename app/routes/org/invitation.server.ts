import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import {
  type AnswerResult,
  acceptOrgInvitation,
  declineOrgInvitation,
  readOrgInvitation,
} from "#server/domain/org-invitations.ts";

/** The invitation's id is its link's secret: never in a Referer, never in a cache. */
export const INVITATION_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

const invitationPath = (id: string) => `/org/invitations/${encodeURIComponent(id)}`;

/**
 * /org/invitations/{id}: which organisation invites, in which role, and whether the link still
 * works. Signed out, the page offers sign-in and sign-up that come back here (as a household's
 * join link does); signed in, accept or decline.
 */
export async function invitationPage(request: Request, context: AppLoadContext, id: string) {
  const user = await getSessionUser(request, context);
  const read = await readOrgInvitation(context.services.db, id, user?.email ?? null);
  const t = requestTranslator(request);
  const back = encodeURIComponent(invitationPath(id));
  const status = read.state === "pending" ? 200 : read.state === "invalid" ? 404 : 410;
  return data(
    {
      seo: { title: t("org-admin:invitation.title"), description: t("org-admin:invitation.title") },
      state: read.state,
      invitation: read.invitation && {
        ...read.invitation,
        expiresAt: read.invitation.expiresAt.toISOString(),
      },
      signedIn: Boolean(user),
      signUp: `/auth?mode=signup&redirect=${back}`,
      signIn: `/auth?mode=signin&redirect=${back}`,
    },
    { status, headers: INVITATION_HEADERS },
  );
}

export interface InvitationActionData {
  notice: NoticeData;
  declined?: boolean;
}

const REFUSALS: Record<Extract<AnswerResult, { ok: false }>["reason"], [string, number]> = {
  invalid: ["states.invalid", 404],
  expired: ["states.expired", 410],
  accepted: ["states.accepted", 410],
  canceled: ["states.canceled", 410],
  rejected: ["states.rejected", 410],
  wrong_address: ["errors.wrongAddress", 403],
  already_member: ["errors.alreadyMember", 409],
  person_has_login: ["errors.personHasLogin", 409],
  refused: ["errors.refused", 403],
};

/** Accept (then on to the organisation, or the person's own card) or decline. */
export async function invitationAction(request: Request, context: AppLoadContext, id: string) {
  const back = encodeURIComponent(invitationPath(id));
  const user = await requireUser(request, context, `/auth?mode=signin&redirect=${back}`);
  const form = await request.formData();
  const intent = form.get("intent");
  const recipient = { id: user.id, email: user.email, headers: request.headers };
  const answer = (body: InvitationActionData, status: number) =>
    data<InvitationActionData>(body, { status, headers: INVITATION_HEADERS });
  if (intent === "decline") {
    const result = await declineOrgInvitation(context.services, recipient, id);
    if (result.ok) {
      return answer(
        { notice: { tone: "success", title: "org-admin:invitation.declined" }, declined: true },
        200,
      );
    }
    const [key, status] = REFUSALS[result.reason];
    return answer(
      {
        notice: {
          tone: "error",
          title: "org-admin:invitation.failed",
          description: `org-admin:invitation.${key}`,
        },
      },
      status,
    );
  }
  if (intent !== "accept") {
    return answer(
      {
        notice: {
          tone: "error",
          title: "org-admin:invitation.failed",
          description: "errors.generic",
        },
      },
      400,
    );
  }
  const result = await acceptOrgInvitation(context.services, recipient, id);
  if (result.ok) {
    // A person who logs in to their own card goes to it; staff to the organisation.
    if (result.profileId) throw redirect(`/org/${result.slug}/people/${result.profileId}`);
    throw redirect(result.role === "member" ? "/dashboard" : `/org/${result.slug}`);
  }
  const [key, status] = REFUSALS[result.reason];
  return answer(
    {
      notice: {
        tone: "error",
        title: "org-admin:invitation.failed",
        description: `org-admin:invitation.${key}`,
      },
    },
    status,
  );
}
