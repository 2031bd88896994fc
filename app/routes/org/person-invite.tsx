import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";
import { OrgForbidden } from "#app/components/org/org-forbidden.tsx";
import { PersonLoginInvite } from "#app/components/org/person-login-invite.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/person-invite";
import { personInviteAction, personInvitePage } from "./person-invite.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  personInvitePage(request, context, params);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  personInviteAction(request, context, params);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/** A person's "log in to your own card" invitation, on its own page (works without JavaScript). */
export default function PersonInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-admin");
  const { slug, person } = loaderData;
  return (
    <div className="max-w-lg space-y-4">
      <Link
        to={`/org/${slug}/people/${person.id}`}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        <ArrowLeft aria-hidden="true" /> {t("personInvite.back", { name: person.name ?? "" })}
      </Link>
      <PersonLoginInvite
        slug={slug}
        profileId={person.id}
        hasLogin={person.hasLogin}
        notice={actionData?.notice}
        email={actionData?.email}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <OrgForbidden reason="personInvite" />;
  }
  throw error;
}
