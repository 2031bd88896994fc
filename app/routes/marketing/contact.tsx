import { useTranslation } from "react-i18next";
import { EnquiryForm } from "#app/components/sales/enquiry-form.tsx";
import { NextSteps } from "#app/components/sales/next-steps.tsx";
import { ThankYou } from "#app/components/sales/thank-you.tsx";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import type { Route } from "./+types/contact";
import { sendSalesEnquiry } from "./contact.server.ts";

export const loader = ({ request }: Route.LoaderArgs) => {
  const sent = new URL(request.url).searchParams.get("sent");
  return {
    seo: seoFor(request, "pages.contact"),
    sent: sent === "1" || sent === "delayed" ? sent : null,
  };
};
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
  sendSalesEnquiry(request, context);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sales");
  const salesEmail = useRootData()?.salesEmail ?? "";
  return (
    <main className="mx-auto grid max-w-5xl gap-6 px-4 py-12 lg:grid-cols-[1fr_20rem]">
      {loaderData.sent ? (
        <ThankYou delayed={loaderData.sent === "delayed"} salesEmail={salesEmail} />
      ) : (
        <div className="space-y-4">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
          <p className="text-lg text-muted-foreground">{t("intro")}</p>
          <EnquiryForm actionData={actionData} />
        </div>
      )}
      <NextSteps salesEmail={salesEmail} />
    </main>
  );
}
