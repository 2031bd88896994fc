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
  Trash2,
  UserRound,
  Users,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { listRecentAlerts } from "../../server/alerts/history.ts";
import {
  addContacts,
  ContactLimitError,
  deleteContact,
  isContactId,
  listContacts,
} from "../../server/domain/contacts.ts";
import { getProfile } from "../../server/domain/profiles.ts";
import { listUserTags } from "../../server/domain/tags.ts";
import { rolesOf } from "../../server/domain/users.ts";
import { ContactFields } from "../components/contact-fields.tsx";
import { RecentAlerts } from "../components/dashboard/recent-alerts.tsx";
import { TagsCard } from "../components/dashboard/tags-card.tsx";
import { Notice, type NoticeData, useNotice } from "../components/notice.tsx";
import { Button, buttonVariants } from "../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { cn } from "../lib/cn.ts";
import { handleTagAction, TAG_INTENTS } from "../lib/dashboard-tags.server.ts";
import { requireUser } from "../lib/guards.server.ts";
import { requestTranslator } from "../lib/i18n.server.ts";
import { metaTags } from "../lib/meta.ts";
import { PLANS } from "../lib/plans.ts";
import { sanitizeText, validateContact } from "../lib/validation.ts";
import type { Route } from "./+types/dashboard";

/** Notices that arrive through the address after a redirect; only these keys are shown. */
const ADDRESS_NOTICES: Record<string, NoticeData> = {
  profileComplete: { tone: "success", title: "account:notices.profileComplete" },
  profileSaved: { tone: "success", title: "account:notices.profileSaved" },
  profileLater: { tone: "success", title: "account:notices.profileLater" },
  alreadyOwned: { tone: "success", title: "tags:errors.alreadyOwned" },
};

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
  return {
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
    addressNotice: ADDRESS_NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
    claimed: url.searchParams.get("claimed") === "1",
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export type DashboardActionData = {
  notice: NoticeData;
  form: "contacts" | "tags";
  tagId?: string;
  values?: { name: string; channel: string; value: string };
};
type ActionData = DashboardActionData;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/");
  const { db, cipher, logger } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const reply = (notice: NoticeData, status = 200, values?: ActionData["values"]) =>
    data<ActionData>({ notice, form: "contacts", values }, { status });

  if (intent === "addContact") {
    const values = {
      name: sanitizeText(form.get("name")),
      channel: String(form.get("channel") ?? ""),
      value: sanitizeText(form.get("value")),
    };
    if (!values.name || !values.value) {
      return reply(
        {
          tone: "error",
          title: "account:contacts.incomplete",
          description: "validation.fillAllFields",
        },
        400,
        values,
      );
    }
    const checked = validateContact(values);
    if (!checked.ok) {
      return reply(
        { tone: "error", title: "account:contacts.addFailed", description: checked.error },
        400,
        values,
      );
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
            title: "account:contacts.addFailed",
            description: "account:contacts.limitReached",
            values: { limit: error.limit, count: error.limit },
          },
          403,
          values,
        );
      }
      logger.error({ err: error }, "adding a contact failed");
      return reply(
        { tone: "error", title: "account:contacts.addFailed", description: "errors.generic" },
        500,
        values,
      );
    }
    return reply({ tone: "success", title: "account:contacts.added" });
  }

  if (intent === "removeContact") {
    const id = form.get("contactId");
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
    return data<ActionData>(await handleTagAction(context, user.id, intent, form), {
      status: 200,
    });
  }

  return reply({ tone: "error", title: "errors.generic" }, 400);
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { profile, plan, contacts, tags } = loaderData;
  const [claimedNotice, setClaimedNotice] = useState(loaderData.claimed);

  useEffect(() => {
    // Notices carried by the address are shown once; the address is tidied up.
    const url = new URL(window.location.href);
    if (url.searchParams.get("claimed") === "1") {
      setClaimedNotice(true);
      window.history.replaceState(window.history.state, "", "/dashboard?tab=tags");
      document.getElementById("tags")?.scrollIntoView({ block: "start" });
    } else if (url.searchParams.has("notice")) {
      url.searchParams.delete("notice");
      window.history.replaceState(window.history.state, "", url.pathname + url.search);
    }
    if (url.searchParams.get("tab") === "tags") {
      document.getElementById("tags")?.scrollIntoView({ block: "start" });
    }
  }, []);

  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  const topNotice: NoticeData | null = claimedNotice
    ? {
        tone: "success",
        title: "account:notices.tagClaimed",
        description: "account:notices.tagClaimedBody",
      }
    : loaderData.addressNotice;

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
      <Notice notice={topNotice} className="mt-6" />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard className="size-5 text-primary" aria-hidden="true" /> {t("plan.title")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="text-2xl font-bold" data-testid="current-plan">
              {t(`common:plans.${plan.id}.name`)}
            </p>
            <dl className="grid grid-cols-2 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t("plan.status")}</dt>
              <dd>{plan.status === "active" ? t("plan.active") : plan.status}</dd>
              <dt className="text-muted-foreground">{t("plan.renewal")}</dt>
              <dd>
                {plan.renewsAt ? dateFormat.format(new Date(plan.renewsAt)) : t("plan.noRenewal")}
              </dd>
            </dl>
            <Link
              to="/pricing"
              className={buttonVariants({ variant: plan.id === "free" ? "default" : "outline" })}
            >
              {plan.id === "free" ? t("plan.upgrade") : t("plan.change")}
            </Link>
          </CardContent>
        </Card>

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

function ContactsCard({
  contacts,
  limit,
  actionData,
}: {
  contacts: { id: string; name: string; channel: string; value: string; priority: number }[];
  limit: number | null;
  actionData: ActionData | undefined;
}) {
  const { t } = useTranslation("account");
  const ids = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const { notice, show: showNotice } = useNotice(actionData, actionData?.notice);
  useEffect(() => {
    if (actionData?.notice.tone === "success") formRef.current?.reset();
  }, [actionData]);
  return (
    <Card id="contacts" className="scroll-mt-24 lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" /> {t("contacts.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {limit === null
            ? t("contacts.countUnlimited", { count: contacts.length })
            : t("contacts.count", { count: contacts.length, limit })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Notice notice={notice} />
        {contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("contacts.empty")}</p>
        ) : (
          <ol className="space-y-2" data-testid="contact-list">
            {contacts.map((contact) => (
              <li
                key={contact.id}
                className="flex items-center justify-between gap-3 rounded-lg border p-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    <span className="mr-2 text-muted-foreground">{contact.priority}.</span>
                    {contact.name}
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {t(`channels.${contact.channel}`)} · {contact.value}
                  </p>
                </div>
                <Form method="post" replace preventScrollReset>
                  <input type="hidden" name="contactId" value={contact.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="removeContact"
                    variant="ghost"
                    size="icon"
                    aria-label={t("contacts.remove", { name: contact.name })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </Form>
              </li>
            ))}
          </ol>
        )}
        <Form
          ref={formRef}
          method="post"
          replace
          preventScrollReset
          noValidate
          className="grid gap-3 rounded-lg border border-dashed p-3 sm:grid-cols-[1fr_8rem_1fr_auto]"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            if (!sanitizeText(form.get("name")) || !sanitizeText(form.get("value"))) {
              event.preventDefault();
              showNotice({
                tone: "error",
                title: "account:contacts.incomplete",
                description: "validation.fillAllFields",
              });
            }
          }}
        >
          <ContactFields idPrefix={ids} defaults={actionData?.values} />
          <div className="flex items-end">
            <Button type="submit" name="intent" value="addContact" disabled={busy}>
              {t("contacts.add")}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
