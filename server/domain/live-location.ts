/**
 * Live location after an alert (decision 150): the phone that raised a card alert (it holds the
 * alert's viewer token) or the owner who sent an SOS (their session) goes on sharing positions for
 * a chosen time; contacts follow them on the acknowledgement page. A share is live while it has
 * not ended, its time has not run out, the alert is younger than a day and still active: a
 * cancelled alert ends sharing at once, and nothing is accepted or shown after it. Positions are
 * erased after 7 days (DESIGN 1b.6) by a job every server process with background work runs.
 */
import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  ALERT_LIVE_WINDOW_MS,
  type HandoverView,
  type LiveDuration,
  type LiveFeed,
  type LivePosition,
  type LiveShareState,
  liveDurationMs,
  POSITION_RETENTION_DAYS,
} from "#core/live-location.ts";
import { PLANS } from "#core/plans.ts";
import { parseLocation } from "#server/alerts/create.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import type { Executor } from "#server/db/client.ts";
import { alerts, livePositions, liveShares, responderUpdates } from "#server/db/schema.ts";
import { createPeriodicJob, type PeriodicJob } from "#server/periodic-job.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { quotaHolderFor } from "./quotas.ts";

export const LIVE_RULES = {
  /** Positions per alert: the phone sends one every ~10 s, sooner when moving (at most every 3 s). */
  positions: { name: "live:positions", points: 24, windowSeconds: 60 },
  /** Start and stop presses per alert. */
  presses: { name: "live:presses", points: 20, windowSeconds: 600 },
  /** Everything one address sends to live endpoints, right or wrong token (guessing is bounded). */
  address: { name: "live:address", points: 240, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

/** The most positions the page and the poll show (an hour at one every 10 s is 360). */
export const TRACK_LIMIT = 500;

/** Who asks: the browser that raised a card alert, or the signed-in owner of an SOS. */
export type LiveAsker = { viewerToken: string } | { userId: string };

export type LiveRefusal = "not_found" | "not_live" | "plan" | "rate_limited" | "invalid";
export const LIVE_REFUSAL_STATUS: Record<LiveRefusal, number> = {
  not_found: 404,
  not_live: 409,
  plan: 403,
  rate_limited: 429,
  invalid: 400,
};

type AlertRow = {
  id: string;
  userId: string;
  source: string;
  status: string;
  isTest: boolean;
  createdAt: Date;
};

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

/** The alert, if the asker may share for it; null otherwise (wrong, absent or another alert's token). */
async function alertFor(services: Services, alertId: string, asker: LiveAsker) {
  if (!isUuid(alertId)) return null;
  if ("viewerToken" in asker) {
    const tokens = alertTokens(services.config.dataEncryptionKey);
    if (!tokens.checkViewerToken(alertId, asker.viewerToken)) return null;
  }
  const [alert] = await services.db
    .select({
      id: alerts.id,
      userId: alerts.userId,
      source: alerts.source,
      status: alerts.status,
      isTest: alerts.isTest,
      createdAt: alerts.createdAt,
    })
    .from(alerts)
    .where(eq(alerts.id, alertId));
  if (!alert) return null;
  // A session proves only the owner's own SOS; a card alert needs the token of the phone that raised it.
  if ("userId" in asker && (alert.userId !== asker.userId || alert.source !== "sos")) return null;
  return alert as AlertRow;
}

/** Whether the alert's plan (its holder's: household, organisation or the account) allows live sharing. */
export async function liveAllowed(executor: Executor, accountId: string): Promise<boolean> {
  const holder = await quotaHolderFor(executor, accountId);
  return PLANS[holder.plan].liveLocation;
}

const alertIsLive = (alert: AlertRow, now: number) =>
  alert.status === "active" &&
  !alert.isTest &&
  now - alert.createdAt.getTime() < ALERT_LIVE_WINDOW_MS;

type ShareRow = typeof liveShares.$inferSelect;

/** When a share stops by itself: its chosen end, or a day after the alert for "until I stop". */
function shareDeadline(share: ShareRow, alertCreatedAt: Date): number {
  const ceiling = alertCreatedAt.getTime() + ALERT_LIVE_WINDOW_MS;
  return share.endsAt ? Math.min(share.endsAt.getTime(), ceiling) : ceiling;
}

function shareState(share: ShareRow | undefined, alert: AlertRow, now: number) {
  if (!share) return "none" as const;
  if (share.endedAt || alert.status !== "active" || now >= shareDeadline(share, alert.createdAt))
    return "ended" as const;
  return "live" as const;
}

function endedReason(share: ShareRow | undefined, alert: AlertRow) {
  if (!share) return null;
  if (alert.status === "cancelled") return "cancelled" as const;
  return (
    (share.endedReason as LiveShareState["endedReason"]) ?? (share.endedAt ? "stopped" : "expired")
  );
}

async function shareOf(executor: Executor, alertId: string) {
  const [share] = await executor.select().from(liveShares).where(eq(liveShares.alertId, alertId));
  return share;
}

function describeShare(
  share: ShareRow | undefined,
  alert: AlertRow,
  allowed: boolean,
): LiveShareState {
  const state = shareState(share, alert, Date.now());
  return {
    allowed,
    state,
    endsAt:
      share && state === "live" && share.endsAt
        ? new Date(shareDeadline(share, alert.createdAt)).toISOString()
        : null,
    endedReason: state === "ended" ? endedReason(share, alert) : null,
  };
}

type Answer = { ok: true; share: LiveShareState } | { ok: false; reason: LiveRefusal };

async function addressAllowed(services: Services, address: string) {
  return (await services.limiter.consume(LIVE_RULES.address, address)).allowed;
}

/** What the sharing page shows: whether the plan allows it, and the share's state. */
export async function liveShareStatus(
  services: Services,
  alertId: string,
  asker: LiveAsker,
  address: string,
): Promise<Answer> {
  if (!(await addressAllowed(services, address))) return { ok: false, reason: "rate_limited" };
  const alert = await alertFor(services, alertId, asker);
  if (!alert) return { ok: false, reason: "not_found" };
  const allowed = await liveAllowed(services.db, alert.userId);
  return { ok: true, share: describeShare(await shareOf(services.db, alertId), alert, allowed) };
}

/** "Keep sharing my location" for 15 minutes, an hour or until stopped; again after a stop. */
export async function startLiveShare(
  services: Services,
  input: { alertId: string; asker: LiveAsker; duration: LiveDuration | null; address: string },
): Promise<Answer> {
  if (!(await addressAllowed(services, input.address)))
    return { ok: false, reason: "rate_limited" };
  const alert = await alertFor(services, input.alertId, input.asker);
  if (!alert) return { ok: false, reason: "not_found" };
  const { duration } = input;
  if (!duration) return { ok: false, reason: "invalid" };
  if (!alertIsLive(alert, Date.now())) return { ok: false, reason: "not_live" };
  if (!(await liveAllowed(services.db, alert.userId))) return { ok: false, reason: "plan" };
  if (!(await services.limiter.consume(LIVE_RULES.presses, alert.id)).allowed)
    return { ok: false, reason: "rate_limited" };
  const ms = liveDurationMs(duration);
  const endsAt = ms === null ? null : new Date(Date.now() + ms);
  const [share] = await services.db
    .insert(liveShares)
    .values({ alertId: alert.id, endsAt })
    .onConflictDoUpdate({
      target: liveShares.alertId,
      set: { endsAt, endedAt: null, endedReason: null },
    })
    .returning();
  return { ok: true, share: describeShare(share, alert, true) };
}

/** "Stop sharing": nothing more is accepted; the contacts' page says sharing ended. */
export async function stopLiveShare(
  services: Services,
  input: { alertId: string; asker: LiveAsker; address: string },
): Promise<Answer> {
  if (!(await addressAllowed(services, input.address)))
    return { ok: false, reason: "rate_limited" };
  const alert = await alertFor(services, input.alertId, input.asker);
  if (!alert) return { ok: false, reason: "not_found" };
  await services.db
    .update(liveShares)
    .set({ endedAt: new Date(), endedReason: "stopped" })
    .where(and(eq(liveShares.alertId, alert.id), isNull(liveShares.endedAt)));
  const allowed = await liveAllowed(services.db, alert.userId);
  return { ok: true, share: describeShare(await shareOf(services.db, alert.id), alert, allowed) };
}

/** Ends an alert's share at once, in the caller's transaction (the alert was cancelled). */
export async function endLiveShare(executor: Executor, alertId: string, reason: "cancelled") {
  await executor
    .update(liveShares)
    .set({ endedAt: new Date(), endedReason: reason })
    .where(and(eq(liveShares.alertId, alertId), isNull(liveShares.endedAt)));
}

/** A phone's time for a position: at most 10 minutes old (sent late after a gap), never ahead. */
function parseRecordedAt(value: unknown, now: number): Date | null | "invalid" {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^\d{13}$/.test(value)) return "invalid";
  const time = Number(value);
  if (time > now + 60_000 || time < now - 10 * 60_000) return "invalid";
  return new Date(Math.min(time, now));
}

function parseAccuracy(value: unknown): number | null | "invalid" {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^\d{1,6}(\.\d+)?$/.test(value)) return "invalid";
  const metres = Math.round(Number(value));
  return metres <= 100_000 ? metres : "invalid";
}

