import { useTranslation } from "react-i18next";
import { Link, useLoaderData } from "react-router";
import { Audiences } from "#app/components/marketing/audiences.tsx";
import {
  ClosingCta,
  onPrimaryOutline,
  onPrimarySolid,
} from "#app/components/marketing/closing-cta.tsx";
import { HowItWorks } from "#app/components/marketing/how-it-works.tsx";
import { LandingHero } from "#app/components/marketing/landing-hero.tsx";
import { LandingPricing } from "#app/components/marketing/landing-pricing.tsx";
import { signupHref } from "#app/components/marketing/plan-action.tsx";
import { Testimonials } from "#app/components/marketing/testimonials.tsx";
import { TrustBar } from "#app/components/marketing/trust-bar.tsx";
import { WhySafeTap } from "#app/components/marketing/why-safetap.tsx";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { isBillingCycle } from "#core/plans.ts";
import type { Route } from "./+types/home";
import { peopleProtectedFor } from "./home.server.ts";
import { planViewer } from "./pricing.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const billing = new URL(request.url).searchParams.get("billing");
  return {
    seo: seoFor(request, "home"),
    ...(await planViewer(request, context)),
    // Only read without JavaScript, when the billing toggle is a plain GET form.
    billing: isBillingCycle(billing) ? billing : "monthly",
    // A cached count: never waits for the database (decision 153).
    peopleProtected: peopleProtectedFor(context),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

/** The landing page: every section of spec section 2, in order. */
export default function Home() {
  const { t } = useTranslation("marketing");
  const root = useRootData();
  const { signedIn, currentPlan, billing, peopleProtected } = useLoaderData<typeof loader>();
  return (
    <main>
      <LandingHero storeUrl={root?.storeUrl ?? "/"} />
      <TrustBar peopleProtected={peopleProtected} />
      <HowItWorks />
      <WhySafeTap />
      <LandingPricing initialCycle={billing} signedIn={signedIn} currentPlan={currentPlan} />
      <Testimonials />
      <Audiences />
      <ClosingCta
        headingId="closing-title"
        title={t("landing.closing.title")}
        body={t("landing.closing.body")}
      >
        <Link to={signupHref("free")} className={onPrimarySolid}>
          {t("landing.closing.tryFree")}
        </Link>
        <Link to="/for-organizations" className={onPrimaryOutline}>
          {t("landing.closing.organizations")}
        </Link>
      </ClosingCta>
    </main>
  );
}
