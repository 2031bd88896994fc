import { Globe, HeartPulse, Lock, ShieldCheck, Smartphone, Timer, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The trust bar's claims, each one the product can back (DESIGN 1b.5, decision 153). "HIPAA
 * compliance" links to the page that says which safeguards SafeTap covers and which stay the
 * customer's (decision 146). The people protected are the real count, shown only once it passes
 * a threshold (`peopleProtected`, null below it); until then the card working offline is said.
 */
export function TrustBar({ peopleProtected }: { peopleProtected: number | null }) {
  const { t, i18n } = useTranslation("marketing");
  const claims = [
    { key: "hipaa", Icon: ShieldCheck },
    peopleProtected === null
      ? { key: "offline", Icon: WifiOff }
      : { key: "peopleProtected", Icon: HeartPulse },
    { key: "worldwide", Icon: Globe },
    { key: "noApp", Icon: Smartphone },
    { key: "encrypted", Icon: Lock },
    { key: "guidedSetup", Icon: Timer },
  ];
  const count =
    peopleProtected === null ? "" : new Intl.NumberFormat(i18n.language).format(peopleProtected);
  return (
    <div className="border-y bg-card" data-testid="trust-bar">
      <ul
        aria-label={t("landing.trust.label")}
        className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-4 px-4 py-6 text-sm font-medium sm:grid-cols-3 lg:grid-cols-6"
      >
        {claims.map(({ key, Icon }) => (
          <li key={key} className="flex items-center gap-2" data-claim={key}>
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {key === "hipaa" ? (
              <Link to="/legal/hipaa" className="underline underline-offset-4 hover:text-primary">
                {t(`landing.trust.${key}`)}
              </Link>
            ) : (
              <span>{t(`landing.trust.${key}`, { count })}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
