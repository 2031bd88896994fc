import { useTranslation } from "react-i18next";
import { Eyebrow } from "#app/components/content/eyebrow.tsx";
import { SupportFaq, SupportTopics } from "#app/components/support/faq.tsx";
import { SupportEmail, SupportForm, SupportSent } from "#app/components/support/support-form.tsx";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import type { Route } from "./+types/support";
import { sendSupportQuestion, supportDefaults } from "./support.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent");
  return {
    seo: seoFor(request, "pages.support"),
    sent: sent === "1" || sent === "delayed" ? sent : null,
    defaults: await supportDefaults(request, context),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/**
 * Paints from the first round trip: its CSS inline (decision 155). Signed out, its
 * scripts start on the visitor's first interaction, enhance.ts running the header
 * until then (decision 160); signed in, after load.
 */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "on-interaction",
};
/** Passes the action's Retry-After on to the response. */
export const headers = ({ actionHeaders }: Route.HeadersArgs) => actionHeaders;

export const action = ({ request, context }: Route.ActionArgs) =>
  sendSupportQuestion(request, context);

/** The help centre: answers by topic, each with its anchor, the support address and the form. */
export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("support");
  const supportEmail = useRootData()?.supportEmail ?? "";
  return (
    <main>
      <header className="border-b bg-muted/40">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
          <Eyebrow>{t("eyebrow")}</Eyebrow>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{t("title")}</h1>
          <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{t("intro")}</p>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
            <SupportEmail email={supportEmail} />
            <a href="#ask" className="font-medium text-primary underline underline-offset-4">
              {t("askLink")}
            </a>
          </div>
          <SupportTopics />
        </div>
      </header>
      <div className="mx-auto max-w-4xl space-y-16 px-4 py-12">
        <SupportFaq />
        <section id="ask" aria-labelledby="ask-title" className="scroll-mt-24">
          {loaderData.sent ? (
            <SupportSent delayed={loaderData.sent === "delayed"} supportEmail={supportEmail} />
          ) : (
            <SupportForm actionData={actionData} defaults={loaderData.defaults} />
          )}
        </section>
      </div>
    </main>
  );
}
