import { useTranslation } from "react-i18next";
import { data, Link, redirect, useLoaderData } from "react-router";
import { BILLING_CHOICE_GROUP, BillingChoice } from "#app/components/marketing/billing-toggle.tsx";
import {
  ClosingCta,
  onPrimaryOutline,
  onPrimarySolid,
} from "#app/components/marketing/closing-cta.tsx";
import { CompareTable } from "#app/components/marketing/compare-table.tsx";
import { PLAN_FAQ_IDS, usePlanFaq } from "#app/components/marketing/faq-items.ts";
import { FaqList } from "#app/components/marketing/faq-list.tsx";
import { type PlanActionData, signupHref } from "#app/components/marketing/plan-action.tsx";
import { PlanGrid } from "#app/components/marketing/plan-grid.tsx";
import { PricingHero } from "#app/components/marketing/pricing-hero.tsx";
import { Section, SectionHeading } from "#app/components/marketing/section.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { requestTranslator, seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isBillingCycle, isPlanId } from "#core/plans.ts";
import type { Route } from "./+types/pricing";
import { freePlanDropsContacts, planViewer, switchToFreePlan } from "./pricing.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const billing = url.searchParams.get("billing");
  return {
    seo: seoFor(request, "pages.pricing"),
    ...(await planViewer(request, context)),
    // Links may open the page on a billing cycle or with the comparison shown.
    billing: isBillingCycle(billing) ? billing : "monthly",
    compareOpen: url.searchParams.get("compare") === "1",
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/**
 * Paints from the first round trip: its CSS inline, its scripts after load (decision 155);
 * signed out, no React at all (decision 159).
 */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

/** Pages a plan form may return to (no open redirects). */
const RETURN_PATHS = new Set(["/", "/pricing"]);

/**
 * Plan selection (spec section 4). With JavaScript only Free reaches the server;
 * without it, every plan button posts here and gets the same outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // React Router already refuses actions posted from another origin (CSRF).
  const { config, logger } = context.services;
  const t = requestTranslator(request);
  const form = await request.formData();
  const plan = form.get("plan");
  if (!isPlanId(plan)) {
    return data<PlanActionData>({ error: t("marketing:notices.invalidPlan") }, { status: 400 });
  }
  if (plan === "enterprise") throw redirect("/contact");

  const user = await getSessionUser(request, context);
  if (!user) throw redirect(signupHref(plan));

  const secure = config.isProduction;
  if (plan !== "free") {
    // No payments yet (DESIGN 1.4): nothing changes, the page says checkout is coming.
    const returnTo = String(form.get("returnTo") ?? "");
    const back = RETURN_PATHS.has(returnTo) ? returnTo : "/pricing";
    throw redirect(`${back === "/" ? "/#pricing" : `/pricing#${plan}`}`, {
      headers: { "Set-Cookie": noticeCookie("checkout-coming-soon", secure) },
    });
  }

  // Moving to Free with more contacts than it alerts: the dashboard says who
  // stays alerted and asks first (decision 095).
  if (form.get("confirm") !== "yes" && (await freePlanDropsContacts(context, user.id))) {
    throw redirect("/dashboard?downgrade=free");
  }

  let onboardingCompleted: boolean;
  try {
    ({ onboardingCompleted } = await switchToFreePlan(context, user.id));
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "plan update failed");
    return data<PlanActionData>(
      { error: t("marketing:notices.planUpdateFailed") },
      { status: 500 },
    );
  }
  throw redirect(onboardingCompleted ? "/dashboard" : "/onboarding", {
    headers: { "Set-Cookie": noticeCookie("plan-updated-free", secure) },
  });
}

export default function PricingPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const loaderData = useLoaderData<typeof loader>();
  const faq = usePlanFaq(PLAN_FAQ_IDS);

  return (
    <main>
      <PricingHero />

      <Section id="plans" headingId="plans-title" innerClassName="max-w-7xl pt-4 sm:pt-8">
        <SectionHeading id="plans-title" title={t("pricingPage.plansTitle")} />
        {/* CSS over radio buttons and a disclosure: no JavaScript, no request (decision 159). */}
        <div className={BILLING_CHOICE_GROUP}>
          <div className="mt-8">
            <BillingChoice initial={loaderData.billing} name="pricing-billing" />
          </div>
          {actionData?.error ? (
            <div
              role="alert"
              className="mx-auto mt-8 max-w-xl rounded-md border border-destructive bg-destructive/10 px-4 py-3 text-center"
            >
              <p className="font-semibold">{t("notices.errorUpdatingPlan")}</p>
              <p className="text-sm">{actionData.error}</p>
            </div>
          ) : null}
          <PlanGrid
            cycle="both"
            annualShownPer="month"
            detailsGroup="pricing-plan"
            anchorIds
            signedIn={loaderData.signedIn}
            currentPlan={loaderData.currentPlan}
            returnTo="/pricing"
          />
        </div>

        <details id="compare" open={loaderData.compareOpen} className="group mt-16 scroll-mt-24">
          <summary
            className={cn(
              buttonVariants({ variant: "outline", size: "lg" }),
              "mx-auto flex w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden",
            )}
            data-testid="compare-toggle"
          >
            <span className="group-open:hidden">{t("compare.show")}</span>
            <span className="hidden group-open:inline">{t("compare.hide")}</span>
          </summary>
          <div className="mt-8">
            <h2 className="sr-only">{t("compare.title")}</h2>
            <CompareTable />
          </div>
        </details>
      </Section>

      <Section id="faq" headingId="faq-title" className="bg-muted/40">
        <SectionHeading id="faq-title" title={t("faq.title")} />
        <FaqList items={faq} />
      </Section>

      <ClosingCta
        headingId="pricing-closing-title"
        title={t("pricingPage.closing.title")}
        body={t("pricingPage.closing.body")}
      >
        <Link to={signupHref("free")} className={onPrimarySolid}>
          {t("pricingPage.closing.tryFree")}
        </Link>
        {/* The spec's closing button: the guide (decision 153). */}
        <Link to="/how-it-works" className={onPrimaryOutline}>
          {t("pricingPage.closing.howItWorks")}
        </Link>
      </ClosingCta>
    </main>
  );
}
