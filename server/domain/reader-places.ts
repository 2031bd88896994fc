/**
 * Where a reader scans (decision 138): for SafeTap (its admins and moderators, as before
 * organisations), or for one organisation at one of its locations. A member of an organisation
 * whose role may scan (owner, admin, staff) picks the organisation and a location among those they
 * work at; the scan is then recorded there and only that organisation's people are checked in.
 */
import { orgRoleCan } from "#core/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import {
  listLocations,
  type OrgContext,
  organizationsOf,
  orgCan,
  orgContextFor,
  worksAt,
} from "./organizations.ts";

const SCAN = { reader: ["scan"] } as const satisfies Parameters<typeof orgCan>[1];

/** The organisations a user may scan for, by name (their memberships only). */
export async function readerOrganizations(executor: Executor, userId: string) {
  const memberships = await organizationsOf(executor, userId);
  return memberships
    .filter((m) => orgRoleCan(m.role, SCAN))
    .map((m) => ({ slug: m.slug, name: m.name }));
}

export type ReaderPlace =
  | {
      ok: true;
      context: OrgContext;
      /** The locations the reader works at (all of the organisation's when not restricted). */
      locations: { id: string; name: string }[];
      locationId: string | null;
    }
  | {
      ok: false;
      reason: "unknown_organization" | "location_required" | "unknown_location";
      context?: OrgContext;
      locations?: { id: string; name: string }[];
    };

/**
 * The organisation at `slug` and the location `locationId` as a place this user may scan at:
 * they must be a member whose role may scan (or a SafeTap admin), and the location must be one
 * of the organisation's that they work at. An organisation with locations needs one chosen,
 * unless the reader works at exactly one.
 */
export async function readerPlace(
  executor: Executor,
  userId: string,
  slug: unknown,
  locationId: unknown,
): Promise<ReaderPlace> {
  const context = await orgContextFor(executor, userId, slug);
  if (!context || !orgCan(context, SCAN)) return { ok: false, reason: "unknown_organization" };
  const locations = (await listLocations(executor, context.org.id))
    .filter((location) => worksAt(context, location.id))
    .map((location) => ({ id: location.id, name: location.name }));
  const wanted = typeof locationId === "string" && locationId ? locationId : null;
  if (wanted) {
    if (!locations.some((location) => location.id === wanted)) {
      return { ok: false, reason: "unknown_location", context, locations };
    }
    return { ok: true, context, locations, locationId: wanted };
  }
  if (locations.length === 0) return { ok: true, context, locations, locationId: null };
  if (locations.length === 1) {
    return { ok: true, context, locations, locationId: locations[0]!.id };
  }
  return { ok: false, reason: "location_required", context, locations };
}
