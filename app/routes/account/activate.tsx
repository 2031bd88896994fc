import { CheckCircle2, LifeBuoy, ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Notice, useNotice } from "#app/components/notice.tsx";
import { PersonSelect } from "#app/components/person-select.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { claimablePeople } from "#app/lib/claim.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { LIMITS } from "#core/validation.ts";
import type { Route } from "./+types/activate";
import { activateAction } from "./activate.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/");
  const url = new URL(request.url);
  const t = requestTranslator(request);
  const prefill = (name: string) =>
    (url.searchParams.get(name) ?? "").toUpperCase().slice(0, LIMITS.tagId);
  return {
    seo: { title: t("tags:activate.title"), description: t("pages.activate.description") },
    tag: prefill("tag"),
    token: prefill("token"),
    testKey: crypto.randomUUID(),
    /** Whom the tag is for (decision 129): asked only when the user manages more than one. */
    people: await claimablePeople(context.services.db, user.id),
    person: url.searchParams.get("person") ?? undefined,
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export const action = ({ request, context }: Route.ActionArgs) => activateAction(request, context);

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tags");
  const id = useId();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [tagId, setTagId] = useState(loaderData.tag);
  const [token, setToken] = useState(loaderData.token);
  const { notice, show } = useNotice(actionData, actionData?.notice);
  const {
    formRef,
    errors,
    show: showErrors,
  } = useFieldErrors(
    actionData,
    actionData?.field && actionData.notice?.description
      ? {
          [actionData.field]: {
            key: actionData.notice.description,
            values: actionData.notice.values,
          },
        }
      : undefined,
  );
  const activated = actionData?.activated;

  return (
    <main className="mx-auto grid max-w-4xl gap-6 px-4 py-12 md:grid-cols-[1fr_18rem]">
      <Card>
        <CardContent className="space-y-4 pt-6">
          {activated ? (
            <>
              <h1 className="flex items-center gap-2 text-2xl font-bold text-success">
                <CheckCircle2 className="size-6" aria-hidden="true" /> {t("activate.successTitle")}
              </h1>
              {/* The previous press's answer is not this press's: hidden until the server answers. */}
              <Notice notice={busy ? null : notice} />
              <p>{t("activate.successBody", { tagId: activated })}</p>
              <div className="flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="test" />
                  <input type="hidden" name="tagId" value={activated} />
                  <input type="hidden" name="idempotencyKey" value={loaderData.testKey} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {busy ? t("activate.testing") : t("activate.test")}
                  </Button>
                </Form>
                <Link to="/dashboard?tab=tags" className={buttonVariants()}>
                  {t("activate.dashboard")}
                </Link>
              </div>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold">{t("activate.title")}</h1>
              <p className="text-muted-foreground">{t("activate.intro")}</p>
              <Notice notice={notice} />
              <Form
                ref={formRef}
                method="post"
                noValidate
                className="space-y-4"
                onSubmit={(event) => {
                  const fail = (description: string, field: "tagId" | "token") => {
                    event.preventDefault();
                    show({ tone: "error", title: "tags:errors.activationFailed", description });
                    showErrors({ [field]: description });
                  };
                  if (!tagId.trim() || !token.trim()) {
                    fail("tags:errors.bothRequired", tagId.trim() ? "token" : "tagId");
                  } else if (!token.trim().startsWith("ACT-")) {
                    fail("tags:errors.tokenFormat", "token");
                  }
                }}
              >
                <Field id={`${id}-tag`} label={t("activate.tagId")} error={errors.tagId}>
                  {(props) => (
                    <Input
                      {...props}
                      name="tagId"
                      value={tagId}
                      maxLength={LIMITS.tagId}
                      onChange={(e) => setTagId(e.target.value.toUpperCase())}
                      autoComplete="off"
                      placeholder="WB-XXXXX"
                      className="font-mono"
                    />
                  )}
                </Field>
                <Field id={`${id}-token`} label={t("activate.token")} error={errors.token}>
                  {(props) => (
                    <Input
                      {...props}
                      name="token"
                      value={token}
                      maxLength={LIMITS.token}
                      onChange={(e) => setToken(e.target.value.toUpperCase())}
                      autoComplete="off"
                      placeholder="ACT-XXXXXX"
                      className="font-mono"
                    />
                  )}
                </Field>
                <PersonSelect id={id} people={loaderData.people} defaultValue={loaderData.person} />
                <Button type="submit" className="w-full" disabled={busy}>
                  {busy ? t("activate.submitting") : t("activate.submit")}
                </Button>
              </Form>
            </>
          )}
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>{t("activate.helpTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p className="text-muted-foreground">{t("activate.helpBody")}</p>
          <a
            href={root?.storeUrl}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <ShoppingBag aria-hidden="true" /> {t("activate.store")}
          </a>
          <Link to="/support" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <LifeBuoy aria-hidden="true" /> {t("activate.support")}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
