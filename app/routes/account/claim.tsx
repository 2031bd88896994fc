import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { PersonSelect } from "#app/components/person-select.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { LIMITS } from "#core/validation.ts";
import type { Route } from "./+types/claim";
import { claimVisitor, claimWithToken } from "./claim.server.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { tagId, signedIn, people } = await claimVisitor(request, context, params.tagId);
  const t = requestTranslator(request);
  return {
    seo: { title: t("tags:claim.title"), description: t("pages.claim.description") },
    tagId,
    claimed: false as boolean,
    signedIn,
    people,
    person: new URL(request.url).searchParams.get("person") ?? undefined,
    token:
      new URL(request.url).searchParams.get("token")?.toUpperCase().slice(0, LIMITS.token) ?? "",
  };
}
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

export const action = ({ params, request, context }: Route.ActionArgs) =>
  claimWithToken(request, context, params.tagId);

export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tags");
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { tagId } = loaderData;
  const redirectTo = `/claim/${tagId}`; // tag ids are URL-safe
  const answer = actionData as { notice?: NoticeData } | undefined;
  // The tag id is in the address, not a field: every message but "wait" is the token's.
  const { formRef, errors } = useFieldErrors(
    answer,
    answer?.notice?.description && answer.notice.title !== "tags:errors.tooMany"
      ? { token: { key: answer.notice.description, values: answer.notice.values } }
      : undefined,
  );
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardContent className="space-y-4 pt-6">
          {loaderData.claimed ? (
            <>
              <h1 className="text-2xl font-bold">{t("claim.alreadyTitle")}</h1>
              <p className="text-muted-foreground">{t("claim.alreadyBody")}</p>
              <div className="flex flex-wrap gap-2">
                <Link to={`/t/${tagId}`} className={buttonVariants()}>
                  {t("claim.viewCard")}
                </Link>
                <Link to="/" className={buttonVariants({ variant: "outline" })}>
                  {t("claim.home")}
                </Link>
              </div>
            </>
          ) : (
            <>
              <h1 className="flex items-center gap-2 text-2xl font-bold">
                <ShieldCheck className="size-6 text-primary" aria-hidden="true" />{" "}
                {t("claim.title")}
              </h1>
              <p className="text-muted-foreground">{t("claim.intro", { tagId })}</p>
              <Notice notice={actionData?.notice} />
              {loaderData.signedIn ? (
                <Form ref={formRef} method="post" className="space-y-3" noValidate>
                  <Field id={`${id}-token`} label={t("claim.token")} error={errors.token}>
                    {(props) => (
                      <Input
                        {...props}
                        name="token"
                        defaultValue={loaderData.token}
                        maxLength={LIMITS.token}
                        autoCapitalize="characters"
                        autoComplete="off"
                        placeholder="ACT-XXXXXX"
                        className="font-mono uppercase"
                      />
                    )}
                  </Field>
                  <PersonSelect
                    id={id}
                    people={loaderData.people}
                    defaultValue={loaderData.person}
                  />
                  <Button type="submit" className="w-full" disabled={busy}>
                    {busy ? t("claim.submitting") : t("claim.submit")}
                  </Button>
                </Form>
              ) : (
                <div className="space-y-3">
                  <p>{t("claim.signedOut")}</p>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`/auth?mode=signin&redirect=${redirectTo}`}
                      className={buttonVariants()}
                    >
                      {t("claim.signIn")}
                    </Link>
                    <Link
                      to={`/auth?mode=signup&redirect=${redirectTo}`}
                      className={buttonVariants({ variant: "outline" })}
                    >
                      {t("claim.createFree")}
                    </Link>
                  </div>
                </div>
              )}
            </>
          )}
          <p className="border-t pt-4 text-sm text-muted-foreground">
            {t("claim.needHelp")}{" "}
            <Link to="/support" className="text-primary underline">
              {t("claim.support")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
