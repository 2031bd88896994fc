/**
 * Events organisations' people expire (DESIGN 1b.6, decision 139): once a person's `expiresAt`
 * has passed, their profile is erased with everything that names them (encrypted medical fields,
 * contacts, photo, alerts, the name on reader check-ins), their tags go back to the organisation
 * unassigned, a login linked to them loses its member role, and the organisation's log keeps one
 * `org_person_expired` line that holds no personal data. A periodic job in every server process
 * that runs background work does it; rows are claimed with SKIP LOCKED, so two instances on one
 * database never erase the same person twice nor wait for each other.
 *
 * The same job drops organisations' uploaded CSV files (`org_imports`: names, dates of birth,
 * guardians' numbers, and the rejected rows in the summary) 30 days after their upload
 * (decision 136): long enough to download the rejected rows and fix them, no longer.
 */
import { and, asc, eq, inArray, isNotNull, lt, lte, ne, sql } from "drizzle-orm";
import {
  attendanceScans,
  invitation,
  member,
  orgImports,
  profiles,
  tags,
} from "#server/db/schema.ts";
import { createPeriodicJob, type PeriodicJob } from "#server/periodic-job.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import { UNLINKED } from "./tag-lifecycle.ts";

/** People erased in one transaction; the job goes on until none is due. */
const BATCH = 100;

/** Erases every organisation person whose expiry has passed; returns how many. */
export async function eraseExpiredOrgPeople(
  services: Pick<Services, "db" | "logger">,
  now: Date = new Date(),
): Promise<number> {
  let total = 0;
  for (;;) {
    const erased = await eraseBatch(services, now);
    total += erased;
    if (erased < BATCH) return total;
  }
}

async function eraseBatch(services: Pick<Services, "db" | "logger">, now: Date) {
  return services.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: profiles.id,
        organizationId: profiles.organizationId,
        memberUserId: profiles.memberUserId,
      })
      .from(profiles)
      .where(
        and(
          lte(profiles.expiresAt, now),
          isNotNull(profiles.organizationId),
          sql`${profiles.id} <> ${profiles.accountId}`,
        ),
      )
      .orderBy(asc(profiles.expiresAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((p) => p.id);
    // Back to the organisation, unassigned: its tags, no person's card.
    await tx
      .update(tags)
      .set({ ...UNLINKED, isLost: false })
      .where(inArray(tags.profileId, ids));
    // Check-ins keep their time and place, not the name.
    await tx
      .update(attendanceScans)
      .set({ personName: "" })
      .where(inArray(attendanceScans.profileId, ids));
    await tx
      .update(invitation)
      .set({ status: "canceled" })
      .where(and(inArray(invitation.profileId, ids), eq(invitation.status, "pending")));
    for (const person of due) {
      if (!person.memberUserId || !person.organizationId) continue;
      // Their login was a member only to reach this card.
      await tx
        .delete(member)
        .where(
          and(
            eq(member.organizationId, person.organizationId),
            eq(member.userId, person.memberUserId),
            eq(member.role, "member"),
          ),
        );
    }
    // Contacts, the photo and alerts go with the profile (foreign keys cascade).
    await tx.delete(profiles).where(inArray(profiles.id, ids));
    for (const person of due) {
      await recordAudit(tx, services.logger, {
        type: "org_person_expired",
        organizationId: person.organizationId,
        profileId: person.id,
      });
    }
    return due.length;
  });
}

/** How long an uploaded CSV (and its rejected rows) is kept after its upload. */
export const IMPORT_RETENTION_DAYS = 30;

/**
 * Deletes every organisation import uploaded more than `IMPORT_RETENTION_DAYS` ago, except one
 * still running; returns how many. The organisation's log keeps who imported what.
 */
export async function purgeOldImports(
  services: Pick<Services, "db">,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_RETENTION_DAYS * 86_400_000);
  const dropped = await services.db
    .delete(orgImports)
    .where(and(lt(orgImports.createdAt, before), ne(orgImports.status, "importing")))
    .returning({ id: orgImports.id });
  return dropped.length;
}

export type OrgExpiryJob = PeriodicJob<number>;

/** Every 10 minutes by default, and once at start: an expiry is honoured within minutes. */
export function createOrgExpiryJob(
  services: Pick<Services, "db" | "logger">,
  options: { intervalMs?: number } = {},
): OrgExpiryJob {
  return createPeriodicJob({
    logger: services.logger,
    intervalMs: options.intervalMs ?? 10 * 60_000,
    failed: 0,
    failureMessage: "erasing expired organisation people failed",
    run: async () => {
      const erased = await eraseExpiredOrgPeople(services);
      if (erased > 0) services.logger.info({ erased }, "expired organisation people erased");
      const imports = await purgeOldImports(services);
      if (imports > 0) services.logger.info({ imports }, "old organisation imports deleted");
      return erased;
    },
  });
}
