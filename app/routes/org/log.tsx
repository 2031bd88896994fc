import { Download, FileCheck2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { AuditLogList, CheckLogButton } from "#app/components/org/audit-log.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import type { Route } from "./+types/log";
import { auditLogPage, checkAuditLog } from "./org-audit.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  auditLogPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  checkAuditLog(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/**
 * /org/{slug}/log (issue 17 item 5): the organisation's compliance log for its owners and
 * admins, filtered and paged, with the chain check, the export and the page that checks one.
 */
export default function OrgLogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-audit");
  const { org } = useOrg();
  const base = `/org/${org.slug}/log`;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">{t("log.heading")}</h2>
        <p className="text-sm text-muted-foreground">{t("log.intro")}</p>
      </div>
      <CheckLogButton check={actionData?.check} />
      <AuditLogList view={loaderData} base={base} showPerson />
      {loaderData.can.exportAudit ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Download className="size-5 text-primary" aria-hidden="true" /> {t("export.title")}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{t("export.intro")}</p>
          </CardHeader>
          <CardContent className="space-y-4">
            <Form
              method="get"
              action={`${base}/export.jsonl`}
              reloadDocument
              className="grid gap-3 sm:grid-cols-3"
              data-testid="export-form"
            >
              <Field id="export-from" label={t("filters.from")}>
                {(props) => <Input {...props} type="date" name="from" />}
              </Field>
              <Field id="export-to" label={t("filters.to")}>
                {(props) => <Input {...props} type="date" name="to" />}
              </Field>
              <div className="flex items-end">
                <Button type="submit">{t("export.button")}</Button>
              </div>
            </Form>
            <Link to={`${base}/verify`} className={buttonVariants({ variant: "outline" })}>
              <FileCheck2 aria-hidden="true" /> {t("verify.link")}
            </Link>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
