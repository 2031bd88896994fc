import { useRouteLoaderData } from "react-router";
import type { orgLayout } from "#app/routes/org/layout.server.ts";

/** What the organisation's layout route ("org", /org/{slug}) gives its pages. */
export type OrgLayoutData = Awaited<ReturnType<typeof orgLayout>>;

/** The organisation's layout data, for its pages (a route module never imports another). */
export function useOrg(): OrgLayoutData {
  return useRouteLoaderData("org") as OrgLayoutData;
}
