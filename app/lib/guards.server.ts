import { type AppLoadContext, redirect } from "react-router";
import { getSessionUser } from "./session.server.ts";

/** The signed-in user, or a redirect to `whenSignedOut` (the spec names it per screen). */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  whenSignedOut: string,
) {
  const user = await getSessionUser(request, context);
  if (!user) throw redirect(whenSignedOut);
  return user;
}
