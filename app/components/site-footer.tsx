import { ShieldPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export const SOCIAL_LINKS = [
  { key: "facebook", href: "https://www.facebook.com/safetap" },
  { key: "instagram", href: "https://www.instagram.com/safetap" },
  { key: "x", href: "https://x.com/safetap" },
  { key: "linkedin", href: "https://www.linkedin.com/company/safetap" },
] as const;

const COLUMNS = [
  {
    titleKey: "footer.products",
    links: [
      { to: "/products/wristbands", key: "footer.wristbands" },
      { to: "/products/cards", key: "footer.cards" },
      { to: "/products/keychains", key: "footer.keychains" },
      { to: "/for-organizations", key: "footer.forOrganizations" },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { to: "/about", key: "footer.about" },
      { to: "/how-it-works", key: "footer.howItWorks" },
      { to: "/pricing", key: "footer.pricing" },
      { to: "/blog", key: "footer.blog" },
      { to: "/support", key: "footer.support" },
    ],
  },
  {
    titleKey: "footer.legal",
    links: [
      { to: "/legal/privacy", key: "footer.privacy" },
      { to: "/legal/terms", key: "footer.terms" },
      { to: "/legal/hipaa", key: "footer.hipaa" },
      { to: "/legal/cookies", key: "footer.cookies" },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold">
            <ShieldPlus className="size-6 text-primary" aria-hidden="true" />
            SafeTap
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">{t("brand.tagline")}</p>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label={t("footer.social")}>
            {SOCIAL_LINKS.map((social) => (
              <li key={social.key}>
                <a
                  href={social.href}
                  rel="noopener"
                  target="_blank"
                  className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {t(`footer.socialNames.${social.key}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.titleKey} aria-label={t(column.titleKey)}>
            <h2 className="text-sm font-semibold">{t(column.titleKey)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground">
          {t("footer.copyright", { year })}
        </p>
      </div>
    </footer>
  );
}
