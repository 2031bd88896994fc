import {
  CreditCard,
  LifeBuoy,
  LogOut,
  Pencil,
  QrCode,
  ScanLine,
  ShieldAlert,
  ShieldCheck,
  Siren,
  UserRound,
} from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import type { DashboardActionData } from "#app/components/dashboard/action-data.ts";
import {
  type ContactsActionData,
  ContactsCard,
  contactFieldErrors,
} from "#app/components/dashboard/contacts-card.tsx";
import { PlanCard } from "#app/components/dashboard/plan-card.tsx";
import { RecentAlerts } from "#app/components/dashboard/recent-alerts.tsx";
import { TagsCard } from "#app/components/dashboard/tags-card.tsx";
import { Notice, type NoticeData, useArrivalNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { handleTagAction, TAG_INTENTS } from "#app/lib/dashboard-tags.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { takeNotice } from "#app/lib/notices.server.ts";
import { PLANS } from "#app/lib/plans.ts";
import { sanitizeText, validateContact } from "#core/validation.ts";
import { listRecentAlerts } from "#server/alerts/history.ts";
import { riskyContactError } from "#server/alerts/toll-limits.ts";
import {
  addContacts,
  ContactLimitError,
  contactsAfterPlanChange,
  deleteContact,
  isContactId,
  listContacts,
  moveContact,
  updateContact,
} from "#server/domain/contacts.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { listUserTags } from "#server/domain/tags.ts";
import { rolesOf } from "#server/domain/users.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/");
  const { db, cipher } = context.services;
  const profile = await getProfile(db, cipher, user.id);
  if (!profile?.onboardingCompleted) throw redirect("/onboarding");
  const url = new URL(request.url);
  const [contacts, tags, alerts, roles] = await Promise.all([
    listContacts(db, cipher, user.id),
    listUserTags(db, user.id),
    listRecentAlerts(context.services, user.id),
    rolesOf(db, user.id),
  ]);
  const t = requestTranslator(request);
  const isPhoneAccount = user.email.endsWith("@phone.safetap.invalid");
  // A notice left by the redirect that brought the user here (decision 023).
  const arrival = takeNotice(request, "page", context.services.config.isProduction);
  const page = {
    seo: { title: t("pages.dashboard.title"), description: t("pages.dashboard.description") },
    displayName:
      profile.fullName ||
      (isPhoneAccount ? ((user as { phoneNumber?: string | null }).phoneNumber ?? "") : user.email),
    profile: {
      fullName: profile.fullName,
      language: profile.language,
      country: profile.country,
      dateOfBirth: profile.dateOfBirth,
      bloodType: profile.bloodType,
      allergies: profile.allergies,
      medications: profile.medications,
      medicalNotes: profile.medicalNotes,
    },
    plan: {
      id: profile.plan,
      status: profile.subscriptionStatus,
      renewsAt: profile.subscriptionEndDate?.toISOString() ?? null,
      contactLimit: PLANS[profile.plan].limits.contacts,
    },
    contacts,
    /** Staff links: reader mode for admins and moderators, the admin page for admins. */
    staff: {
      reader: roles.includes("admin") || roles.includes("moderator"),
      admin: roles.includes("admin"),
    },
    tags: tags.map((tag) => ({
      ...tag,
      linkedAt: tag.linkedAt?.toISOString() ?? null,
      lastScannedAt: tag.lastScannedAt?.toISOString() ?? null,
    })),
    alerts,
    /** Made per page view, so a double press of Test Alert sends one test. */
    testKey: crypto.randomUUID(),
    notice: arrival?.notice ?? null,
    /** Arriving from /pricing's Free button with more contacts than Free alerts: ask first. */
    downgrade:
      url.searchParams.get("downgrade") === "free" && profile.plan !== "free"
        ? await contactsAfterPlanChange(db, user.id, "free")
        : null,
    tab: url.searchParams.get("tab"),
  };
  return arrival ? data(page, { headers: arrival.headers }) : page;
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

