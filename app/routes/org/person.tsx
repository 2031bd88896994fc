import { ArrowLeft, ClipboardList, HeartPulse, ScrollText, Trash2, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { MedicalDetails } from "#app/components/card/medical-section.tsx";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice, useArrivalNotice } from "#app/components/notice.tsx";
import { CardPreview } from "#app/components/org/card-preview.tsx";
import { ChangeLog } from "#app/components/org/change-log.tsx";
import { OrgContacts } from "#app/components/org/contacts-editor.tsx";
import { answerFor, shown } from "#app/components/org/form-answer.ts";
import { HandoverForm } from "#app/components/org/handover-form.tsx";
import { OrgMedicalForm } from "#app/components/org/medical-form.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { PersonFields } from "#app/components/org/person-fields.tsx";
import { PersonLoginInvite } from "#app/components/org/person-login-invite.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import { isLanguage, LANGUAGE_NAMES } from "#core/languages.ts";
import type { Route } from "./+types/person";
import { personAction, personPage } from "./person.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  personPage(request, context, params.slug, params.profileId);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  personAction(request, context, params.slug, params.profileId);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/**
 * One of the organisation's people (issue 16 items 2 and 5): their card as a reader sees it and
 * their full record; for the organisation's admins (and the person themself) the forms that
 * change them, each change of critical info with its reason, and the log of those changes.
 */
