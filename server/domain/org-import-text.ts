/**
 * An import's problems in words, where no page renders them: the rejected rows' CSV (in the
 * reader's language) and the command line (in English). The same locale keys as the page.
 */
import { createInstance, type TFunction } from "i18next";
import { FALLBACK_LANGUAGE, isLanguage, type Language } from "#core/languages.ts";
import enCommon from "#core/locales/en/common.json";
import enImport from "#core/locales/en/org-import.json";
import esCommon from "#core/locales/es/common.json";
import esImport from "#core/locales/es/org-import.json";
import frCommon from "#core/locales/fr/common.json";
import frImport from "#core/locales/fr/org-import.json";
import viCommon from "#core/locales/vi/common.json";
import viImport from "#core/locales/vi/org-import.json";
import { type FileProblem, type ImportProblem, RULE_VALUES, ruleKey } from "#core/org-import.ts";

const RESOURCES: Record<Language, { common: object; "org-import": object }> = {
  en: { common: enCommon, "org-import": enImport },
  es: { common: esCommon, "org-import": esImport },
  fr: { common: frCommon, "org-import": frImport },
  vi: { common: viCommon, "org-import": viImport },
};

const translators = new Map<Language, TFunction>();

/** A translator for the import's texts in one language (English for an unknown one). */
export function importTranslator(language: string): TFunction {
  const lng: Language = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  let t = translators.get(lng);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      resources: RESOURCES,
      ns: ["org-import", "common"],
      defaultNS: "org-import",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    t = instance.t;
    translators.set(lng, t);
  }
  return t;
}

/** "guardian_value: Invalid email address (rule: …)". */
export function describeProblem(t: TFunction, problem: ImportProblem): string {
  const where = problem.column ?? t("org-import:preview.wholeRow");
  const what = t(problem.key, problem.values ?? {});
  const rule = t(ruleKey(problem), RULE_VALUES);
  return `${where}: ${what} (${t("org-import:rules.label")}: ${rule})`;
}

/** A problem with the whole file, in words. */
export function describeFileProblem(t: TFunction, problem: FileProblem): string {
  return t(`org-import:file.${problem.code}`, problem.values ?? {});
}
