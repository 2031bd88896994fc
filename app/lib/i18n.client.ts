import i18next from "i18next";
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from "#core/languages.ts";

type Namespaces = Record<string, Record<string, unknown>>;

// Every namespace but the server-only ones (SERVER_ONLY_NAMESPACES: the texts the
// server sends never reach a browser).
const modules = import.meta.glob<{ default: Record<string, unknown> }>([
  "../../core/locales/*/*.json",
  "!../../core/locales/*/messages.json",
]);

/**
 * Loads the namespaces of one language: all of them, or only those a page
 * names (the public card names its own few, so a stranger's phone loads less).
 */
export async function loadLanguage(
  language: Language,
  only?: readonly string[],
): Promise<Namespaces> {
  const entries = Object.entries(modules).filter(
    ([file]) =>
      file.includes(`/locales/${language}/`) &&
      (!only || only.includes(file.match(/\/([a-z-]+)\.json$/)?.[1] ?? "")),
  );
  const loaded = await Promise.all(
    entries.map(async ([file, load]) => {
      const ns = file.match(/\/([a-z-]+)\.json$/)?.[1] ?? "common";
      return [ns, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(loaded);
}

/** Remembers a choice in local storage and a cookie the server reads (one year). */
export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage can be disabled; the cookie still carries the choice
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, readable by the server
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** Switches the page's language in place, without a reload. */
export async function switchLanguage(language: Language) {
  if (!i18next.hasResourceBundle(language, "common")) {
    for (const [ns, bundle] of Object.entries(await loadLanguage(language))) {
      i18next.addResourceBundle(language, ns, bundle, true, true);
    }
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  rememberLanguage(language);
}
