import { useTranslation } from "react-i18next";
import type { BillingCycle, PlanId } from "#core/plans.ts";
import { BILLING_CHOICE_GROUP, BillingChoice } from "./billing-toggle.tsx";
import { CompareTable } from "./compare-table.tsx";
import { PLAN_FAQ_IDS, usePlanFaq } from "./faq-items.ts";
import { FaqList } from "./faq-list.tsx";
import { PlanGrid } from "./plan-grid.tsx";
import { Section, SectionHeading } from "./section.tsx";

/**
 * The landing page's pricing section (anchor #pricing): billing toggle, the four
 * plans with annual prices per year, the comparison and the FAQ. Nothing here
 * needs JavaScript: the toggle is CSS over radio buttons, the FAQ and "Learn
 * more" are disclosure widgets (decision 155).
 */
export function LandingPricing({
  initialCycle,
  signedIn,
  currentPlan,
}: {
  initialCycle: BillingCycle;
  signedIn: boolean;
  currentPlan: PlanId | null;
}) {
  const { t } = useTranslation("marketing");
  const faq = usePlanFaq(PLAN_FAQ_IDS.filter((id) => id !== "annual"));
  return (
    <Section id="pricing" headingId="pricing-title" innerClassName="max-w-7xl">
      <SectionHeading
        id="pricing-title"
        title={t("landing.pricing.title")}
        subtitle={t("landing.pricing.subtitle")}
      />
      <div className={BILLING_CHOICE_GROUP}>
        <div className="mt-8">
          <BillingChoice initial={initialCycle} name="landing-billing" />
        </div>
        <PlanGrid
          cycle="both"
          annualShownPer="year"
          detailsGroup="landing-plan"
          signedIn={signedIn}
          currentPlan={currentPlan}
          returnTo="/"
        />
      </div>
      <h3 id="compare-title" className="mt-20 text-center text-2xl font-bold">
        {t("compare.title")}
      </h3>
      <div className="mt-8">
        <CompareTable />
      </div>
      <h3 className="mt-20 text-center text-2xl font-bold">{t("faq.title")}</h3>
      <FaqList items={faq} />
    </Section>
  );
}
