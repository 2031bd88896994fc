import { BellRing, IdCard, Nfc } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { usePrefersReducedMotion } from "./use-media-query.ts";

export const PRICING_HERO_MESSAGES = [
  { key: "scan", Icon: Nfc },
  { key: "card", Icon: IdCard },
  { key: "alert", Icon: BellRing },
] as const;
export const PRICING_HERO_INTERVAL_MS = 2_000;

/**
 * The /pricing hero. Its showcase cycles through the three moments of an
 * emergency every 2 seconds; readers who prefer reduced motion see it still.
 * The steps are also a plain list, so screen readers get all three at once.
 */
export function PricingHero() {
  const { t } = useTranslation("marketing");
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (reducedMotion) return;
    const timer = window.setInterval(
      () => setActive((current) => (current + 1) % PRICING_HERO_MESSAGES.length),
      PRICING_HERO_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [reducedMotion]);

  return (
    <section className="bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
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
          data-index={active}
        >
          {PRICING_HERO_MESSAGES.map(({ key, Icon }, i) => (
            <p
              key={key}
              data-active={i === active}
              className={cn(
                "col-start-1 row-start-1 flex items-center justify-center gap-3 text-xl font-semibold transition-opacity duration-500",
                i === active ? "opacity-100" : "opacity-0",
              )}
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
              className={cn(
                "flex items-center gap-2 rounded-full border px-3 py-1 transition-colors",
                i === active
                  ? "border-primary bg-primary/10 text-foreground"
                  : "bg-background text-muted-foreground",
              )}
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
