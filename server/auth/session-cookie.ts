const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?safetap\.session_token=/;

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}
