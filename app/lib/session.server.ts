import type { AppLoadContext } from "react-router";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?safetap\.session_token=/;

/**
 * The signed-in user, or null. Requests without a session cookie (every
 * stranger reading a card) never touch the session table.
 */
export async function getSessionUser(request: Request, context: AppLoadContext) {
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return null;
  const session = await context.services.auth.api.getSession({ headers: request.headers });
  return session?.user ?? null;
}