export default function OrgPersonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const { org, can: orgCan } = useOrg();
  const { person, can, card, medical, tags } = loaderData;
  const arrival = useArrivalNotice(loaderData.notice);
  const busy = useNavigation().state === "submitting";
  const details = answerFor(actionData, "details");
  const groupLabel = t(`people.groups.${loaderData.groupWord}`);
  const language = isLanguage(person.language) ? LANGUAGE_NAMES[person.language] : person.language;
  return (
    <div className="space-y-6">
      {orgCan.readPeople ? (
        <Link
          to={`/org/${org.slug}/people`}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          <ArrowLeft aria-hidden="true" /> {t("person.back")}
        </Link>
      ) : null}
      <div>
        <h2 className="text-2xl font-bold" data-testid="person-name">
          {person.fullName}
        </h2>
        <p className="text-sm text-muted-foreground">
          {[
            person.externalId,
            person.groupName ? `${groupLabel}: ${person.groupName}` : null,
            person.location?.name,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {can.self ? <p className="mt-1 text-sm">{t("person.yourOwn")}</p> : null}
      </div>
      <Notice notice={arrival} />
      <Notice notice={answerFor(actionData, "remove")?.notice} />
      <Notice notice={answerFor(actionData, "unknown")?.notice} />

      <div className="grid gap-6 lg:grid-cols-2">
        <CardPreview card={card} />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ClipboardList className="size-5 text-primary" aria-hidden="true" />{" "}
              {t("person.recordTitle")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            <dl className="grid gap-3 sm:grid-cols-2" data-testid="person-record">
              <Fact label={t("person.fullName")}>{person.fullName}</Fact>
              <Fact label={t("person.externalId")}>{person.externalId}</Fact>
              <Fact label={groupLabel}>{person.groupName}</Fact>
              <Fact label={t("person.location")}>{person.location?.name}</Fact>
              <Fact label={t("person.language")}>{language}</Fact>
              <Fact label={t("person.expiresOn")}>{person.expiresOn}</Fact>
              <Fact label={t("person.login")}>
                {person.hasLogin ? t("person.hasLogin") : t("person.noLogin")}
              </Fact>
              <Fact label={t("person.addedOn")}>
                <time dateTime={person.added.at}>{person.added.time}</time>
              </Fact>
              <Fact label={t("person.tags")}>
                {tags.length
                  ? tags
                      .map((tag) => `${tag.id} (${t(`person.tagStates.${tag.state}`)})`)
                      .join(", ")
                  : t("person.noTags")}
              </Fact>
              <Fact label={t("person.medicalConfirmed")}>
                {person.medicalConfirmed ? (
                  <time dateTime={person.medicalConfirmed.at}>{person.medicalConfirmed.time}</time>
                ) : (
                  t("person.neverConfirmed")
                )}
              </Fact>
            </dl>
            <div>
              <h3 className="flex items-center gap-2 font-semibold">
                <HeartPulse className="size-4 text-primary" aria-hidden="true" />
                {t("medical.title")}
              </h3>
              {Object.values(medical).some((v) => (Array.isArray(v) ? v.length : v !== null)) ? (
                <MedicalDetails medical={medical} />
              ) : (
                <p className="mt-2 text-muted-foreground">{t("medical.empty")}</p>
              )}
            </div>
          </CardContent>
        </Card>
      </div>

      {can.details ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserRound className="size-5 text-primary" aria-hidden="true" />{" "}
              {t("person.detailsTitle")}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Form
              method="post"
              replace
              preventScrollReset
              className="space-y-4"
              data-testid="details-form"
            >
              <Notice notice={details?.notice} />
              <PersonFields
                values={{
                  fullName: shown(details, "fullName", person.fullName),
                  externalId: shown(details, "externalId", person.externalId ?? ""),
                  groupName: shown(details, "groupName", person.groupName ?? ""),
                  locationId: shown(details, "locationId", person.location?.id ?? ""),
                  language: shown(details, "language", person.language),
                  expiresOn: shown(details, "expiresOn", person.expiresOn),
                }}
                errors={details?.fieldErrors ?? {}}
                locations={loaderData.locations}
                groups={loaderData.groups}
                groupWord={loaderData.groupWord}
                expiring={loaderData.expiring}
              />
              <Button type="submit" name="intent" value="details" disabled={busy}>
                {t("person.save")}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}

      {can.inviteLogin ? (
        <PersonLoginInvite slug={org.slug} profileId={person.id} hasLogin={person.hasLogin} />
      ) : null}

      {can.critical ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <HeartPulse className="size-5 text-primary" aria-hidden="true" />{" "}
              {t("medical.formTitle")}
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              {can.reasonRequired ? t("medical.intro") : t("medical.introSelf")}
            </p>
          </CardHeader>
          <CardContent>
            <OrgMedicalForm
              medical={medical}
              record={loaderData.medicalForm}
              reasonRequired={can.reasonRequired}
              answer={answerFor(actionData, "medical")}
            />
          </CardContent>
        </Card>
      ) : null}

      <OrgContacts
        contacts={loaderData.contacts}
        canChange={can.critical}
        reasonRequired={can.reasonRequired}
        actionData={actionData}
      />

      {can.handover ? (
        <HandoverForm
          current={{ groupName: person.groupName ?? "", locationId: person.location?.id ?? "" }}
          locations={loaderData.locations}
          groups={loaderData.groups}
          groupLabel={groupLabel}
          answer={answerFor(actionData, "handover")}
        />
      ) : null}

      {can.critical || can.details ? <ChangeLog lines={loaderData.changes} /> : null}

      {can.readLog ? (
        <Link
          to={`/org/${org.slug}/people/${person.id}/log`}
          className={buttonVariants({ variant: "outline" })}
          data-testid="person-log-link"
        >
          <ScrollText aria-hidden="true" /> {t("org-audit:personLog.link")}
        </Link>
      ) : null}

      {can.remove ? (
        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle>{t("person.removeTitle")}</CardTitle>
            <p className="text-sm text-muted-foreground">{t("person.removeIntro")}</p>
          </CardHeader>
          <CardContent>
            <ConfirmAction
              trigger={
                <>
                  <Trash2 aria-hidden="true" /> {t("person.remove")}
                </>
              }
              message={t("person.removeConfirm", { name: person.fullName })}
              confirmLabel={t("person.removeConfirmYes")}
              intent="removePerson"
              fields={{}}
              disabled={busy}
              testId="remove-person"
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children || "—"}</dd>
    </div>
  );
}
