/**
 * Notices that survive a redirect (spec section 8's success notices; decision
 * 023). Only these known keys travel, in a short-lived cookie; never free text
 * and never the address. A `toast` notice is announced by the site layout; a
 * `page` notice is printed by the page the redirect leads to, beside what it is
 * about (the dashboard's top, or its QR Tags card when the address asks for the
 * tags), so it also shows without JavaScript.
 */
export const NOTICES = {
  "plan-updated-free": { kind: "success", shownAs: "toast", titleKey: "notices.planUpdatedFree" },
  "checkout-coming-soon": {
    kind: "info",
    shownAs: "toast",
    titleKey: "notices.checkoutComingSoon",
    descriptionKey: "notices.checkoutComingSoonDescription",
  },
  "reader-access-denied": {
    kind: "error",
    shownAs: "toast",
    titleKey: "reader:accessDenied.title",
    descriptionKey: "reader:accessDenied.description",
  },
  "profile-complete": {
    kind: "success",
    shownAs: "page",
    titleKey: "account:notices.profileComplete",
  },
  "profile-saved": { kind: "success", shownAs: "page", titleKey: "account:notices.profileSaved" },
  "profile-later": { kind: "success", shownAs: "page", titleKey: "account:notices.profileLater" },
  "tag-claimed": {
    kind: "success",
    shownAs: "page",
    titleKey: "account:notices.tagClaimed",
    descriptionKey: "account:notices.tagClaimedBody",
  },
  "household-joined": {
    kind: "success",
    shownAs: "page",
    titleKey: "account:notices.householdJoined",
  },
  "household-left": { kind: "success", shownAs: "page", titleKey: "account:notices.householdLeft" },
  "tag-already-owned": { kind: "success", shownAs: "page", titleKey: "tags:errors.alreadyOwned" },
  // A person's photo (decision 131): saved, removed, or refused with the reason.
  "photo-saved": { kind: "success", shownAs: "page", titleKey: "account:photo.saved" },
  "photo-removed": { kind: "success", shownAs: "page", titleKey: "account:photo.removed" },
  "photo-missing": { kind: "error", shownAs: "page", titleKey: "account:photo.errors.missing" },
  "photo-too-large": {
    kind: "error",
    shownAs: "page",
    titleKey: "account:photo.errors.tooLarge",
  },
  "photo-not-an-image": {
    kind: "error",
    shownAs: "page",
    titleKey: "account:photo.errors.notAnImage",
  },
  "photo-too-many-pixels": {
    kind: "error",
    shownAs: "page",
    titleKey: "account:photo.errors.tooManyPixels",
  },
  "photo-unreadable": {
    kind: "error",
    shownAs: "page",
    titleKey: "account:photo.errors.unreadable",
  },
  "person-added": {
    kind: "success",
    shownAs: "page",
    titleKey: "account:notices.personAdded",
    descriptionKey: "account:notices.personAddedBody",
  },
  "person-removed": {
    kind: "success",
    shownAs: "page",
    titleKey: "account:notices.personRemoved",
    descriptionKey: "account:notices.personRemovedBody",
  },
  // An organisation's people (decision 137).
  "org-person-added": { kind: "success", shownAs: "page", titleKey: "org:person.added" },
  "org-person-removed": {
    kind: "success",
    shownAs: "page",
    titleKey: "org:person.removed",
    descriptionKey: "org:person.removedBody",
  },
  // A handover to a place the staff member does not work at (decision 146).
  "org-person-handed-over": {
    kind: "success",
    shownAs: "page",
    titleKey: "org-audit:handover.saved",
    descriptionKey: "org-audit:handover.savedElsewhere",
  },
} as const satisfies Record<string, NoticeSpec>;

export interface NoticeSpec {
  kind: "success" | "info" | "error";
  shownAs: NoticePlace;
  titleKey: string;
  descriptionKey?: string;
}

export type NoticePlace = "toast" | "page";
export type NoticeKey = keyof typeof NOTICES;

/** A notice handed over after a redirect; the id tells two identical notices in a row apart. */
export interface PendingNotice {
  key: NoticeKey;
  id: string;
}

export function isNoticeKey(value: unknown): value is NoticeKey {
  return typeof value === "string" && Object.hasOwn(NOTICES, value);
}
