import { readCookie } from "#core/languages.ts";
import {
  isNoticeKey,
  NOTICES,
  type NoticeKey,
  type NoticePlace,
  type PendingNotice,
} from "./notices.ts";

const NOTICE_COOKIE = "safetap_notice";
/** Long enough to survive a redirect, short enough never to resurface later. */
const NOTICE_MAX_AGE_SECONDS = 60;

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** A Set-Cookie value carrying a notice to the next page. */
export function noticeCookie(key: NoticeKey, secure: boolean): string {
  return `${NOTICE_COOKIE}=${key}; Max-Age=${NOTICE_MAX_AGE_SECONDS}; ${attributes(secure)}`;
}

/** A Set-Cookie value removing the notice once it has been read. */
export function clearNoticeCookie(secure: boolean): string {
  return `${NOTICE_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}

/** The pending notice, if the cookie holds a known key. */
export function readNotice(request: Request): NoticeKey | null {
  const value = readCookie(request.headers.get("cookie"), NOTICE_COOKIE);
  return isNoticeKey(value) ? value : null;
}

/**
 * The pending notice shown as `place`, with a fresh id and the headers that
 * clear the cookie, so it is shown once. A notice shown elsewhere is left for
 * the loader that shows it (the site layout's toasts, a page's own notices).
 */
export function takeNotice(
  request: Request,
  place: NoticePlace,
  secure: boolean,
): { notice: PendingNotice; headers: { "Set-Cookie": string } } | null {
  const key = readNotice(request);
  if (!key || NOTICES[key].shownAs !== place) return null;
  return {
    notice: { key, id: crypto.randomUUID() },
    headers: { "Set-Cookie": clearNoticeCookie(secure) },
  };
}
