import type { AppLoadContext } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import type { InviteResult, OrgActor } from "#server/domain/org-invitations.ts";
import type { OrgContext } from "#server/domain/organizations.ts";

/**
 * The asker as the staff and invitation functions take them (decision 139): their place in the
 * organisation, and their request's headers, with which Better Auth's plugin checks their role
 * again on its own endpoints.
 */
export function orgActor(request: Request, context: AppLoadContext, org: OrgContext): OrgActor {
  return { context: org, headers: request.headers, clientAddress: context.clientAddress };
}

/** A form's repeated field (checkboxes), at most `max` values: more is not a person's choice. */
export function formList(form: FormData, name: string, max = 200): string[] {
  return form
    .getAll(name)
    .slice(0, max + 1)
    .map((value) => (typeof value === "string" ? value : ""));
}

/** Why an invitation was refused, as the pages say it, and the status they answer with. */
const INVITE_REFUSALS: Record<
  Extract<InviteResult, { ok: false }>["reason"],
  { key: string; status: number }
> = {
  forbidden: { key: "forbidden", status: 403 },
  invalid_email: { key: "invalidEmail", status: 400 },
  invalid_role: { key: "invalidRole", status: 400 },
  owner_only: { key: "ownerOnly", status: 403 },
  unknown_location: { key: "unknownLocation", status: 400 },
  already_member: { key: "alreadyMember", status: 409 },
  person_has_login: { key: "personHasLogin", status: 409 },
  invitation_limit: { key: "invitationLimit", status: 429 },
  rate_limited: { key: "tooMany", status: 429 },
  refused: { key: "refused", status: 403 },
};

/** The notice for a refused invitation (the rate limit says when to try again). */
export function inviteRefusal(result: Extract<InviteResult, { ok: false }>) {
  const refusal = INVITE_REFUSALS[result.reason];
  const minutes =
    result.reason === "rate_limited" ? Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) : 0;
  const notice: NoticeData = {
    tone: "error",
    title: "org-admin:invite.failed",
    description: `org-admin:errors.${refusal.key}`,
    values: minutes ? { count: minutes } : undefined,
  };
  return { notice, status: refusal.status };
}
