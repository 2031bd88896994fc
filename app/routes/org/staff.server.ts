import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { formList, inviteRefusal, orgActor } from "#app/lib/org-actor.server.ts";
import type { OrgPermission } from "#core/organizations.ts";
import {
  cancelOrgInvitation,
  inviteToOrg,
  mayGrantOwner,
  pendingOrgInvitations,
} from "#server/domain/org-invitations.ts";
import {
  changeOrgMemberRole,
  listOrgMembers,
  removeOrgMember,
  type StaffChangeResult,
  setOrgMemberLocations,
} from "#server/domain/org-staff.ts";
import { listLocations } from "#server/domain/organizations.ts";

/** Managing staff needs `member:update`: owners, admins and SafeTap's admins (decision 139). */
const MANAGE: OrgPermission = { member: ["update"] };

/** /org/{slug}/staff: members with logins and their roles, pending invitations, locations. */
export async function staffPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, MANAGE);
  const { db } = context.services;
  const [members, invitations, locations] = await Promise.all([
    listOrgMembers(db, org.org.id),
    pendingOrgInvitations(db, org.org.id),
    listLocations(db, org.org.id),
  ]);
  const t = requestTranslator(request);
  return {
    seo: { title: t("org-admin:staff.title", { name: org.org.name }), description: "" },
    slug: org.org.slug,
    you: org.memberId,
    canGrantOwner: mayGrantOwner(org),
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      inviter: i.inviter,
      locationIds: i.locationIds,
      forOwnCard: Boolean(i.profileId),
      expiresAt: i.expiresAt.toISOString(),
    })),
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
  };
}

/** Which of the page's forms an answer belongs to, so its notice shows beside it. */
export type StaffForm = "invite" | "invitations" | "members";

export interface StaffActionData {
  form: StaffForm;
  notice: NoticeData;
  /** What the invite form had, to show it again after a refusal. */
  values?: { email: string; role: string };
}

const STAFF_REFUSALS: Record<
  Extract<StaffChangeResult, { ok: false }>["reason"],
  { key: string; status: number }
> = {
  forbidden: { key: "forbidden", status: 403 },
  not_found: { key: "memberGone", status: 404 },
  invalid_role: { key: "invalidRole", status: 400 },
  owner_only: { key: "ownerOnly", status: 403 },
  last_owner: { key: "lastOwner", status: 409 },
  not_staff: { key: "notStaff", status: 400 },
  unknown_location: { key: "unknownLocation", status: 400 },
  refused: { key: "refused", status: 403 },
};

/** Invite, cancel an invitation, change a role, remove a member (confirmed), set locations. */
export async function staffAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, MANAGE);
  const { services } = context;
  const actor = orgActor(request, context, org);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const reply = (answer: StaffActionData, status = 200) =>
    data<StaffActionData>(answer, { status });
  const done = (form: StaffForm, key: string) =>
    reply({ form, notice: { tone: "success", title: `org-admin:staff.done.${key}` } });
  const changed = (result: StaffChangeResult, key: string) => {
    if (result.ok) return done("members", key);
    const refusal = STAFF_REFUSALS[result.reason];
    return reply(
      {
        form: "members",
        notice: {
          tone: "error",
          title: "org-admin:staff.failed",
          description: `org-admin:errors.${refusal.key}`,
        },
      },
      refusal.status,
    );
  };

  switch (intent) {
    case "invite": {
      const email = String(form.get("email") ?? "").slice(0, 255);
      const role = String(form.get("role") ?? "").slice(0, 20);
      const result = await inviteToOrg(services, actor, {
        email,
        role,
        locationIds: formList(form, "locationIds"),
      });
      if (result.ok) {
        return reply({
          form: "invite",
          notice: {
            tone: "success",
            title: "org-admin:invite.sent",
            values: { email: email.trim().toLowerCase() },
          },
        });
      }
      const { notice, status } = inviteRefusal(result);
      return reply({ form: "invite", notice, values: { email, role } }, status);
    }
    case "cancel": {
      const result = await cancelOrgInvitation(services, actor, form.get("invitationId"));
      if (result.ok) return done("invitations", "cancelled");
      const key = result.reason === "not_found" ? "invitationGone" : result.reason;
      return reply(
        {
          form: "invitations",
          notice: {
            tone: "error",
            title: "org-admin:staff.failed",
            description: `org-admin:errors.${key}`,
          },
        },
        result.reason === "not_found" ? 404 : 403,
      );
    }
    case "role":
      return changed(
        await changeOrgMemberRole(services, actor, form.get("memberId"), form.get("role")),
        "roleChanged",
      );
    case "remove": {
      if (form.get("confirm") !== "yes") {
        return reply(
          {
            form: "members",
            notice: {
              tone: "error",
              title: "org-admin:staff.failed",
              description: "org-admin:errors.notConfirmed",
            },
          },
          400,
        );
      }
      return changed(await removeOrgMember(services, actor, form.get("memberId")), "removed");
    }
    case "locations":
      return changed(
        await setOrgMemberLocations(
          services,
          actor,
          form.get("memberId"),
          formList(form, "locationIds"),
        ),
        "locationsSaved",
      );
  }
  return reply(
    {
      form: "members",
      notice: { tone: "error", title: "org-admin:staff.failed", description: "errors.generic" },
    },
    400,
  );
}
