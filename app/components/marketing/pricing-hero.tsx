import { BellRing, IdCard, Nfc } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CYCLE_INTERVAL_MS, enhance, enhanceOptions } from "#app/lib/enhance.ts";

export const PRICING_HERO_MESSAGES = [
  { key: "scan", Icon: Nfc },
  { key: "card", Icon: IdCard },
  { key: "alert", Icon: BellRing },
] as const;
export const PRICING_HERO_INTERVAL_MS = CYCLE_INTERVAL_MS;

/**
 * The /pricing hero. Its showcase cycles through the three moments of an
 * emergency every 2 seconds; readers who prefer reduced motion see it still.
 * The steps are also a plain list, so screen readers get all three at once.
 * enhance.ts moves the steps along (`data-cycle`), on a static page from its
 * inline script and on a hydrated one from the effect below (decision 159).
 */
export function PricingHero() {
  const { t } = useTranslation("marketing");
  const hero = useRef<HTMLDivElement>(null);
  useEffect(() => (hero.current ? enhance(hero.current, enhanceOptions(false)) : undefined), []);

  return (
    <section className="bg-gradient-to-b from-accent/60 to-background">
      <div
        ref={hero}
        className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20"
        data-cycle=""
        data-index={0}
        data-testid="pricing-hero"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">
          {t("pricingPage.eyebrow")}
        </p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {t("pricingPage.title")}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          {t("pricingPage.subtitle")}
        </p>
        <div
          aria-hidden="true"
          className="mx-auto mt-10 grid max-w-md rounded-2xl border bg-card p-5 shadow-sm"
          data-testid="pricing-hero-message"
        >
          {PRICING_HERO_MESSAGES.map(({ key, Icon }, i) => (
            <p
              key={key}
              data-active={i === 0}
              data-cycle-step={i}
              className="col-start-1 row-start-1 flex items-center justify-center gap-3 text-xl font-semibold opacity-0 transition-opacity duration-500 data-[active=true]:opacity-100"
            >
              <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
              {t(`pricingPage.cycle.${key}`)}
            </p>
          ))}
        </div>
        <ol
          aria-label={t("pricingPage.cycle.label")}
          className="mt-5 flex flex-wrap justify-center gap-2 text-sm"
        >
          {PRICING_HERO_MESSAGES.map(({ key }, i) => (
            <li
              key={key}
              data-active={i === 0}
              data-cycle-step={i}
              className="flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-muted-foreground transition-colors data-[active=true]:border-primary data-[active=true]:bg-primary/10 data-[active=true]:text-foreground"
            >
              <span className="font-semibold">{i + 1}</span>
              {t(`pricingPage.cycle.${key}`)}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
