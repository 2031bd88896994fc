import { readCookie } from "#core/languages.ts";

const CHALLENGE_COOKIE = "safetap.challenge";

/**
 * Binds a sign-up, sign-in or reset in progress to this browser: the code step
 * only works where the password step (or reset request) happened.
 */
export function challengeCookie(id: string, secure: boolean): string {
  return `${CHALLENGE_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1800${secure ? "; Secure" : ""}`;
}

export function clearChallengeCookie(secure: boolean): string {
  return `${CHALLENGE_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function readChallengeId(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), CHALLENGE_COOKIE);
}
