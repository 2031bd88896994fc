/** The four languages SafeTap speaks, and how a request picks one (spec: detection order). */
export const LANGUAGES = ["en", "es", "fr", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const LANGUAGE_COOKIE = "lng";
export const LANGUAGE_STORAGE_KEY = "lng";
/**
 * Namespaces of core/locales that only the server reads: `messages` holds the texts
 * SafeTap sends (server/messages/catalog.ts). The browser's loader leaves them out
 * and the build fails if one reaches a client chunk (vite.config.ts).
 */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ["messages"];

/** Each language's own name, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  vi: "Tiếng Việt",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a tag like "es-MX" or "FR" to a supported language, or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** The first supported language of an Accept-Language header, by quality. */
export function languageFromAcceptHeader(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number.parseFloat(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return null;
}

export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/**
 * The server's half of the detection order (query `lng`, cookie, browser
 * language); local storage and the page's own tag are only visible in the browser.
 */
export function detectRequestLanguage(request: Request): Language {
  const url = new URL(request.url);
  return (
    matchLanguage(url.searchParams.get("lng")) ??
    matchLanguage(readCookie(request.headers.get("cookie"), LANGUAGE_COOKIE)) ??
    languageFromAcceptHeader(request.headers.get("accept-language")) ??
    FALLBACK_LANGUAGE
  );
}
