import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Eyebrow } from "#app/components/content/eyebrow.tsx";
import {
  GUIDE_SCENES,
  GUIDE_STEPS,
  GuideScenes,
  GuideSteps,
} from "#app/components/guide/guide.tsx";
import {
  ClosingCta,
  onPrimaryOutline,
  onPrimarySolid,
} from "#app/components/marketing/closing-cta.tsx";
import { signupHref } from "#app/components/marketing/plan-action.tsx";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/how-it-works";

export const loader = ({ request }: Route.LoaderArgs) => ({
  seo: seoFor(request, "pages.howItWorks"),
});
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

const TOC = [
  ...GUIDE_STEPS.map(({ id }) => ({ id, key: `steps.${id}.title` })),
  ...GUIDE_SCENES.map(({ id }) => ({ id, key: `scenes.${id}.title` })),
];

/**
 * The guide (decision 153): the landing page's three steps, expanded, with pictures of the card,
 * the alert and the acknowledgement. Text first: the pictures load lazily below the fold.
 */
export default function HowItWorksGuide() {
  const { t } = useTranslation("guide");
  return (
    <main>
      <header className="border-b bg-muted/40">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
          <Eyebrow>{t("eyebrow")}</Eyebrow>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{t("title")}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{t("lead")}</p>
          <nav aria-label={t("toc")} className="mt-8">
            <ul className="flex flex-wrap gap-2">
              {TOC.map(({ id, key }) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className="inline-flex rounded-full border bg-card px-3 py-1.5 text-sm font-medium hover:bg-secondary"
                  >
                    {t(key)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12">
        <section aria-labelledby="guide-setup">
          <h2 id="guide-setup" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("setupTitle")}
          </h2>
          <GuideSteps />
        </section>
        <section aria-labelledby="guide-emergency">
          <h2 id="guide-emergency" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("emergencyTitle")}
          </h2>
          <GuideScenes />
        </section>
      </div>
      <ClosingCta headingId="guide-closing" title={t("closing.title")} body={t("closing.body")}>
        <Link to={signupHref("free")} className={onPrimarySolid}>
          {t("closing.tryFree")}
        </Link>
        <Link to="/support" className={onPrimaryOutline}>
          {t("closing.support")}
        </Link>
      </ClosingCta>
    </main>
  );
}
