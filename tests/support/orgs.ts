import type { OrgPreset, OrgRole } from "#core/organizations.ts";
import { orgLocations, orgMemberLocations } from "#server/db/schema.ts";
import { createOrganization, type OrgSummary } from "#server/domain/organizations.ts";
import type { Services } from "#server/services.ts";

let sequence = 0;

/** An organisation made as SafeTap makes them (the plugin, its own account). */
export async function createOrg(
  services: Services,
  options: { preset?: OrgPreset; name?: string; slug?: string } = {},
): Promise<OrgSummary> {
  const n = `${Date.now().toString(36)}${sequence++}`;
  const result = await createOrganization(services, {
    name: options.name ?? `Test Org ${n}`,
    slug: options.slug ?? `org-${n}`,
    preset: options.preset ?? "school",
  });
  if (!result.ok) throw new Error(`createOrganization: ${result.reason}`);
  return result.organization;
}

/** Adds a user to the organisation with a role (Better Auth's server-side addMember). */
export async function addOrgMember(
  services: Services,
  org: OrgSummary,
  userId: string,
  role: Exclude<OrgRole, "account">,
  locationIds: string[] = [],
): Promise<string> {
  const added = await services.auth.api.addMember({
    body: { userId, role, organizationId: org.id },
  });
  if (!added) throw new Error("addMember returned nothing");
  if (locationIds.length) {
    await services.db
      .insert(orgMemberLocations)
      .values(locationIds.map((locationId) => ({ memberId: added.id, locationId })));
  }
  return added.id;
}

export async function addLocation(
  services: Services,
  org: OrgSummary,
  options: { name?: string; timeZone?: string; country?: string } = {},
) {
  const [row] = await services.db
    .insert(orgLocations)
    .values({
      organizationId: org.id,
      name: options.name ?? `Site ${sequence++}`,
      timeZone: options.timeZone ?? "Europe/London",
      country: options.country ?? "GB",
    })
    .returning();
  return row!;
}
