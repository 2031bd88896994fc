import { detectRequestLanguage, type Language } from "#core/languages.ts";
import type { Localized } from "./types.ts";

/** The request's language and the content written for it. */
export function contentFor<T>(localized: Localized<T>, request: Request) {
  const language = detectRequestLanguage(request);
  return { language, content: localized[language] };
}

/** A calendar date (`YYYY-MM-DD`) written out in the reader's language, e.g. "November 21, 2026". */
export function formatDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
