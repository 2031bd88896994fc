import { BellRing, CheckCircle2, CircleX, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/confirm";
import { answerContactLinkPage, showContactLink } from "./confirm.server.ts";

/**
 * /c/{token}: the link in a contact's confirmation request or six-monthly "still current?" check
 * (issue 18 item 1, decision 148). No login: the single-use token names the contact. Opening it
 * shows who added them and what the role means; pressing Confirm or Decline answers and spends it.
 * In the visitor's language, like the card.
 */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  showContactLink(context.services, context.clientAddress, params.token, request);
export const action = ({ params, request, context }: Route.ActionArgs) =>
  answerContactLinkPage(context.services, context.clientAddress, params.token, request);

/**
 * The answer spends the link: reading it again after the action would only say "used" (410).
 * The action's own answer is the page.
 */
export const shouldRevalidate = () => false;

/** A refusal's own headers (Retry-After on "too many") reach the client with its page. */
export const headers = ({ errorHeaders, actionHeaders, loaderHeaders }: Route.HeadersArgs) =>
  errorHeaders ?? actionHeaders ?? loaderHeaders;

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.title ?? ""} | SafeTap` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("consent");
  const status = (error as { status?: number } | null)?.status;
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">
        {t(status === 429 ? "page.tooMany" : status === 400 ? "page.badAnswer" : "page.unknown")}
      </h1>
    </main>
  );
}

export default function ContactLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("consent");
  const busy = useNavigation().state !== "idle";
  const { view, linkUrl } = actionData ?? loaderData;
  if (view.status !== "valid" && view.status !== "answered") {
    return (
      <main className="mx-auto max-w-md space-y-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold" data-testid="contact-link-state">
          {t(`page.${view.status}`)}
        </h1>
        <p className="text-muted-foreground">{t(`page.${view.status}Body`)}</p>
      </main>
    );
  }
  const check = view.purpose === "current_check";
  const owner = check ? (view.person ?? view.owner) : view.owner;
  if (view.status === "answered") {
    const confirmed = view.consent === "confirmed";
    return (
      <main className="mx-auto max-w-md space-y-4 px-4 py-12">
        <p
          role="status"
          data-testid="contact-answer"
          className="flex items-start gap-2 rounded-lg bg-success/10 p-3 text-lg font-semibold"
        >
          {confirmed ? (
            <CheckCircle2 className="mt-1 size-5 text-success" aria-hidden="true" />
          ) : (
            <CircleX className="mt-1 size-5" aria-hidden="true" />
          )}
          {confirmed
            ? t("page.confirmed", { owner: view.person ?? view.owner })
            : t("page.declined", { owner: view.owner })}
        </p>
        <p>{confirmed ? t("page.confirmedBody") : t("page.declinedBody")}</p>
        {confirmed && linkUrl ? (
          <a
            href={linkUrl}
            className={buttonVariants({ variant: "outline", size: "lg" })}
            data-testid="link-meta"
          >
            <MessageCircle aria-hidden="true" /> {t("page.alsoMeta")}
          </a>
        ) : null}
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md space-y-5 px-4 py-12">
      <h1 className="text-3xl font-bold">
        {check
          ? t("page.checkTitle", { owner })
          : view.person
            ? t("page.titleFor", { owner: view.owner, person: view.person })
            : t("page.title", { owner: view.owner })}
      </h1>
      <p>{t("page.hello", { name: view.contactName })}</p>
      {check ? null : (
        <section aria-labelledby="what-you-get" className="rounded-lg border p-4">
          <h2 id="what-you-get" className="mb-2 flex items-center gap-2 font-semibold">
            <BellRing className="size-5 text-primary" aria-hidden="true" /> {t("page.whatTitle")}
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>{t("page.whatAlert", { person: view.person ?? view.owner })}</li>
            <li>{t("page.whatAck")}</li>
            <li>{t("page.whatTest")}</li>
            <li>{t("page.whatStop")}</li>
          </ul>
        </section>
      )}
      <Form method="post" className="space-y-3">
        <Button
          type="submit"
          name="answer"
          value="confirm"
          size="lg"
          className="h-14 w-full text-lg"
          disabled={busy}
        >
          <CheckCircle2 aria-hidden="true" /> {check ? t("page.yes") : t("page.confirm")}
        </Button>
        <Button
          type="submit"
          name="answer"
          value="decline"
          size="lg"
          variant="outline"
          className="h-14 w-full text-lg"
          disabled={busy}
        >
          <CircleX aria-hidden="true" /> {check ? t("page.no") : t("page.decline")}
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground">
        {t("page.declineNote")}{" "}
        <Link to="/how-it-works" className="text-primary underline">
          {t("page.learnMore")}
        </Link>
      </p>
    </main>
  );
}
