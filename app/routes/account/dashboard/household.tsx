import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  InvitationsCard,
  MembersCard,
  PeopleCard,
  SeatsCard,
} from "#app/components/household/household-sections.tsx";
import { Notice, useArrivalNotice } from "#app/components/notice.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/household";
import { householdAction, householdPage } from "./household.server.ts";

export const loader = ({ request, context }: Route.LoaderArgs) => householdPage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => householdAction(request, context);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** /dashboard/household: the Family plan's household (issue 15 item 5). */
export default function Household({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const arrival = useArrivalNotice(loaderData.notice);
  const { household } = loaderData;
  const answer = actionData ?? null;
  const noticeFor = (form: string) => (answer?.form === form ? answer.notice : null);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/dashboard" className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden="true" /> {t("household.back")}
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">
        {household ? t("household.heading", { owner: household.ownerName }) : t("household.title")}
      </h1>
      <p className="mt-1 text-muted-foreground">{t("household.subtitle")}</p>
      <Notice notice={arrival} className="mt-6" />
      {household ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <MembersCard household={household} notice={noticeFor("members")} />
          <SeatsCard household={household} />
          <InvitationsCard
            household={household}
            notice={noticeFor("invitations")}
            inviteNotice={noticeFor("invite")}
            fieldError={answer?.form === "invite" ? answer.fieldError : undefined}
            identifier={answer?.form === "invite" ? answer.identifier : undefined}
          />
          <PeopleCard household={household} />
        </div>
      ) : (
        <div className="mt-8 space-y-3" data-testid="no-household">
          <p>{t("household.none")}</p>
          <Link to="/pricing" className={buttonVariants({ variant: "outline" })}>
            {t("household.seePlans")}
          </Link>
        </div>
      )}
    </main>
  );
}
