/**
 * An organisation's locations (sites, branches, wards' hospitals; decision 137): added, changed
 * and removed by its admins, each change in the organisation's log. A name is unique in the
 * organisation whatever its case. Removing a location unlinks its people from it; it is refused
 * while someone works only there, who would otherwise find themself working everywhere (no
 * locations listed means all of them, decision 135).
 */
import { and, asc, count, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { OrgLocationInput } from "#core/org-forms.ts";
import type { Database, Executor } from "#server/db/client.ts";
import {
  auditEvents,
  member,
  orgLocations,
  orgMemberLocations,
  profiles,
  user,
} from "#server/db/schema.ts";
import { cleanMetadata } from "./audit.ts";

/** Who acts on the organisation's locations. */
export interface LocationActor {
  organizationId: string;
  userId: string;
}

function log(
  tx: Executor,
  by: LocationActor,
  type: "org_location_added" | "org_location_updated" | "org_location_removed",
  metadata: Record<string, unknown>,
) {
  return tx.insert(auditEvents).values({
    eventType: type,
    userId: by.userId,
    organizationId: by.organizationId,
    metadata: cleanMetadata(metadata),
  });
}

/** The organisation's locations by name, with how many people and members are at each. */
export async function listLocationsWithCounts(executor: Executor, orgId: string) {
  const [locations, people, staff] = await Promise.all([
    executor
      .select()
      .from(orgLocations)
      .where(eq(orgLocations.organizationId, orgId))
      .orderBy(asc(orgLocations.name)),
    executor
      .select({ locationId: profiles.locationId, n: count() })
      .from(profiles)
      .where(and(eq(profiles.organizationId, orgId), isNotNull(profiles.locationId)))
      .groupBy(profiles.locationId),
    executor
      .select({ locationId: orgMemberLocations.locationId, n: count() })
      .from(orgMemberLocations)
      .innerJoin(orgLocations, eq(orgLocations.id, orgMemberLocations.locationId))
      .where(eq(orgLocations.organizationId, orgId))
      .groupBy(orgMemberLocations.locationId),
  ]);
  const countsOf = (rows: { locationId: string | null; n: number }[]) =>
    new Map(rows.map((row) => [row.locationId, row.n]));
  const peopleAt = countsOf(people);
  const staffAt = countsOf(staff);
  return locations.map((location) => ({
    id: location.id,
    name: location.name,
    address: location.address,
    timeZone: location.timeZone,
    country: location.country,
    people: peopleAt.get(location.id) ?? 0,
    staff: staffAt.get(location.id) ?? 0,
  }));
}

async function nameTaken(tx: Executor, orgId: string, name: string, except?: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(orgLocations)
    .where(
      and(
        eq(orgLocations.organizationId, orgId),
        sql`lower(${orgLocations.name}) = lower(${name})`,
        except ? ne(orgLocations.id, except) : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Names are compared without case under a lock, so two requests cannot both take one. */
const lockNames = (tx: Executor, orgId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`org-location-names:${orgId}`}))`);

export type LocationChange =
  | { ok: true; id: string }
  | { ok: false; reason: "name_taken" | "not_found" };

export async function addOrgLocation(
  db: Database,
  by: LocationActor,
  input: OrgLocationInput,
): Promise<LocationChange> {
  return db.transaction(async (tx): Promise<LocationChange> => {
    await lockNames(tx, by.organizationId);
    if (await nameTaken(tx, by.organizationId, input.name)) {
      return { ok: false, reason: "name_taken" };
    }
    const [row] = await tx
      .insert(orgLocations)
      .values({ organizationId: by.organizationId, ...input })
      .returning({ id: orgLocations.id });
    await log(tx, by, "org_location_added", { location_id: row!.id, name: input.name });
    return { ok: true, id: row!.id };
  });
}

/** Changes a location of the organisation; another organisation's is not found. */
export async function updateOrgLocation(
  db: Database,
  by: LocationActor,
  locationId: string,
  input: OrgLocationInput,
): Promise<LocationChange> {
  return db.transaction(async (tx): Promise<LocationChange> => {
    await lockNames(tx, by.organizationId);
    const [before] = await tx
      .select()
      .from(orgLocations)
      .where(
        and(eq(orgLocations.id, locationId), eq(orgLocations.organizationId, by.organizationId)),
      )
      .for("update");
    if (!before) return { ok: false, reason: "not_found" };
    if (await nameTaken(tx, by.organizationId, input.name, locationId)) {
      return { ok: false, reason: "name_taken" };
    }
    const fields = (["name", "address", "timeZone", "country"] as const).filter(
      (field) => (before[field] ?? null) !== (input[field] ?? null),
    );
    if (fields.length) {
      await tx.update(orgLocations).set(input).where(eq(orgLocations.id, locationId));
      await log(tx, by, "org_location_updated", {
        location_id: locationId,
        name: input.name,
        fields: fields.join(","),
      });
    }
    return { ok: true, id: locationId };
  });
}

export type RemoveLocationResult =
  | { ok: true; unlinked: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "only_location"; names: string[] };

/**
 * Removes a location: its people stay in the organisation without a location, and the members
 * who also work elsewhere keep their other locations. Refused (nothing changes) while a member
 * works only there.
 */
export async function removeOrgLocation(
  db: Database,
  by: LocationActor,
  locationId: string,
): Promise<RemoveLocationResult> {
  return db.transaction(async (tx): Promise<RemoveLocationResult> => {
    const [location] = await tx
      .select({ name: orgLocations.name })
      .from(orgLocations)
      .where(
        and(eq(orgLocations.id, locationId), eq(orgLocations.organizationId, by.organizationId)),
      )
      .for("update");
    if (!location) return { ok: false, reason: "not_found" };
    const onlyHere = await tx
      .select({ name: user.name })
      .from(orgMemberLocations)
      .innerJoin(member, eq(member.id, orgMemberLocations.memberId))
      .innerJoin(user, eq(user.id, member.userId))
      .where(
        and(
          eq(orgMemberLocations.locationId, locationId),
          sql`not exists (select 1 from ${orgMemberLocations} other
                where other.member_id = ${orgMemberLocations.memberId}
                  and other.location_id <> ${locationId})`,
        ),
      )
      .orderBy(asc(user.name));
    if (onlyHere.length) {
      return { ok: false, reason: "only_location", names: onlyHere.map((m) => m.name) };
    }
    const unlinked = await tx
      .update(profiles)
      .set({ locationId: null })
      .where(
        and(eq(profiles.organizationId, by.organizationId), eq(profiles.locationId, locationId)),
      )
      .returning({ id: profiles.id });
    await tx.delete(orgLocations).where(eq(orgLocations.id, locationId));
    await log(tx, by, "org_location_removed", {
      location_id: locationId,
      name: location.name,
      people: unlinked.length,
    });
    return { ok: true, unlinked: unlinked.length };
  });
}
