import type { Language } from "../../lib/i18n.ts";
import { formatDate } from "../localized.server.ts";

/** The date the legal texts were last changed. Change it with the texts. */
export const LEGAL_UPDATED = "2026-11-21";

export function legalUpdated(language: Language) {
  return { iso: LEGAL_UPDATED, text: formatDate(LEGAL_UPDATED, language) };
}
