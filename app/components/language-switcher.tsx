import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator } from "react-router";
import { switchLanguage } from "#app/lib/i18n.client.ts";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "#core/languages.ts";

/**
 * A plain GET form, so it also works before JavaScript loads (the server reads
 * `lng`); with React the language changes in place, on a page without React
 * enhance.ts sends the form when the choice changes (decision 159).
 */
export function LanguageSwitcher({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const params = new URLSearchParams(location.search);
  params.delete("lng");
  return (
    <form method="get" action={location.pathname} className="inline-flex items-center gap-1">
      {[...params].map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <select
        id={id}
        name="lng"
        data-language-select=""
        value={i18n.language}
        onChange={async (event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          await switchLanguage(next);
          if (new URLSearchParams(window.location.search).has("lng")) {
            const url = new URL(window.location.href);
            url.searchParams.delete("lng");
            window.history.replaceState(window.history.state, "", url);
          }
          revalidator.revalidate();
        }}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-9 rounded-md border px-2 text-sm">
          {t("language.apply")}
        </button>
      </noscript>
    </form>
  );
}
