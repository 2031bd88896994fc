import { Globe, HeartPulse, Lock, ShieldCheck, Smartphone, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const CLAIMS = [
  { key: "hipaa", Icon: ShieldCheck },
  { key: "lives", Icon: HeartPulse },
  { key: "worldwide", Icon: Globe },
  { key: "noApp", Icon: Smartphone },
  { key: "encrypted", Icon: Lock },
  { key: "aiSetup", Icon: Sparkles },
] as const;

/**
 * The spec's six copy claims, in a band under the hero. "HIPAA compliance" links to the page that
 * says which safeguards SafeTap covers and which stay the customer's (DESIGN 1.5, decision 146).
 */
export function TrustBar() {
  const { t } = useTranslation("marketing");
  return (
    <div className="border-y bg-card" data-testid="trust-bar">
      <ul
        aria-label={t("landing.trust.label")}
        className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-4 px-4 py-6 text-sm font-medium sm:grid-cols-3 lg:grid-cols-6"
      >
        {CLAIMS.map(({ key, Icon }) => (
          <li key={key} className="flex items-center gap-2">
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {key === "hipaa" ? (
              <Link to="/legal/hipaa" className="underline underline-offset-4 hover:text-primary">
                {t(`landing.trust.${key}`)}
              </Link>
            ) : (
              <span>{t(`landing.trust.${key}`)}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
