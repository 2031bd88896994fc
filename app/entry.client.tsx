import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { REACT_STARTED_ATTRIBUTE } from "#app/lib/hydration.ts";
import { loadLanguage } from "#app/lib/i18n.client.ts";
import { i18nOptions } from "#app/lib/i18n.ts";
import { registerServiceWorker } from "#app/lib/service-worker.client.ts";
import { FALLBACK_LANGUAGE, matchLanguage } from "#core/languages.ts";

async function hydrate() {
  // Hydrate in the language the server rendered, or React would see different text.
  const language = matchLanguage(document.documentElement.lang) ?? FALLBACK_LANGUAGE;
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    lng: language,
    // A page may name the only namespaces it uses (<html data-i18n-namespaces>).
    resources: {
      [language]: await loadLanguage(
        language,
        document.documentElement.dataset.i18nNamespaces?.split(" "),
      ),
    },
  });
  startTransition(() => {
    // enhance.ts's handlers step aside: React answers every event from here on (decision 160).
    document.documentElement.setAttribute(REACT_STARTED_ATTRIBUTE, "true");
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
registerServiceWorker();
