import { useTranslation } from "react-i18next";
import { isRouteErrorResponse } from "react-router";
import { OrgForbidden } from "#app/components/org/org-forbidden.tsx";
import { InvitationsCard, InviteCard, MembersCard } from "#app/components/org/staff-sections.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/staff";
import { staffAction, staffPage } from "./staff.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  staffPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  staffAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/** Staff and roles (issue 16 item 2): who logs in to the organisation, and as what. */
export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-admin");
  const noticeFor = (form: string) => (actionData?.form === form ? actionData.notice : null);
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{t("staff.heading")}</h2>
        <p className="text-sm text-muted-foreground">{t("staff.intro")}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <MembersCard
          slug={loaderData.slug}
          members={loaderData.members}
          locations={loaderData.locations}
          you={loaderData.you}
          canGrantOwner={loaderData.canGrantOwner}
          notice={noticeFor("members")}
        />
        <div className="space-y-6">
          <InviteCard
            locations={loaderData.locations}
            canGrantOwner={loaderData.canGrantOwner}
            notice={noticeFor("invite")}
            values={actionData?.form === "invite" ? actionData.values : undefined}
          />
          <InvitationsCard
            invitations={loaderData.invitations}
            locations={loaderData.locations}
            notice={noticeFor("invitations")}
          />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <OrgForbidden reason="staff" />;
  throw error;
}
