import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { detectRequestLanguage, type Language } from "#core/languages.ts";
import { i18nOptions } from "./i18n.ts";

const modules = import.meta.glob<{ default: Record<string, unknown> }>(
  ["../../core/locales/*/*.json", "!../../core/locales/*/messages.json"],
  { eager: true },
);

/**
 * Every locale the pages use, bundled into the server build. The texts SafeTap
 * sends (`messages`) are read by server/messages/catalog.ts instead.
 */
export const resources: Resource = {};
for (const [file, module] of Object.entries(modules)) {
  const [, lng, ns] = file.match(/locales\/([a-z]+)\/([a-z-]+)\.json$/) ?? [];
  if (!lng || !ns) continue;
  resources[lng] ??= {};
  resources[lng][ns] = module.default;
}

/** A new i18next instance fixed to one language. */
export function createServerI18n(language: Language): I18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({ ...i18nOptions, lng: language, resources });
  return instance;
}

/**
 * One i18next instance per language, made once and shared by every request in
 * that language. Server instances never change language (nothing calls
 * changeLanguage on them), so concurrent requests cannot affect each other.
 */
const byLanguage = new Map<Language, I18n>();

export function requestI18n(request: Request): I18n {
  const language = detectRequestLanguage(request);
  let instance = byLanguage.get(language);
  if (!instance) {
    instance = createServerI18n(language);
    byLanguage.set(language, instance);
  }
  return instance;
}

/** A translator for the request's language, for loaders, actions and meta. */
export function requestTranslator(request: Request) {
  return requestI18n(request).t;
}

/** Translated title and description under `{key}.title` / `{key}.description`. */
export function seoFor(request: Request, key: string) {
  const t = requestTranslator(request);
  return { title: t(`${key}.title`), description: t(`${key}.description`) };
}
