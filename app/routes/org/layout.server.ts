import type { AppLoadContext } from "react-router";
import { orgAbilities, requireOrg } from "#app/lib/org.server.ts";
import { ownOrgPersonId } from "#server/domain/org-directory.ts";

/** The organisation's frame: its name, preset, the asker's role and what their menu shows. */
export async function orgLayout(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug);
  const can = orgAbilities(org);
  return {
    org: { name: org.org.name, slug: org.org.slug, preset: org.org.preset },
    role: org.role,
    can,
    /** A member with a login reaches their own person only (decision 137). */
    ownPersonId: can.readPeople
      ? null
      : await ownOrgPersonId(context.services.db, org.org.id, org.userId),
  };
}
