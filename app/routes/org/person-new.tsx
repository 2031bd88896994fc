import { ArrowLeft, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { answerFor, shown } from "#app/components/org/form-answer.ts";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { PersonFields } from "#app/components/org/person-fields.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import type { Route } from "./+types/person-new";
import { addPersonAction, newPersonPage } from "./person-new.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  newPersonPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  addPersonAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/** Add one person to the organisation: the seats left, then their details. */
export default function NewOrgPerson({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const { org } = useOrg();
  const busy = useNavigation().state === "submitting";
  const { seats } = loaderData;
  const full = seats.used >= seats.limit;
  const posted = answerFor(actionData, "person:new");
  const value = (name: string, stored = "") => shown(posted, name, stored);
  return (
    <div className="max-w-3xl space-y-4">
      <Link
        to={`/org/${org.slug}/people`}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        <ArrowLeft aria-hidden="true" /> {t("person.back")}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UserPlus className="size-5 text-primary" aria-hidden="true" /> {t("person.addTitle")}
          </CardTitle>
          <p className="text-sm text-muted-foreground" data-testid="seats-left">
            {t("person.seatsLeft", { used: seats.used, limit: seats.limit })}
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {full && !posted ? (
            <Notice
              notice={{
                tone: "error",
                title: "org:person.seatLimitTitle",
                description: "org:person.seatLimit",
                values: { limit: seats.limit },
              }}
            />
          ) : null}
          <Notice notice={posted?.notice} />
          <Form method="post" className="space-y-4" data-testid="add-person-form">
            <PersonFields
              values={{
                fullName: value("fullName"),
                externalId: value("externalId"),
                groupName: value("groupName"),
                locationId: value("locationId"),
                language: value("language", loaderData.language),
                dateOfBirth: value("dateOfBirth"),
                expiresOn: value("expiresOn"),
              }}
              errors={posted?.fieldErrors ?? {}}
              locations={loaderData.locations}
              groups={loaderData.groups}
              groupWord={loaderData.groupWord}
              expiring={loaderData.expiring}
            />
            <Button type="submit" disabled={busy}>
              {t("person.addButton")}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
