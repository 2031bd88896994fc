/**
 * What SafeTap's admin page and the organisation's staff page share between the browser and the
 * server (decision 139): the preset a sales enquiry's industry suggests, the address suggested
 * from an organisation's name, and the bounds of the seats an admin may add.
 */

import { ORG_SLUG, type OrgPreset } from "./organizations.ts";
import type { Industry } from "./sales-enquiry.ts";

/** The preset a won enquiry's organisation starts with; the admin may pick another. */
export const PRESET_FOR_INDUSTRY: Record<Industry, OrgPreset> = {
  education: "school",
  // Students at a college are adults: no child-safe card by default.
  "higher-ed": "other",
  healthcare: "healthcare",
  corporate: "workplace",
  hospitality: "workplace",
  events: "events",
  government: "workplace",
  other: "other",
};

export function presetForIndustry(industry: string): OrgPreset {
  return (PRESET_FOR_INDUSTRY as Record<string, OrgPreset>)[industry] ?? "other";
}

/**
 * An organisation's address suggested from its name ("St Mary's Hospital" → "st-marys-hospital"):
 * accents dropped, anything else than letters and digits made a single hyphen, at most 48 long.
 * Empty when nothing usable is left (the admin then types one).
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return ORG_SLUG.test(slug) ? slug : "";
}

/**
 * Paths under /org/ that are not organisations: an organisation with such a slug would be hidden
 * by the page at that path.
 */
export const RESERVED_ORG_SLUGS: readonly string[] = ["invitations"];

/** The organisation's own account has an address under this domain: it can receive nothing. */
export const ORG_ACCOUNT_EMAIL_DOMAIN = "organizations.safetap.invalid";

/** Whether an address is an organisation's own account's (never listed, never a recipient). */
export const isOrgAccountEmail = (email: string) =>
  email.toLowerCase().endsWith(`@${ORG_ACCOUNT_EMAIL_DOMAIN}`);

/** Seats a SafeTap admin may add beyond the 100 included (no payments, DESIGN 1.4). */
export const MAX_EXTRA_ORG_SEATS = 100_000;
