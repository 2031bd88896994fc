import { type AppLoadContext, data, redirect } from "react-router";
import { hasRole } from "#server/domain/users.ts";
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

/**
 * The signed-in admin; signed out goes to sign-in and back; anyone else gets
 * 403 (a failing role check counts as no).
 */
export async function requireAdmin(request: Request, context: AppLoadContext, returnTo: string) {
  const user = await requireUser(request, context, `/auth?mode=signin&redirect=${returnTo}`);
  const admin = await hasRole(context.services.db, user.id, "admin").catch(() => false);
  if (!admin) throw data({ forbidden: true }, { status: 403, statusText: "Forbidden" });
  return user;
}
