/**
 * Texts SafeTap sends by email, SMS, WhatsApp or voice, in each language: the
 * `messages` namespace of core/locales, which only the server reads (decision
 * 006). The browser never loads it: app/lib/i18n.client.ts leaves it out and
 * the build fails if it reaches a client chunk (vite.config.ts). Placeholders
 * are {{name}}.
 */
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from "#core/languages.ts";
import en from "#core/locales/en/messages.json";
import es from "#core/locales/es/messages.json";
import fr from "#core/locales/fr/messages.json";
import vi from "#core/locales/vi/messages.json";

type Catalog = Record<string, string>;
type Tree = { [key: string]: string | Tree };

/** Each language's file, keyed by the one list: a new language fails the type check here. */
const FILES: Record<Language, Tree> = { en, es, fr, vi };

/** `{ alert: { subject } }` as `{ "alert.subject": … }`. */
function flatten(tree: Tree, prefix = "", out: Catalog = {}): Catalog {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

export const MESSAGE_CATALOG = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten(FILES[language])]),
) as Record<Language, Catalog>;

/**
 * Mails to staff (the operator, the sales team) go in the team's working language
 * (decision 041); their texts are under `staff.*` with the others.
 */
export const STAFF_LANGUAGE: Language = "en";

/** The text for `key` in `language` (English when missing), with {{placeholders}} filled. */
export function messageText(
  language: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const fallback = MESSAGE_CATALOG[FALLBACK_LANGUAGE];
  const catalog = isLanguage(language) ? MESSAGE_CATALOG[language] : fallback;
  const template = catalog[key] ?? fallback[key];
  if (template === undefined) throw new Error(`No message text "${key}"`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
