import { ArrowLeft, FileCheck2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { ChainCheckNotice } from "#app/components/org/audit-log.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import type { Route } from "./+types/log-verify";
import { verifyPage, verifyUpload } from "./log-verify.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  verifyPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  verifyUpload(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/** /org/{slug}/log/verify: upload an export and learn whether it is intact (decision 146). */
export default function OrgLogVerifyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-audit");
  const { org } = useOrg();
  const busy = useNavigation().state === "submitting";
  const result = actionData?.result;
  const claims = actionData?.claims;
  return (
    <div className="space-y-6">
      <Link
        to={`/org/${org.slug}/log`}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        <ArrowLeft aria-hidden="true" /> {t("verify.back")}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileCheck2 className="size-5 text-primary" aria-hidden="true" /> {t("verify.heading")}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t("verify.intro")}</p>
        </CardHeader>
        <CardContent className="space-y-4">
          <Form
            method="post"
            encType="multipart/form-data"
            reloadDocument
            className="space-y-3"
            data-testid="verify-form"
          >
            <Field
              id="verify-file"
              label={t("verify.file")}
              hint={t("verify.fileHint", { max: loaderData.maxMb })}
              error={actionData?.error}
            >
              {(props) => (
                <Input
                  {...props}
                  type="file"
                  name="file"
                  accept=".jsonl,application/x-ndjson"
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={busy}>
              {t("verify.button")}
            </Button>
          </Form>
          {result ? (
            <div data-testid="verify-result">
              <ChainCheckNotice check={result} />
              {claims ? (
                <p className="mt-2 text-sm" data-testid="verify-claims">
                  {claims.thisOrganization
                    ? t("verify.claimsThis", { name: claims.name })
                    : t("verify.claimsOther", { name: claims.name, slug: claims.slug })}
                </p>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
