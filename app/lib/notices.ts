/**
 * Notices that survive a redirect (spec section 8's success notices). Only
 * these known keys travel, in a short-lived cookie; never free text.
 */
export const NOTICES = {
  "plan-updated-free": { kind: "success", titleKey: "notices.planUpdatedFree" },
  "checkout-coming-soon": {
    kind: "info",
    titleKey: "notices.checkoutComingSoon",
    descriptionKey: "notices.checkoutComingSoonDescription",
  },
  "reader-access-denied": {
    kind: "error",
    titleKey: "reader:accessDenied.title",
    descriptionKey: "reader:accessDenied.description",
  },
} as const satisfies Record<
  string,
  { kind: "success" | "info" | "error"; titleKey: string; descriptionKey?: string }
>;

export type NoticeKey = keyof typeof NOTICES;

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === "string" && Object.hasOwn(NOTICES, value);
}