/**
 * One position from the sharing phone. Coordinates are checked like the alert's own
 * (`parseLocation`: finite, in range, 6 decimals); the share must be live; positions are limited
 * per alert per minute.
 */
export async function recordLivePosition(
  services: Services,
  input: {
    alertId: string;
    asker: LiveAsker;
    address: string;
    latitude: unknown;
    longitude: unknown;
    accuracy: unknown;
    recordedAt: unknown;
  },
): Promise<{ ok: true } | { ok: false; reason: LiveRefusal }> {
  if (!(await addressAllowed(services, input.address)))
    return { ok: false, reason: "rate_limited" };
  const alert = await alertFor(services, input.alertId, input.asker);
  if (!alert) return { ok: false, reason: "not_found" };
  const now = Date.now();
  const location = parseLocation(input.latitude, input.longitude);
  const accuracy = parseAccuracy(input.accuracy);
  const recordedAt = parseRecordedAt(input.recordedAt, now);
  if (!location || accuracy === "invalid" || recordedAt === "invalid") {
    return { ok: false, reason: "invalid" };
  }
  const share = await shareOf(services.db, alert.id);
  if (shareState(share, alert, now) !== "live") {
    // The time ran out: say so once, so the page reads "ended" with its reason.
    if (share && !share.endedAt && alert.status === "active") {
      await services.db
        .update(liveShares)
        .set({ endedAt: new Date(shareDeadline(share, alert.createdAt)), endedReason: "expired" })
        .where(and(eq(liveShares.alertId, alert.id), isNull(liveShares.endedAt)));
    }
    // A plan without live sharing never has a live share; say why.
    if (!share && !(await liveAllowed(services.db, alert.userId))) {
      return { ok: false, reason: "plan" };
    }
    return { ok: false, reason: "not_live" };
  }
  if (!(await services.limiter.consume(LIVE_RULES.positions, alert.id)).allowed)
    return { ok: false, reason: "rate_limited" };
  // Inserted only while the share is still live and the alert active (a stop or a cancel that
  // commits first wins).
  const inserted = await services.db.execute(sql`
    insert into live_positions (alert_id, latitude, longitude, accuracy, recorded_at)
    select ${alert.id}, ${location.latitude.toFixed(6)}, ${location.longitude.toFixed(6)},
      ${accuracy}, ${(recordedAt ?? new Date(now)).toISOString()}
    where exists (
      select 1 from live_shares s join alerts a on a.id = s.alert_id
      where s.alert_id = ${alert.id} and s.ended_at is null and a.status = 'active')
    returning id`);
  const rows = Array.isArray(inserted) ? inserted : ((inserted as { rows?: unknown[] }).rows ?? []);
  return rows.length ? { ok: true } : { ok: false, reason: "not_live" };
}

