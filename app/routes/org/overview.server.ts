import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { member, orgLocations, tags } from "#server/db/schema.ts";
import { orgSeatUsage } from "#server/domain/organizations.ts";

/** /org/{slug}: seats, and how many people, tags, locations and staff the organisation has. */
export async function orgOverview(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug);
  const { db } = context.services;
  const t = requestTranslator(request);
  const [seats, [tagCounts], [locations], [staff]] = await Promise.all([
    orgSeatUsage(db, org.org),
    db
      .select({
        owned: count(),
        assigned: count(tags.profileId),
        lost: sql<number>`count(*) filter (where ${tags.isLost})::int`,
      })
      .from(tags)
      .where(eq(tags.organizationId, org.org.id)),
    db.select({ n: count() }).from(orgLocations).where(eq(orgLocations.organizationId, org.org.id)),
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
  ]);
  return {
    seo: { title: t("org:overview.title", { name: org.org.name }), description: "" },
    seats,
    tags: tagCounts ?? { owned: 0, assigned: 0, lost: 0 },
    locations: locations?.n ?? 0,
    staff: staff?.n ?? 0,
  };
}
