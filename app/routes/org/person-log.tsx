import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuditLogList } from "#app/components/org/audit-log.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import type { Route } from "./+types/person-log";
import { auditLogPage } from "./org-audit.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  auditLogPage(request, context, params.slug, params.profileId);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/** /org/{slug}/people/{id}/log: the compliance log's lines about one person (decision 146). */
export default function OrgPersonLogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("org-audit");
  const { org } = useOrg();
  const person = loaderData.person!;
  const base = `/org/${org.slug}/people/${person.id}`;
  return (
    <div className="space-y-6">
      <Link to={base} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> {t("personLog.back", { name: person.name })}
      </Link>
      <h2 className="text-2xl font-bold">{t("personLog.heading", { name: person.name })}</h2>
      <AuditLogList view={loaderData} base={`${base}/log`} showPerson={false} />
    </div>
  );
}
