import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES } from "#core/languages.ts";

/**
 * The card's language, as plain links: the page is rendered again by the
 * server in the chosen language (the browser keeps the choice), so the card
 * needs no other language's strings. `keep` carries the address's own
 * parameters (an alert followed without JavaScript) to the new page; with
 * JavaScript the alert's state is kept on the phone anyway.
 */
export function CardLanguageLinks({ keep }: { keep?: Record<string, string> }) {
  const { t, i18n } = useTranslation("card");
  return (
    <nav aria-label={t("language.label")} className="flex justify-end gap-1 text-sm">
      {LANGUAGES.map((lng) => {
        const query = new URLSearchParams({ ...keep, lng });
        const current = i18n.language === lng;
        return (
          <a
            key={lng}
            href={`?${query}`}
            hrefLang={lng}
            lang={lng}
            title={LANGUAGE_NAMES[lng]}
            aria-current={current ? "true" : undefined}
            className={
              current
                ? "rounded px-2 py-1 font-semibold underline"
                : "rounded px-2 py-1 text-muted-foreground hover:underline"
            }
          >
            {lng.toUpperCase()}
          </a>
        );
      })}
    </nav>
  );
}
