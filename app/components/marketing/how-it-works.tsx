import { ArrowRight, BellRing, Nfc, Tag, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Section, SectionHeading } from "./section.tsx";

const STEPS = [
  { key: "link", Icon: Tag },
  { key: "scan", Icon: Nfc },
  { key: "alert", Icon: BellRing },
] as const;

/** Three steps (link tag, scan or tap, alerts), the offline note and the way to the full guide. */
export function HowItWorks() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="how-it-works" headingId="how-it-works-title">
      <SectionHeading
        id="how-it-works-title"
        title={t("landing.steps.title")}
        subtitle={t("landing.steps.subtitle")}
      />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ key, Icon }, i) => (
          <li key={key} className="relative rounded-2xl border bg-card p-6 shadow-sm">
            <div className="flex items-center justify-between">
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="text-sm font-semibold text-muted-foreground">
                {t("landing.steps.stepLabel", { number: i + 1 })}
              </span>
            </div>
            <h3 className="mt-5 text-xl font-semibold">{t(`landing.steps.${key}.title`)}</h3>
            <p className="mt-2 text-muted-foreground">{t(`landing.steps.${key}.body`)}</p>
          </li>
        ))}
      </ol>
      <div
        className="mt-8 flex flex-col gap-3 rounded-2xl border border-dashed bg-accent/40 p-5 sm:flex-row sm:items-center"
        data-testid="offline-note"
      >
        <WifiOff className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <p>
          <strong className="font-semibold">{t("landing.steps.offlineTitle")}</strong>{" "}
          <span className="text-muted-foreground">{t("landing.steps.offline")}</span>
        </p>
      </div>
      <p className="mt-8 text-center">
        <Link
          to="/how-it-works"
          className="inline-flex items-center gap-2 font-semibold text-primary underline underline-offset-4"
        >
          {t("landing.steps.guide")}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </p>
    </Section>
  );
}
