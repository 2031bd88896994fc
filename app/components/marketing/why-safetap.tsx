import { Clock, Languages, Lock, Send, WifiOff, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Section, SectionHeading } from "./section.tsx";

const FEATURES = [
  { key: "instant", Icon: Zap },
  { key: "channels", Icon: Send },
  { key: "offline", Icon: WifiOff },
  { key: "privacy", Icon: Lock },
  { key: "language", Icon: Languages },
  { key: "setup", Icon: Clock },
] as const;

/** The 'Why SafeTap' feature cards. */
export function WhySafeTap() {
  const { t } = useTranslation("marketing");
  return (
    <Section id="why" headingId="why-title" className="bg-muted/40">
      <SectionHeading
        id="why-title"
        title={t("landing.why.title")}
        subtitle={t("landing.why.subtitle")}
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="rounded-2xl border bg-card p-6 shadow-sm">
            <Icon className="size-7 text-primary" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold">{t(`landing.why.items.${key}.title`)}</h3>
            <p className="mt-2 text-muted-foreground">{t(`landing.why.items.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
