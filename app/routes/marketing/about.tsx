import { LockKeyhole } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Eyebrow } from "#app/components/content/eyebrow.tsx";
import { ContentSection, InlineText } from "#app/components/content/rich-text.tsx";
import { GET_STARTED_HREF } from "#app/components/site-header.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { aboutPage } from "#app/content/about.server.ts";
import { contentFor } from "#app/content/localized.server.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useRootData } from "#app/lib/root-data.ts";
import type { Route } from "./+types/about";

export function loader({ request }: Route.LoaderArgs) {
  const { content } = contentFor(aboutPage, request);
  return { seo: content.seo, about: content };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** Paints from the first round trip: its CSS inline, its scripts after load (decision 155). */
export const handle: InlineCssHandle & DeferScriptsHandle = {
  inlineCss: "site",
  deferScripts: true,
  hydrate: "signed-in",
};

export default function About({ loaderData: { about } }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const root = useRootData();
  return (
    <main>
      <header className="border-b bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <Eyebrow>{t("about.eyebrow")}</Eyebrow>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{about.title}</h1>
          <p className="mt-5 max-w-3xl text-xl leading-8 text-muted-foreground">{about.lead}</p>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <article className="max-w-[70ch]">
          {about.sections.map((section) => (
            <ContentSection key={section.id} section={section} />
          ))}
        </article>
      </div>

      <section aria-labelledby="privacy" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <div className="max-w-3xl">
            <h2 id="privacy" className="scroll-mt-24 text-2xl font-semibold tracking-tight">
              {about.principles.heading}
            </h2>
            <p className="mt-4 leading-7">{about.principles.intro}</p>
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {about.principles.items.map((item) => (
              <li key={item.title} className="rounded-xl border bg-card p-6 shadow-sm">
                <LockKeyhole className="size-5 text-primary" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{item.title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">
                  <InlineText text={item.text} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="about-cta" className="text-2xl font-semibold tracking-tight">
          {t("about.ctaTitle")}
        </h2>
        <p className="mt-2 text-muted-foreground">{t("about.ctaText")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {!root?.signedIn && (
            <Link to={GET_STARTED_HREF} className={buttonVariants({ size: "lg" })}>
              {t("about.ctaStart")}
            </Link>
          )}
          <Link to="/blog" className={buttonVariants({ size: "lg", variant: "outline" })}>
            {t("about.ctaBlog")}
          </Link>
        </div>
      </section>
    </main>
  );
}
