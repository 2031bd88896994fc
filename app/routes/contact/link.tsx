import { CircleCheck, MessageCircle } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation, useParams, useRevalidator } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/link";
import { linkAction, linkPage } from "./link.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  linkPage(request, context, params.token);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  linkAction(request, context, params.token);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/** How often the page looks whether Meta's webhook has linked the account. */
const POLL_MS = 3_000;

/** A contact links their Messenger or Instagram account (decision 149). */
export default function LinkAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact-link");
  const { token } = useParams();
  const page = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  const waiting = page.state === "ready" && !actionData;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  const channel = page.linkedChannel ? t(`account:channels.${page.linkedChannel}`) : "";
  const refusal: Record<string, string> = {
    unknown: t("page.unknown"),
    expired: t("page.expired", { person: page.person }),
    used: t("page.used", { person: page.person }),
    unavailable: t("page.unavailable"),
    limited: t("page.tooMany", { count: page.minutes }),
  };
  return (
    <main className="mx-auto max-w-md space-y-5 px-4 py-12">
      <h1 className="text-2xl font-bold">{t("page.title")}</h1>
      {refusal[page.state] ? (
        <p
          role="alert"
          className="rounded-lg border p-4 font-medium"
          data-testid="link-state"
          data-state={page.state}
        >
          {refusal[page.state]}
        </p>
      ) : (
        <>
          {page.state === "linked" || page.state === "unlinked" ? null : (
            <p>{t("page.intro", { person: page.person, contact: page.contactName })}</p>
          )}
          {page.state === "linked" ? (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg bg-success/10 p-4 font-semibold"
              data-testid="link-state"
              data-state="linked"
            >
              <CircleCheck className="mt-0.5 size-5 text-success" aria-hidden="true" />
              {t("page.linked", { person: page.person, channel })}
            </p>
          ) : null}
          {page.state === "unlinked" ? (
            <p
              role="status"
              className="rounded-lg border p-4 font-medium"
              data-testid="link-state"
              data-state="unlinked"
            >
              {t("page.unlinked", { person: page.person, channel })}
            </p>
          ) : null}
          {page.state === "ready" && page.linkedChannel ? (
            <p className="rounded-lg bg-muted p-3">
              {t("page.alreadyLinked", { person: page.person, channel })}
            </p>
          ) : null}
          {page.targets.length ? (
            <div className="space-y-3" data-testid="link-state" data-state="ready">
              <p>{t("page.how", { person: page.person })}</p>
              {page.targets.map((target) => (
                <a
                  key={target.channel}
                  href={target.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({ size: "lg", className: "h-14 w-full text-lg" })}
                  data-testid={`open-${target.channel}`}
                >
                  <MessageCircle aria-hidden="true" />
                  {target.channel === "messenger"
                    ? t("page.openMessenger")
                    : t("page.openInstagram")}
                </a>
              ))}
              {page.targets.some((target) => target.channel === "instagram") ? (
                <p className="text-sm text-muted-foreground">{t("page.instagramWindow")}</p>
              ) : null}
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t("page.waiting")}{" "}
                <a href={`/c/link/${token}`} className="text-primary underline">
                  {t("page.check")}
                </a>
              </p>
            </div>
          ) : null}
          {page.canUnlink && page.linkedChannel && page.state !== "unlinked" ? (
            <Form method="post">
              <Button type="submit" name="intent" value="unlink" variant="outline" disabled={busy}>
                {t("page.unlink", { channel })}
              </Button>
            </Form>
          ) : null}
          <p className="text-sm text-muted-foreground">{t("page.privacy")}</p>
        </>
      )}
    </main>
  );
}
