import { eq } from "drizzle-orm";
import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { claimFailureNotice } from "#app/lib/claim.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import type { NoticeKey } from "#app/lib/notices.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { LIMITS } from "#core/validation.ts";
import { tags } from "#server/db/schema.ts";
import { normaliseTagId } from "#server/domain/public-card.ts";
import { claimTag } from "#server/domain/tag-lifecycle.ts";
import type { Route } from "./+types/claim";

/** To the dashboard's QR Tags card, with a notice about this tag there. */
const toTags = (notice: NoticeKey, context: Route.LoaderArgs["context"]) =>
  redirect("/dashboard?tab=tags", {
    headers: { "Set-Cookie": noticeCookie(notice, context.services.config.isProduction) },
  });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId) throw redirect("/");
  // One answer for every well-formed id, whether it exists, is free or is
  // taken, so the page cannot be used to list tags (issue 13 item 6, decision
  // 112); only a claim, which needs the token, says more. The tag's own owner
  // is sent to the dashboard.
  const user = await getSessionUser(request, context);
  if (user) {
    const [tag] = await context.services.db
      .select({ userId: tags.userId })
      .from(tags)
      .where(eq(tags.id, tagId))
      .limit(1);
    if (tag?.userId === user.id) throw toTags("tag-already-owned", context);
  }
  const t = requestTranslator(request);
  return {
    seo: { title: t("tags:claim.title"), description: t("pages.claim.description") },
    tagId,
    claimed: false as boolean,
    signedIn: Boolean(user),
    token:
      new URL(request.url).searchParams.get("token")?.toUpperCase().slice(0, LIMITS.token) ?? "",
  };
}
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) {
    return data(
      { notice: { tone: "error", title: "tags:errors.signInRequired" } as NoticeData },
      { status: 401 },
    );
  }
  const form = await request.formData();
  const result = await claimTag(context.services, {
    userId: user.id,
    tagId: params.tagId,
    token: form.get("token"),
    clientAddress: context.clientAddress,
  });
  if (result.ok) return toTags("tag-claimed", context);
  if (result.reason === "already_owned") return toTags("tag-already-owned", context);
  return data(
    { notice: claimFailureNotice(result, "tags:errors.claimFailed") },
    { status: result.reason === "rate_limited" ? 429 : 400 },
  );
}

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
