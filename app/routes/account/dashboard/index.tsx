import {
  CreditCard,
  History,
  LifeBuoy,
  LogOut,
  Pencil,
  QrCode,
  ScanLine,
  ShieldAlert,
  ShieldCheck,
  Siren,
  UserRound,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import type { DashboardActionData } from "#app/components/dashboard/action-data.ts";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { ContactsCard } from "#app/components/dashboard/contacts-card.tsx";
import {
  MedicalConfirmationLine,
  MedicalReviewPrompt,
} from "#app/components/dashboard/medical-record-status.tsx";
import { PeopleStrip, PersonProvider } from "#app/components/dashboard/people-strip.tsx";
import { PlanCard } from "#app/components/dashboard/plan-card.tsx";
import { RecentAlerts } from "#app/components/dashboard/recent-alerts.tsx";
import { TagsCard } from "#app/components/dashboard/tags-card.tsx";
import { HistoryNav } from "#app/components/history/history-nav.tsx";
import { Notice, useArrivalNotice } from "#app/components/notice.tsx";
import { PhotoField } from "#app/components/people/photo-field.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { deviceLabel, organDonorLabel } from "#app/lib/medical-labels.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/index";
import { CONTACT_INTENTS, handleContactAction } from "./contacts.server.ts";
import { dashboardPage } from "./dashboard.server.ts";
import { handleMedicalAction, MEDICAL_INTENTS } from "./medical.server.ts";
import { handlePersonAction, PERSON_INTENTS } from "./people.server.ts";
import { handleTagAction, TAG_INTENTS } from "./tags.server.ts";

export const loader = ({ request, context }: Route.LoaderArgs) => dashboardPage(request, context);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (CONTACT_INTENTS.has(intent)) return handleContactAction(context, user.id, intent, form);
  if (PERSON_INTENTS.has(intent)) return handlePersonAction(context, user.id, form);
  if (MEDICAL_INTENTS.has(intent)) {
    const { answer, status } = await handleMedicalAction(context, user.id, form);
    return data<DashboardActionData>(answer, { status });
  }
  if (TAG_INTENTS.has(intent)) {
    const answer = await handleTagAction(context, user.id, intent, form);
    return data<DashboardActionData>(answer, {
      status: answer.notice.tone === "error" ? 400 : 200,
    });
  }
  return data<DashboardActionData>(
    { notice: { tone: "error", title: "errors.generic" }, form: "contacts" },
    { status: 400 },
  );
}

/** Every form below carries the shown person (decision 129). */
export default function Dashboard(props: Route.ComponentProps) {
  return (
    <PersonProvider value={props.loaderData.person}>
      <DashboardPage {...props} />
    </PersonProvider>
  );
}

