import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/join";
import { JOIN_HEADERS, joinAction, joinPage } from "./join.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  joinPage(request, context, params.token);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  joinAction(request, context, params.token);
export const headers = () => JOIN_HEADERS;
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

/** Accepting a household invitation (issue 15 item 5). */
export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const { state, ownerName } = loaderData;
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UserPlus className="size-5 text-primary" aria-hidden="true" />
            {state === "pending" ? t("join.heading", { owner: ownerName }) : t("join.title")}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Notice notice={actionData?.notice} />
          {state !== "pending" ? (
            <p data-testid="join-state">{t(`join.states.${state}`)}</p>
          ) : loaderData.signedIn ? (
            <>
              <p>{t("join.body", { owner: ownerName })}</p>
              <Form method="post">
                <Button type="submit" disabled={busy} data-testid="join">
                  {t("join.confirm", { owner: ownerName })}
                </Button>
              </Form>
            </>
          ) : (
            <>
              <p>{t("join.body", { owner: ownerName })}</p>
              <p className="text-sm text-muted-foreground">
                {t("join.useIdentifier", { identifier: loaderData.identifier })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to={loaderData.signUp} className={buttonVariants()}>
                  {t("join.signUp")}
                </Link>
                <Link to={loaderData.signIn} className={buttonVariants({ variant: "outline" })}>
                  {t("join.signIn")}
                </Link>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
