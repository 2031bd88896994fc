import { useTranslation } from "react-i18next";
import { PLANS } from "#app/lib/plans.ts";
import type { FaqItem } from "./faq-list.tsx";

/** Questions of the plans FAQ, in order. */
export const PLAN_FAQ_IDS = [
  "noApp",
  "offline",
  "familyTags",
  "criticalInfo",
  "changePlan",
  "quota",
  "annual",
] as const;

/** The plans FAQ, with numbers taken from the catalogue. */
export function usePlanFaq(ids: readonly (typeof PLAN_FAQ_IDS)[number][]): FaqItem[] {
  const { t } = useTranslation("marketing");
  const family = PLANS.family.limits;
  return ids.map((id) => ({
    id,
    question: t(`faq.items.${id}.q`),
    answer: t(`faq.items.${id}.a`, { tags: family.tags, seats: family.seats }),
  }));
}
