import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ClosingCta,
  onPrimaryOutline,
  onPrimarySolid,
} from "#app/components/marketing/closing-cta.tsx";
import { FaqList } from "#app/components/marketing/faq-list.tsx";
import {
  DemoRequest,
  EnterprisePlan,
  HealthcareSection,
  Industries,
  OrganizationBenefits,
  OrganizationsFlow,
  OrganizationsHero,
  RolesHowItWorks,
} from "#app/components/marketing/organizations.tsx";
import { Section, SectionHeading } from "#app/components/marketing/section.tsx";
import { usePriceFormatter } from "#app/components/marketing/use-price.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { ENTERPRISE_FROM, formatAmount } from "#core/plans.ts";
import type { Route } from "./+types/for-organizations";

export const loader = ({ request }: Route.LoaderArgs) => ({
  seo: seoFor(request, "pages.forOrganizations"),
});
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

const FAQ_IDS = ["rollout", "import", "criticalInfo", "offline", "privacy", "pricing"] as const;

/** The organisations page (spec section 2), anchors #schools, #workplaces, #healthcare. */
export default function ForOrganizationsPage() {
  const { t } = useTranslation("marketing");
  const root = useRootData();
  const price = usePriceFormatter();
  const faq = FAQ_IDS.map((id) => ({
    id,
    question: t(`organizations.faq.items.${id}.q`),
    answer: t(`organizations.faq.items.${id}.a`, {
      price: price(formatAmount(ENTERPRISE_FROM.monthlyPrice)),
      users: ENTERPRISE_FROM.includedUsers,
    }),
  }));
  return (
    <main>
      <OrganizationsHero />
      <OrganizationsFlow />
      <Industries />
      <HealthcareSection />
      <OrganizationBenefits />
      <RolesHowItWorks />
      <EnterprisePlan />
      <DemoRequest salesEmail={root?.salesEmail ?? ""} />
      <Section id="faq" headingId="org-faq-title" className="bg-muted/40">
        <SectionHeading id="org-faq-title" title={t("organizations.faq.title")} />
        <FaqList items={faq} />
      </Section>
      <ClosingCta
        headingId="org-closing-title"
        title={t("organizations.closing.title")}
        body={t("organizations.closing.body")}
      >
        <Link to="/contact" className={onPrimarySolid}>
          {t("organizations.closing.demo")}
        </Link>
        <Link to="/pricing" className={onPrimaryOutline}>
          {t("organizations.closing.pricing")}
        </Link>
      </ClosingCta>
    </main>
  );
}
