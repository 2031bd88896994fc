import type { NoticeData } from "#app/components/notice.tsx";

/**
 * What an organisation page's action answers (decision 137): the form it is about (e.g.
 * "details", "medical", "contact:new", "contact:ID", "location:ID"), a notice, and on a refusal
 * each field's message (a locale key) and the values posted, so the form shows them again.
 */
export interface OrgFormAnswer {
  form: string;
  notice: NoticeData;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string | string[]>;
}

/** The answer when it is about `form`, else nothing. */
export function answerFor(answer: OrgFormAnswer | undefined, form: string) {
  return answer?.form === form ? answer : undefined;
}

/** A posted value to show again after a refusal, else the stored one. */
export function shown(answer: OrgFormAnswer | undefined, name: string, stored: string): string {
  const value = answer?.fieldErrors ? answer.values?.[name] : undefined;
  return typeof value === "string" ? value : stored;
}
