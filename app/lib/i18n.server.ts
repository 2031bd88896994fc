import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { detectRequestLanguage, i18nOptions, type Language } from "./i18n.ts";

const modules = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json", {
  eager: true,
});

/** Every locale, bundled into the server build. */
export const resources: Resource = {};
for (const [file, module] of Object.entries(modules)) {
  const [, lng, ns] = file.match(/locales\/([a-z]+)\/([a-z-]+)\.json$/) ?? [];
  if (!lng || !ns) continue;
  resources[lng] ??= {};
  resources[lng][ns] = module.default;
}

/** One i18next instance per request, so concurrent requests never share a language. */
export function createServerI18n(language: Language): I18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({ ...i18nOptions, lng: language, resources });
  return instance;
}

/** One instance per request, shared by the render and every loader of that request. */
const perRequest = new WeakMap<Request, I18n>();

export function requestI18n(request: Request): I18n {
  let instance = perRequest.get(request);
  if (!instance) {
    instance = createServerI18n(detectRequestLanguage(request));
    perRequest.set(request, instance);
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
