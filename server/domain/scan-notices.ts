/**
 * Scan notices (issue 15 item 8, decision 134): a real scan of a tag whose owner wants to hear of
 * it queues one short message to the managing account ("WB-XXXXX was scanned at 14:02") through
 * the durable outbox, at most one per tag per 10 minutes across instances. The scan recorder calls
 * this after writing a batch, so the card never waits for it.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Channel } from "#core/channels.ts";
import { timeZoneForCountry } from "#server/alerts/compose.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import type { FieldCipher } from "#server/crypto.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { profiles, tags, user } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { alertAllowance } from "./quotas.ts";
import { accountDestination } from "./users.ts";

/** The least time between two notices about one tag. */
export const SCAN_NOTICE_GAP_MINUTES = 10;

/** Whether a tag's scans are told to its owner: as the owner set, else while it is lost. */
export const scanNoticesOn = (tag: { notifyOnScan: boolean | null; isLost: boolean }) =>
  tag.notifyOnScan ?? tag.isLost;

/**
 * "14:02" in the owner's language and zone, with the date in front when the scan was not today
 * there.
 */
export function scanTime(at: Date, language: string, timeZone: string, now = new Date()): string {
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(d);
  const sameDay = day(at) === day(now);
  return new Intl.DateTimeFormat(language, {
    ...(sameDay ? {} : { dateStyle: "medium" }),
    timeStyle: "short",
    timeZone,
  }).format(at);
}

/** A claimed tag whose owner wants its scans told, with no notice in the last 10 minutes. */
const noticeDue = and(
  isNotNull(tags.userId),
  sql`coalesce(${tags.notifyOnScan}, ${tags.isLost})`,
  or(
    isNull(tags.lastScanNoticeAt),
    lt(tags.lastScanNoticeAt, sql`now() - make_interval(mins => ${SCAN_NOTICE_GAP_MINUTES})`),
  ),
);

/**
 * Takes the tag's notice slot if it is due: one atomic update, so two instances recording scans
 * of the same tag cannot both send. Returns who to tell, or null.
 */
async function takeNoticeSlot(tx: Executor, tagId: string) {
  const [taken] = await tx
    .update(tags)
    .set({ lastScanNoticeAt: sql`now()` })
    .where(and(eq(tags.id, tagId), noticeDue))
    .returning({ userId: tags.userId });
  return taken?.userId ?? null;
}

/**
 * Queues the notice for one scanned tag if its owner wants it and none went in the last 10
 * minutes. SMS is counted against the holder's message allowance like any message: when it is
 * used up, the notice is recorded skipped with the note "quota" (email is never counted).
 * Returns whether a message is waiting to be sent.
 */
export async function queueScanNotice(
  db: Database,
  cipher: FieldCipher,
  scan: { tagId: string; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const accountId = await takeNoticeSlot(tx, scan.tagId);
    if (!accountId) return false;
    const [account] = await tx
      .select({
        name: user.name,
        email: user.email,
        phoneNumber: user.phoneNumber,
        fullName: profiles.fullName,
        language: profiles.language,
        country: profiles.country,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, accountId));
    if (!account) return false;
    const to = accountDestination(account.email, account.phoneNumber);
    const language = account.language ?? "en";
    let status: "pending" | "skipped" = "pending";
    if (to.channel !== "email") {
      const { allowance } = await alertAllowance(tx, accountId);
      if (!allowance.take(to.channel)) status = "skipped";
    }
    await queueNotice(tx, cipher, {
      kind: "scan_notice",
      accountId,
      channel: to.channel satisfies Channel,
      to: to.address,
      recipientName: account.fullName || account.name,
      payload: {
        template: "scanNotice",
        language,
        params: {
          tag: scan.tagId,
          time: scanTime(scan.at, language, timeZoneForCountry(account.country)),
        },
      },
      status,
      note: status === "skipped" ? "quota" : null,
    });
    return status === "pending";
  });
}

/**
 * Queues the notices a batch of scans calls for (the latest scan of each tag); a notice that
 * fails is logged and the others go on. Returns how many wait to be sent.
 */
export async function queueScanNotices(
  deps: { db: Database; cipher: FieldCipher; logger: Logger },
  scans: { tagId: string; at: Date }[],
): Promise<number> {
  const latest = new Map<string, Date>();
  for (const scan of scans) {
    const seen = latest.get(scan.tagId);
    if (!seen || scan.at > seen) latest.set(scan.tagId, scan.at);
  }
  // Most scanned tags want no notice: one read finds the few that do.
  const due = await deps.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(inArray(tags.id, [...latest.keys()]), noticeDue));
  let queued = 0;
  for (const { id: tagId } of due) {
    const at = latest.get(tagId)!;
    try {
      if (await queueScanNotice(deps.db, deps.cipher, { tagId, at })) queued++;
    } catch (error) {
      deps.logger.error({ err: error, tagId }, "queueing a scan notice failed");
    }
  }
  return queued;
}
