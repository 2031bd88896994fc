import type { AppLoadContext } from "react-router";
import { orgAbilities, requireOrg } from "#app/lib/org.server.ts";

/** The organisation's frame: its name, preset, the asker's role and what their menu shows. */
export async function orgLayout(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug);
  return {
    org: { name: org.org.name, slug: org.org.slug, preset: org.org.preset },
    role: org.role,
    can: orgAbilities(org),
  };
}
