import type { AppLoadContext } from "react-router";
import { peopleProtectedClaim } from "#server/domain/people-protected.ts";

/** The trust bar's people-protected count: cached, so the landing page never waits for it. */
export const peopleProtectedFor = (context: AppLoadContext) =>
  peopleProtectedClaim(context.services);
