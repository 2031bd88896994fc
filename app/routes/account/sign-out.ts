import { redirectDocument } from "react-router";
import { getSessionUser } from "#app/lib/session.server.ts";
import { recordAudit } from "#server/domain/audit.ts";
import type { Route } from "./+types/sign-out";

/** Sign Out: ends the session (cookie and database row) and goes home with a full load. */
export async function action({ request, context }: Route.ActionArgs) {
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
  return redirectDocument("/", { headers: out });
}

export const loader = () => redirectDocument("/");
