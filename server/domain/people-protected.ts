import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { tags } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";

/**
 * The trust bar's "people protected" (DESIGN 1b.5, decision 153): the real number of people
 * whose card an active, not lost tag shows. Below the threshold the bar makes another true
 * claim instead; above it the number is rounded down, so it never says more than is true.
 */
export const PEOPLE_PROTECTED_THRESHOLD = 1000;
/** How long a count is served before it is read again (in the background). */
export const PEOPLE_PROTECTED_TTL_MS = 10 * 60_000;

/** People with at least one active tag that is not lost: one pass over the tags table. */
export async function countPeopleProtected(db: Executor): Promise<number> {
  const [row] = await db
    .select({ people: sql<number>`count(distinct ${tags.profileId})::int` })
    .from(tags)
    .where(and(eq(tags.isActive, true), eq(tags.isLost, false), isNotNull(tags.profileId)));
  return Number(row?.people ?? 0);
}

/** 1,234 → 1,200; 15,678 → 15,000: two significant figures, rounded down. */
export function roundDownForClaim(count: number): number {
  if (count < 100) return count;
  const step = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.floor(count / step) * step;
}

interface Cached {
  count: number | null;
  readAt: number;
  reading: Promise<number> | null;
}
/**
 * Per services (one per app), on `globalThis`: the server build and the command line or tests
 * that load this module separately then share one count.
 */
const CACHE_KEY = Symbol.for("safetap.peopleProtected");
const store = globalThis as { [CACHE_KEY]?: WeakMap<Services, Cached> };
store[CACHE_KEY] ??= new WeakMap<Services, Cached>();
const cache = store[CACHE_KEY];

/**
 * Reads the count now and keeps it. Landing pages never call this and wait: they take
 * `peopleProtectedClaim`, which only starts it.
 */
export function refreshPeopleProtected(services: Services): Promise<number> {
  let entry = cache.get(services);
  if (!entry) {
    entry = { count: null, readAt: 0, reading: null };
    cache.set(services, entry);
  }
  if (entry.reading) return entry.reading;
  const current = entry;
  current.reading = countPeopleProtected(services.db)
    .then((count) => {
      current.count = count;
      current.readAt = Date.now();
      return count;
    })
    .finally(() => {
      current.reading = null;
    });
  return current.reading;
}

/**
 * What the trust bar may say, without waiting for the database: the rounded count once it
 * passes the threshold, else null (the bar says something else that is true). A count older
 * than the TTL, or none yet, starts a read in the background for the next visitor.
 */
export function peopleProtectedClaim(services: Services, now = Date.now()): number | null {
  const entry = cache.get(services);
  if (!entry || now - entry.readAt > PEOPLE_PROTECTED_TTL_MS) {
    refreshPeopleProtected(services).catch((error) =>
      services.logger.warn({ err: error }, "people protected count could not be read"),
    );
  }
  const count = entry?.count ?? null;
  return count !== null && count >= PEOPLE_PROTECTED_THRESHOLD ? roundDownForClaim(count) : null;
}
