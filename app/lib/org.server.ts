import { type AppLoadContext, data } from "react-router";
import type { OrgPermission } from "#core/organizations.ts";
import { type OrgContext, orgCan, orgContextFor } from "#server/domain/organizations.ts";
import { requireUser } from "./guards.server.ts";

/** One lookup per request: the layout's loader and the page's share it (as the session's). */
const contexts = new WeakMap<Request, Promise<OrgContext | null>>();

/**
 * The check every /org/{slug} loader and action starts with (decision 135): signed out goes to
 * sign-in and back; a non-member (or an organisation that does not exist) gets 404; a member
 * whose role may not do `permission` gets 403.
 */
export async function requireOrg(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
  permission?: OrgPermission,
): Promise<OrgContext> {
  const here = new URL(request.url);
  const user = await requireUser(
    request,
    context,
    `/auth?mode=signin&redirect=${encodeURIComponent(here.pathname + here.search)}`,
  );
  let lookup = contexts.get(request);
  if (!lookup) {
    lookup = orgContextFor(context.services.db, user.id, slug);
    contexts.set(request, lookup);
  }
  const org = await lookup;
  if (!org) throw data(null, { status: 404, statusText: "Not Found" });
  if (permission && !orgCan(org, permission)) {
    throw data({ forbidden: true }, { status: 403, statusText: "Forbidden" });
  }
  return org;
}

/** What the organisation's pages show of the asker's rights (the server checks again). */
export function orgAbilities(org: OrgContext) {
  return {
    readPeople: orgCan(org, { people: ["read"] }),
    addPeople: orgCan(org, { people: ["create"] }),
    removePeople: orgCan(org, { people: ["delete"] }),
    managePeople: orgCan(org, { people: ["update"] }),
    importPeople: orgCan(org, { people: ["import"] }),
    assignTags: orgCan(org, { tags: ["assign"] }),
    manageLocations: orgCan(org, { locations: ["manage"] }),
    manageMembers: orgCan(org, { member: ["update"] }),
    readReports: orgCan(org, { reports: ["read"] }),
    exportReports: orgCan(org, { reports: ["export"] }),
    scan: orgCan(org, { reader: ["scan"] }),
    runRollCall: orgCan(org, { rollCall: ["run"] }),
    sendNotices: orgCan(org, { notices: ["send"] }),
    readAudit: orgCan(org, { audit: ["read"] }),
    exportAudit: orgCan(org, { audit: ["export"] }),
    recordHandover: orgCan(org, { handover: ["record"] }),
  };
}

export type OrgAbilities = ReturnType<typeof orgAbilities>;
