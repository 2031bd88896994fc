/**
 * Names shared by the pages, the service worker and the server for the
 * offline card (docs/decisions/050 and 051).
 */

/** Cache of public card pages; the name's prefix is relied on by /qa. */
export const CARDS_CACHE = "safetap-cards";

/** Prefix of the per-version app shell caches (`safetap-shell-{version}`). */
export const SHELL_CACHE_PREFIX = "safetap-shell-";

/** Background Sync tag under which queued alerts are sent. */
export const ALERT_SYNC_TAG = "safetap-alerts";

/** BroadcastChannel on which the worker tells pages that queued alerts settled. */
export const ALERT_CHANNEL = "safetap-alerts";

/**
 * Sent by the worker when it fetches a card only to keep it for offline use
 * (the page the visitor saw arrived before the worker ran): not a second scan.
 */
export const CACHE_FILL_HEADER = "X-SafeTap-Purpose";
export const CACHE_FILL_VALUE = "offline-copy";

const CARD_PATH = /^\/t\/[A-Za-z0-9-]{1,40}\/?$/;

/** `/t/{id}`: the public card page (not its status or alert endpoints). */
export function isCardPath(pathname: string): boolean {
  return CARD_PATH.test(pathname);
}

/** One cache entry per card: the address without its query (language, status links). */
export function cardCacheKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/$/, "")}`;
}

/**
 * Cache of the signed-in account's own pages kept for offline use: the SOS
 * page only (decision 151). Emptied whenever anyone signs in or out.
 */
export const ACCOUNT_CACHE = "safetap-account";

/** The signed-in pages the worker keeps: `/sos`, so an SOS can be pressed offline. */
export function isKeptAccountPath(pathname: string): boolean {
  return pathname === "/sos" || pathname === "/sos/";
}

/** One entry per kept account page: the address without its query or trailing slash. */
export function accountCacheKey(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/$/, "")}`;
}

/**
 * Requests after which the kept account pages belong to nobody: signing out
 * (the form, its data request or the link), and any sign-in or sign-up step,
 * on the page or on the auth API.
 */
export function endsAccountPages(method: string, pathname: string): boolean {
  if (/^\/sign-out(\.data)?\/?$/.test(pathname)) return true;
  if (method === "GET") return false;
  return /^\/auth(\.data)?\/?$/.test(pathname) || pathname.startsWith("/api/auth/");
}

/** The page shown for any other page without a network (kept with the app shell). */
export const OFFLINE_PAGE = "/offline";