/**
 * What a contact's live link shows (the ack page and its poll): the share's state, the track
 * (newest first; only positions received after `after` when given) and the responders' updates.
 * A cancelled alert shows no positions at all: the person is safe.
 */
export async function liveFeed(
  executor: Executor,
  alert: { id: string; status: string; createdAt: Date; isTest: boolean },
  after: Date | null = null,
): Promise<LiveFeed> {
  const alertRow: AlertRow = { ...alert, userId: "", source: "" };
  const share = await shareOf(executor, alert.id);
  const state = shareState(share, alertRow, Date.now());
  const cancelled = alert.status === "cancelled";
  const positions: LivePosition[] = cancelled
    ? []
    : (
        await executor
          .select()
          .from(livePositions)
          .where(
            and(
              eq(livePositions.alertId, alert.id),
              after ? gt(livePositions.createdAt, after) : undefined,
            ),
          )
          .orderBy(desc(livePositions.recordedAt))
          .limit(TRACK_LIMIT)
      ).map((p) => ({
        id: p.id,
        latitude: p.latitude,
        longitude: p.longitude,
        accuracy: p.accuracy,
        recordedAt: p.recordedAt.toISOString(),
        receivedAt: p.createdAt.toISOString(),
      }));
  const handovers: HandoverView[] = (
    await executor
      .select()
      .from(responderUpdates)
      .where(eq(responderUpdates.alertId, alert.id))
      .orderBy(asc(responderUpdates.createdAt))
  ).map((u) => ({
    id: u.id,
    kind: u.kind as HandoverView["kind"],
    destination: u.destination,
    helperName: u.helperName,
    at: u.createdAt.toISOString(),
  }));
  return {
    share: {
      state,
      endsAt:
        share && state === "live"
          ? new Date(shareDeadline(share, alert.createdAt)).toISOString()
          : null,
      endedAt:
        share && state === "ended"
          ? (
              share.endedAt ?? new Date(Math.min(Date.now(), shareDeadline(share, alert.createdAt)))
            ).toISOString()
          : null,
    },
    cancelled,
    positions,
    handovers,
  };
}

/** Erases positions older than the retention period (DESIGN 1b.6); returns how many. */
export async function eraseOldPositions(executor: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - POSITION_RETENTION_DAYS * 24 * 60 * 60_000);
  const erased = await executor
    .delete(livePositions)
    .where(lt(livePositions.createdAt, before))
    .returning({ id: livePositions.id });
  return erased.length;
}

export type PositionRetentionJob = PeriodicJob<number>;

/** Every hour by default, and once at start: no position outlives its 7 days by more than that. */
export function createPositionRetentionJob(
  services: Pick<Services, "db" | "logger">,
  options: { intervalMs?: number } = {},
): PositionRetentionJob {
  return createPeriodicJob({
    logger: services.logger,
    intervalMs: options.intervalMs ?? 60 * 60_000,
    failed: 0,
    failureMessage: "erasing old live positions failed",
    run: async () => {
      const erased = await eraseOldPositions(services.db);
      if (erased > 0) services.logger.info({ erased }, "live positions past 7 days erased");
      return erased;
    },
  });
}