function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { profile, plan, contacts, tags, person } = loaderData;
  // The own person keeps the plain addresses; another person's carry `person` (decision 129).
  const editProfile = person.isOwn
    ? "/onboarding?edit=1"
    : `/onboarding?edit=1&person=${encodeURIComponent(person.id)}`;
  const landingNotice = useArrivalNotice(loaderData.notice);

  useEffect(() => {
    // Arriving for the tags (after a claim), the page starts at the QR Tags card.
    if (new URL(window.location.href).searchParams.get("tab") === "tags") {
      document.getElementById("tags")?.scrollIntoView({ block: "start" });
    }
  }, []);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight" data-testid="welcome">
            {t("dashboard.welcome", { name: loaderData.displayName })}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("dashboard.subtitle")}</p>
        </div>
        <Form method="post" action="/sign-out" reloadDocument>
          <Button type="submit" variant="outline">
            <LogOut aria-hidden="true" /> {t("dashboard.signOut")}
          </Button>
        </Form>
      </div>
      {/* Arriving for the tags (after a claim), the page scrolls there: the notice goes with it.
          Without JavaScript nothing scrolls, so it is also printed here. */}
      {loaderData.tab === "tags" ? (
        landingNotice ? (
          <noscript>
            <Notice notice={landingNotice} className="mt-6" />
          </noscript>
        ) : null
      ) : (
        <Notice notice={landingNotice} className="mt-6" />
      )}
      <Notice notice={loaderData.personNotice} className="mt-6" />
      <Notice notice={actionData?.form === "person" ? actionData.notice : null} className="mt-6" />
      <PeopleStrip people={loaderData.people} shownId={person.id} seats={loaderData.seats} />
      {person.canManage ? <MedicalReviewPrompt confirmation={loaderData.confirmation} /> : null}

      <div className="mt-6">
        <HistoryNav />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <PlanCard plan={plan} downgrade={loaderData.downgrade} />

        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle className="flex items-center gap-2">
              <UserRound className="size-5 text-primary" aria-hidden="true" /> {t("profile.title")}
            </CardTitle>
            {person.canManage ? (
              <Link to={editProfile} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Pencil aria-hidden="true" /> {t("actions.editProfile")}
              </Link>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="read-only">
                {t("people.readOnly")}
              </p>
            )}
          </CardHeader>
          <CardContent className="grid gap-6">
            {person.canManage ? (
              <PhotoField
                profileId={profile.id}
                photoVersion={profile.photoVersion}
                name={profile.fullName ?? ""}
              />
            ) : null}
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <ProfileRow label={t("onboarding.fullName")} value={profile.fullName} />
              <ProfileRow
                label={t("onboarding.language")}
                value={t(`languages.${profile.language}`)}
              />
              <ProfileRow
                label={t("onboarding.country")}
                value={profile.country ? t(`countries.${profile.country}`) : null}
              />
              <ProfileRow label={t("onboarding.dateOfBirth")} value={profile.dateOfBirth} />
              <ProfileRow label={t("onboarding.bloodType")} value={profile.bloodType} />
              <ProfileRow
                label={t("onboarding.conditions")}
                value={profile.conditions.join(", ")}
              />
              <ProfileRow label={t("onboarding.allergies")} value={profile.allergies.join(", ")} />
              <ProfileRow
                label={t("onboarding.medications")}
                value={profile.medications.join(", ")}
              />
              <ProfileRow
                label={t("onboarding.implantedDevices")}
                value={profile.implantedDevices.map((d) => deviceLabel(t, d)).join(", ")}
              />
              <ProfileRow
                label={t("onboarding.advanceDirective")}
                value={
                  profile.advanceDirective
                    ? [
                        t(`common:directives.${profile.advanceDirective}`),
                        profile.advanceDirectiveLocation,
                      ]
                        .filter(Boolean)
                        .join(" · ")
                    : profile.advanceDirectiveLocation
                }
              />
              <ProfileRow
                label={t("onboarding.organDonor")}
                value={organDonorLabel(t, profile.organDonor)}
              />
              <ProfileRow
                label={t("onboarding.preferredHospital")}
                value={profile.preferredHospital}
              />
              <ProfileRow label={t("onboarding.medicalNotes")} value={profile.medicalNotes} wide />
            </dl>
            {person.canManage && !person.isOwn ? (
              <ConfirmAction
                className="mt-4"
                testId="remove-person"
                trigger={t("people.remove", { name: profile.fullName ?? "" })}
                message={t("people.removeConfirm", { name: profile.fullName ?? "" })}
                confirmLabel={t("people.removeConfirmYes")}
                intent="removePerson"
                fields={{}}
              />
            ) : null}
            <MedicalConfirmationLine
              confirmation={loaderData.confirmation}
              notice={actionData?.form === "medical" ? actionData.notice : undefined}
            />
          </CardContent>
        </Card>

        <ContactsCard
          contacts={contacts}
          limit={plan.contactLimit}
          planName={t(`common:plans.${plan.id}.name`)}
          actionData={actionData?.form === "contacts" ? actionData : undefined}
          metaLinking={loaderData.metaLinking}
        />

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldAlert className="size-5 text-primary" aria-hidden="true" />{" "}
              {t("actions.title")}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {person.canManage ? (
              <Link to={editProfile} className={buttonVariants({ variant: "outline" })}>
                <Pencil aria-hidden="true" /> {t("actions.editProfile")}
              </Link>
            ) : null}
            <Link to="/activate" className={buttonVariants({ variant: "outline" })}>
              <QrCode aria-hidden="true" /> {t("actions.activateTag")}
            </Link>
            <Link to="/sos" className={buttonVariants({ variant: "destructive" })}>
              <Siren aria-hidden="true" /> {t("actions.sos")}
            </Link>
            {loaderData.household ? (
              <Link
                to="/dashboard/household"
                className={buttonVariants({ variant: "outline" })}
                data-testid="household-link"
              >
                <Users aria-hidden="true" /> {t("actions.household")}
              </Link>
            ) : null}
            <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
              <CreditCard aria-hidden="true" /> {t("actions.managePlan")}
            </Link>
            <Link to="/dashboard/log" className={buttonVariants({ variant: "outline" })}>
              <History aria-hidden="true" /> {t("actions.safetyLog")}
            </Link>
            <Link to="/support" className={buttonVariants({ variant: "outline" })}>
              <LifeBuoy aria-hidden="true" /> {t("actions.support")}
            </Link>
            {loaderData.staff.reader ? (
              <Link
                to="/reader"
                className={buttonVariants({ variant: "outline" })}
                data-testid="reader-link"
              >
                <ScanLine aria-hidden="true" /> {t("actions.reader")}
              </Link>
            ) : null}
            {loaderData.staff.admin ? (
              <Link
                to="/admin"
                className={buttonVariants({ variant: "outline" })}
                data-testid="admin-link"
              >
                <ShieldCheck aria-hidden="true" /> {t("actions.admin")}
              </Link>
            ) : null}
          </CardContent>
        </Card>

        <TagsCard
          tags={tags}
          testKey={loaderData.testKey}
          actionData={actionData?.form === "tags" ? actionData : undefined}
          landingNotice={loaderData.tab === "tags" ? landingNotice : null}
          hasContacts={contacts.length > 0}
        />

        <RecentAlerts alerts={loaderData.alerts} />
      </div>
    </main>
  );
}

function ProfileRow({
  label,
  value,
  wide,
}: {
  label: string;
  value: string | null | undefined;
  wide?: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">
        {value || <span className="text-muted-foreground">{t("profile.notSet")}</span>}
      </dd>
    </div>
  );
}
