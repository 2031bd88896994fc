import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { type AppLoadContext, redirect } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { member, orgLocations, tags } from "#server/db/schema.ts";
import {
  countOrgPeople,
  ownOrgPersonId,
  recentOrgAlerts,
  recentOrgScans,
  seesOnlyTheirLocations,
} from "#server/domain/org-directory.ts";
import { orgCan, orgSeatUsage } from "#server/domain/organizations.ts";
import { forbidden, timeWriter, viewerTimeZone } from "./org-page.server.ts";

/**
 * /org/{slug}: seats, people, tags, locations and staff, then the recent scans (reader
 * check-ins and card views) and alerts of the organisation's people, newest first, each time in
 * its location's time zone or the viewer's. A staff member who works at some locations sees
 * their people and scans only; a member with a login goes to their own person.
 */
export async function orgOverview(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug);
  const { db } = context.services;
  if (!orgCan(org, { people: ["read"] })) {
    const own = await ownOrgPersonId(db, org.org.id, org.userId);
    if (own) throw redirect(`/org/${org.org.slug}/people/${own}`);
    forbidden();
  }
  const t = requestTranslator(request);
  const [seats, people, [tagCounts], [locations], [staff], scans, alerts, zone] = await Promise.all(
    [
      orgSeatUsage(db, org.org),
      countOrgPeople(db, org),
      db
        .select({
          owned: count(),
          assigned: count(tags.profileId),
          lost: sql<number>`count(*) filter (where ${tags.isLost})::int`,
        })
        .from(tags)
        .where(eq(tags.organizationId, org.org.id)),
      db
        .select({ n: count() })
        .from(orgLocations)
        .where(eq(orgLocations.organizationId, org.org.id)),
      db
        .select({ n: count() })
        .from(member)
        .where(
          and(
            eq(member.organizationId, org.org.id),
            isNotNull(member.userId),
            sql`${member.role} in ('owner', 'admin', 'staff')`,
          ),
        ),
      recentOrgScans(db, org),
      recentOrgAlerts(db, org),
      viewerTimeZone(context, org.userId),
    ],
  );
  const when = timeWriter(request, zone);
  return {
    seo: { title: t("org:overview.title", { name: org.org.name }), description: "" },
    seats,
    people,
    /** The counts cover only the asker's locations. */
    scoped: seesOnlyTheirLocations(org),
    tags: tagCounts ?? { owned: 0, assigned: 0, lost: 0 },
    locations: locations?.n ?? 0,
    staff: staff?.n ?? 0,
    scans: scans.map(({ at, timeZone, ...scan }) => ({ ...scan, ...when(at, timeZone) })),
    alerts: alerts.map(({ at, timeZone, ...alert }) => ({ ...alert, ...when(at, timeZone) })),
  };
}
