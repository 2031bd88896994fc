import { and, eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { inviteRefusal, orgActor } from "#app/lib/org-actor.server.ts";
import type { OrgPermission } from "#core/organizations.ts";
import { profiles } from "#server/db/schema.ts";
import { inviteToOrg } from "#server/domain/org-invitations.ts";
import type { OrgContext } from "#server/domain/organizations.ts";

/** Inviting a person to log in is an admin's (and owner's) act: `invitation:create`. */
const INVITE: OrgPermission = { invitation: ["create"] };

/** The organisation's person (404 for anyone else's, or no one). */
async function personOf(context: AppLoadContext, org: OrgContext, profileId: string | undefined) {
  const [person] = await context.services.db
    .select({ id: profiles.id, fullName: profiles.fullName, memberUserId: profiles.memberUserId })
    .from(profiles)
    .where(
      and(eq(profiles.id, String(profileId).slice(0, 64)), eq(profiles.organizationId, org.org.id)),
    )
    .limit(1);
  if (!person) throw data(null, { status: 404, statusText: "Not Found" });
  return person;
}

/** /org/{slug}/people/{profileId}/invite: the person, and whether they have a login already. */
export async function personInvitePage(
  request: Request,
  context: AppLoadContext,
  params: { slug?: string; profileId?: string },
) {
  const org = await requireOrg(request, context, params.slug, INVITE);
  const person = await personOf(context, org, params.profileId);
  const t = requestTranslator(request);
  return {
    seo: { title: t("org-admin:personInvite.title"), description: "" },
    slug: org.org.slug,
    person: { id: person.id, name: person.fullName, hasLogin: Boolean(person.memberUserId) },
  };
}

export interface PersonInviteActionData {
  notice: NoticeData;
  email?: string;
}

/** Sends the person's invitation (role member, linked to them when accepted). */
export async function personInviteAction(
  request: Request,
  context: AppLoadContext,
  params: { slug?: string; profileId?: string },
) {
  const org = await requireOrg(request, context, params.slug, INVITE);
  const person = await personOf(context, org, params.profileId);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 255);
  const result = await inviteToOrg(context.services, orgActor(request, context, org), {
    email,
    role: "member",
    profileId: person.id,
  });
  if (result.ok) {
    return data<PersonInviteActionData>({
      notice: {
        tone: "success",
        title: "org-admin:invite.sent",
        values: { email: email.trim().toLowerCase() },
      },
    });
  }
  const { notice, status } = inviteRefusal(result);
  return data<PersonInviteActionData>({ notice, email }, { status });
}
