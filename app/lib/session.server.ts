import type { AppLoadContext } from "react-router";
import { hasSessionCookie } from "#server/auth/session-cookie.ts";

type SessionUser = NonNullable<
  Awaited<ReturnType<AppLoadContext["services"]["auth"]["api"]["getSession"]>>
>["user"];

/** One lookup per request: the root loader and the page's loader share it. */
const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user, or null. Requests without a session cookie (every
 * stranger reading a card) never touch the session table.
 */
export function getSessionUser(
  request: Request,
  context: AppLoadContext,
): Promise<SessionUser | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = context.services.auth.api
      .getSession({ headers: request.headers })
      .then((session) => session?.user ?? null);
    lookups.set(request, lookup);
  }
  return lookup;
}
