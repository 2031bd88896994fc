import { redirectDocument } from "react-router";
import type { Route } from "./+types/sign-out";
import { endSession } from "./sign-out.server.ts";

/** Sign Out: ends the session and goes home with a full load. */
export async function action({ request, context }: Route.ActionArgs) {
  return redirectDocument("/", { headers: await endSession(request, context) });
}

export const loader = () => redirectDocument("/");
