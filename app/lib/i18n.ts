import type { InitOptions } from "i18next";
import { FALLBACK_LANGUAGE, LANGUAGES } from "#core/languages.ts";

export const NAMESPACES = ["common"] as const;

/**
 * A route's handle may name the only namespaces its page uses; the browser
 * then loads just those. Such a page must not navigate in place to another
 * page (its links reload the document), which would find strings missing.
 */
export interface I18nNamespacesHandle {
  i18nNamespaces?: readonly string[];
}

export const i18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: "common",
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
};
