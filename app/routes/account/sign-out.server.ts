import type { AppLoadContext } from "react-router";
import { getSessionUser } from "#app/lib/session.server.ts";
import { recordAudit } from "#server/domain/audit.ts";

/** Ends the session (cookie and database row), audits it, and returns the cookies that clear it. */
export async function endSession(request: Request, context: AppLoadContext): Promise<Headers> {
  const { services } = context;
  const user = await getSessionUser(request, context);
  const { headers } = await services.auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  if (user) {
    await recordAudit(services.db, services.logger, {
      type: "auth_signout",
      userId: user.id,
      clientAddress: context.clientAddress,
    });
  }
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}
