import { contentFor, formatDate } from "#app/content/localized.server.ts";
import type { LegalDocument, Localized } from "#app/content/types.ts";

/** The date the legal texts were last changed. Change it with the texts. */
export const LEGAL_UPDATED = "2026-11-21";

/** A legal page's loader data: its text in the request's language and the date it changed. */
export function loadLegalDocument(document: Localized<LegalDocument>, request: Request) {
  const { language, content } = contentFor(document, request);
  return {
    seo: content.seo,
    document: content,
    updated: { iso: LEGAL_UPDATED, text: formatDate(LEGAL_UPDATED, language) },
  };
}
