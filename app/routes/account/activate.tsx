import { CheckCircle2, LifeBuoy, ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { claimFailureField, claimFailureNotice } from "#app/lib/claim.server.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { LIMITS } from "#core/validation.ts";
import { isIdempotencyKey, raiseAlert } from "#server/alerts/create.ts";
import { consumeTestAlert } from "#server/alerts/toll-limits.ts";
import { claimTag, findAlertableTag } from "#server/domain/tag-lifecycle.ts";
import type { Route } from "./+types/activate";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "/");
  const url = new URL(request.url);
  const t = requestTranslator(request);
  const prefill = (name: string) =>
    (url.searchParams.get(name) ?? "").toUpperCase().slice(0, LIMITS.tagId);
  return {
    seo: { title: t("tags:activate.title"), description: t("pages.activate.description") },
    tag: prefill("tag"),
    token: prefill("token"),
    testKey: crypto.randomUUID(),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

type ActionData = { activated?: string; notice?: NoticeData; field?: "tagId" | "token" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/");
  const form = await request.formData();
  const { services, clientAddress } = context;
  if (form.get("intent") === "test") {
    const tagId = String(form.get("tagId") ?? "");
    const tag = await findAlertableTag(services, user.id, tagId);
    const key = form.get("idempotencyKey");
    if (!tag) {
      return data<ActionData>(
        { notice: { tone: "error", title: "tags:notices.testFailed" } },
        { status: 404 },
      );
    }
    const limited = await consumeTestAlert(services, user.id);
    if (!limited.allowed) {
      return data<ActionData>(
        {
          notice: {
            tone: "error",
            title: "tags:notices.testFailed",
            description: "account:tags.testTooMany",
          },
        },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    const raised = await raiseAlert(services, {
      source: "test",
      userId: user.id,
      tagId: tag.id,
      idempotencyKey: isIdempotencyKey(key) ? `${key}-activate` : crypto.randomUUID(),
      location: null,
      clientAddress,
    });
    return data<ActionData>({
      activated: tag.id,
      notice:
        raised.contactsReached > 0
          ? {
              tone: "success",
              title: "tags:notices.testSent",
              description: "tags:notices.testSentBody",
            }
          : {
              tone: "error",
              title: "tags:notices.testFailed",
              description: "account:tags.noContacts",
            },
    });
  }
  const tagId = String(form.get("tagId") ?? "")
    .trim()
    .toUpperCase();
  const token = String(form.get("token") ?? "")
    .trim()
    .toUpperCase();
  const fail = (description: string, field: "tagId" | "token") =>
    data<ActionData>(
      { notice: { tone: "error", title: "tags:errors.activationFailed", description }, field },
      { status: 400 },
    );
  if (!tagId || !token) return fail("tags:errors.bothRequired", tagId ? "token" : "tagId");
  if (!token.startsWith("ACT-")) return fail("tags:errors.tokenFormat", "token");
  const result = await claimTag(services, { userId: user.id, tagId, token, clientAddress });
  if (!result.ok) {
    return data<ActionData>(
      {
        notice: claimFailureNotice(result, "tags:errors.activationFailed"),
        field: claimFailureField(result),
      },
      { status: result.reason === "rate_limited" ? 429 : 400 },
    );
  }
  return data<ActionData>({
    activated: result.tagId,
    notice: { tone: "success", title: "tags:notices.activated" },
  });
}

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