type ActionData = DashboardActionData;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/");
  const { db, cipher, logger } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const reply = (notice: NoticeData, status = 200, extra: Partial<ContactsActionData> = {}) =>
    data<ActionData>({ notice, form: "contacts", ...extra }, { status });

  if (intent === "addContact" || intent === "editContact") {
    const editing = intent === "editContact";
    const contactId = editing ? form.get("contactId") : null;
    if (editing && !isContactId(contactId)) {
      return reply(
        {
          tone: "error",
          title: "account:contacts.saveFailed",
          description: "account:contacts.notFound",
        },
        404,
      );
    }
    const failed = editing ? "account:contacts.saveFailed" : "account:contacts.addFailed";
    const values = {
      name: sanitizeText(form.get("name")),
      channel: String(form.get("channel") ?? ""),
      value: sanitizeText(form.get("value")),
    };
    const echo = { values, contactId: (contactId as string | null) ?? undefined };
    const checked = validateContact(values);
    const refusal = checked.ok ? riskyContactError(context.services, checked.contact) : null;
    if (!checked.ok || refusal) {
      const incomplete = !values.name || !values.value;
      return reply(
        incomplete
          ? {
              tone: "error",
              title: "account:contacts.incomplete",
              description: "validation.fillAllFields",
            }
          : { tone: "error", title: failed, description: checked.ok ? refusal! : checked.error },
        400,
        { ...echo, fieldErrors: refusal ? { value: refusal } : contactFieldErrors(values) },
      );
    }
    if (editing) {
      const saved = await updateContact(db, cipher, user.id, contactId as string, checked.contact);
      return saved
        ? reply({ tone: "success", title: "account:contacts.saved" }, 200, echo)
        : reply({ tone: "error", title: failed, description: "account:contacts.notFound" }, 404);
    }
    const profile = await getProfile(db, cipher, user.id);
    const limit = PLANS[profile?.plan ?? "free"].limits.contacts;
    try {
      await addContacts(db, cipher, user.id, limit, [checked.contact]);
    } catch (error) {
      if (error instanceof ContactLimitError) {
        return reply(
          {
            tone: "error",
            title: failed,
            description: "account:contacts.limitReached",
            values: { limit: error.limit, count: error.limit },
          },
          403,
          { values },
        );
      }
      logger.error({ err: error }, "adding a contact failed");
      return reply({ tone: "error", title: failed, description: "errors.generic" }, 500, {
        values,
      });
    }
    return reply({ tone: "success", title: "account:contacts.added" });
  }

  if (intent === "moveContact") {
    const id = form.get("contactId");
    const direction = form.get("direction");
    const moved =
      isContactId(id) &&
      (direction === "up" || direction === "down") &&
      (await moveContact(db, user.id, id, direction));
    return moved
      ? reply({ tone: "success", title: "account:contacts.moved" }, 200, { contactId: id })
      : reply(
          {
            tone: "error",
            title: "account:contacts.moveFailed",
            description: "account:contacts.notFound",
          },
          400,
        );
  }

  if (intent === "removeContact") {
    const id = form.get("contactId");
    // A removal needs the confirming second press.
    if (form.get("confirm") !== "yes") {
      return reply(
        {
          tone: "error",
          title: "account:contacts.removeFailed",
          description: "account:contacts.notConfirmed",
        },
        400,
      );
    }
    // Scoped to the signed-in user: another user's contact id removes nothing.
    const removed = isContactId(id) && (await deleteContact(db, user.id, id));
    if (!removed) {
      return reply(
        {
          tone: "error",
          title: "account:contacts.removeFailed",
          description: "account:contacts.notFound",
        },
        404,
      );
    }
    return reply({ tone: "success", title: "account:contacts.removed" });
  }

  if (typeof intent === "string" && TAG_INTENTS.has(intent)) {
    const answer = await handleTagAction(context, user.id, intent, form);
    return data<ActionData>(answer, { status: answer.notice.tone === "error" ? 400 : 200 });
  }

  return reply({ tone: "error", title: "errors.generic" }, 400);
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { profile, plan, contacts, tags } = loaderData;
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

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <PlanCard plan={plan} downgrade={loaderData.downgrade} />

        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle className="flex items-center gap-2">
              <UserRound className="size-5 text-primary" aria-hidden="true" /> {t("profile.title")}
            </CardTitle>
            <Link
              to="/onboarding?edit=1"
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <Pencil aria-hidden="true" /> {t("actions.editProfile")}
            </Link>
          </CardHeader>
          <CardContent>
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
              <ProfileRow label={t("onboarding.allergies")} value={profile.allergies.join(", ")} />
              <ProfileRow
                label={t("onboarding.medications")}
                value={profile.medications.join(", ")}
              />
              <ProfileRow label={t("onboarding.medicalNotes")} value={profile.medicalNotes} wide />
            </dl>
          </CardContent>
        </Card>

        <ContactsCard
          contacts={contacts}
          limit={plan.contactLimit}
          planName={t(`common:plans.${plan.id}.name`)}
          actionData={actionData?.form === "contacts" ? actionData : undefined}
        />

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldAlert className="size-5 text-primary" aria-hidden="true" />{" "}
              {t("actions.title")}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Link to="/onboarding?edit=1" className={buttonVariants({ variant: "outline" })}>
              <Pencil aria-hidden="true" /> {t("actions.editProfile")}
            </Link>
            <Link to="/activate" className={buttonVariants({ variant: "outline" })}>
              <QrCode aria-hidden="true" /> {t("actions.activateTag")}
            </Link>
            <Link to="/sos" className={buttonVariants({ variant: "destructive" })}>
              <Siren aria-hidden="true" /> {t("actions.sos")}
            </Link>
            <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
              <CreditCard aria-hidden="true" /> {t("actions.managePlan")}
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
