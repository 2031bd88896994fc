import { Building2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/invitation";
import { INVITATION_HEADERS, invitationAction, invitationPage } from "./invitation.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  invitationPage(request, context, params.invitationId);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  invitationAction(request, context, params.invitationId);
export const headers = () => INVITATION_HEADERS;
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/** An invitation into an organisation (issue 16 item 2): accept or decline. */
export default function OrgInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("org-admin");
  const busy = useNavigation().state === "submitting";
  const { state, invitation } = loaderData;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const declined = Boolean(actionData?.declined);
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Building2 className="size-5 text-primary" aria-hidden="true" />
            {invitation && !declined
              ? t("invitation.heading", { organization: invitation.organization })
              : t("invitation.title")}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Notice notice={actionData?.notice} />
          {declined ? null : !invitation ? (
            <p data-testid="invitation-state">{t(`invitation.states.${state}`)}</p>
          ) : (
            <>
              <p data-testid="invitation-role">
                {invitation.forOwnCard
                  ? t("invitation.ownCard", { organization: invitation.organization })
                  : t("invitation.body", {
                      organization: invitation.organization,
                      role: t(`org:roles.${invitation.role}`),
                    })}
              </p>
              <p className="text-sm text-muted-foreground">
                {t("invitation.sentTo", {
                  email: invitation.email,
                  date: date.format(new Date(invitation.expiresAt)),
                })}
              </p>
              {!loaderData.signedIn ? (
                <div className="flex flex-wrap gap-2">
                  <Link to={loaderData.signIn} className={buttonVariants()}>
                    {t("invitation.signIn")}
                  </Link>
                  <Link to={loaderData.signUp} className={buttonVariants({ variant: "outline" })}>
                    {t("invitation.signUp")}
                  </Link>
                </div>
              ) : invitation.forViewer === false ? (
                <p className="font-medium text-destructive" data-testid="invitation-other-address">
                  {t("invitation.otherAddress", { email: invitation.email })}
                </p>
              ) : (
                <Form method="post" className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="accept" disabled={busy}>
                    {t("invitation.accept")}
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="decline"
                    variant="outline"
                    disabled={busy}
                  >
                    {t("invitation.decline")}
                  </Button>
                </Form>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
