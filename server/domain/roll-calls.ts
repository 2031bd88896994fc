/**
 * Roll call (issue 17 item 2, decisions 141 and 143). Staff start one at a location; everyone
 * whose last scan in the organisation in the last 24 hours was "in" there is listed as
 * unaccounted; staff mark people safe by scan or tap, members by their own link; ended, it is
 * frozen. Every change is a row in `roll_call_events`, the timeline and the feed that staff
 * phones follow live (`roll-call-feed.ts`). The automatic alert is in `server/alerts/roll-call.ts`.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Channel } from "#core/channels.ts";
import type { RollCallFeedEvent, RollCallKind, RollCallMethod } from "#core/roll-call.ts";
import { UUID } from "#core/validation.ts";
import { queueNotice } from "#server/alerts/notices.ts";
import { deriveKey, hmacHex, safeEqualHex } from "#server/crypto.ts";
import type { Executor, Transaction } from "#server/db/client.ts";
import {
  attendanceScans,
  orgLocations,
  profiles,
  rollCallEvents,
  rollCallPeople,
  rollCalls,
  tags,
  user,
} from "#server/db/schema.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";
import { recordAudit } from "./audit.ts";
import type { OrgContext } from "./organizations.ts";
import { alertAllowance } from "./quotas.ts";

/**
 * How far back a check-in counts: a person whose last scan in the organisation in the last 24
 * hours was "in" at the location is listed (decision 143). A night shift that began yesterday
 * evening is still there; a check-in without a check-out from two days ago is not.
 */
export const ROLL_CALL_LOOKBACK_HOURS = 24;

/** Ceilings (decision 143): starts message people, self links and scans guess secrets. */
export const ROLL_CALL_RULES = {
  startUser: { name: "roll-call-start:user", points: 20, windowSeconds: 3600 },
  scanUser: { name: "roll-call-scan:user", points: 120, windowSeconds: 60 },
  selfAddress: { name: "roll-call-self:address", points: 30, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

/** The in-process wake-up after a local write; other instances find it by polling. */
export interface RollCallSignal {
  notify(rollCallId: string): void;
  /** Resolves on the next notify for the roll call, after `ms`, or when `signal` aborts. */
  wait(rollCallId: string, ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * One read for every caller asking the same `key` at once: the staff phones on one instance,
   * all woken by the same mark, share one query of the table instead of one each.
   */
  shared<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export function createRollCallSignal(): RollCallSignal {
  const waiting = new Map<string, Set<() => void>>();
  const reading = new Map<string, Promise<unknown>>();
  return {
    shared<T>(key: string, load: () => Promise<T>) {
      const running = reading.get(key);
      if (running) return running as Promise<T>;
      const read = load().finally(() => reading.delete(key));
      reading.set(key, read);
      return read;
    },
    notify(rollCallId) {
      const wake = waiting.get(rollCallId);
      if (!wake) return;
      waiting.delete(rollCallId);
      for (const resolve of wake) resolve();
    },
    wait(rollCallId, ms, signal) {
      return new Promise<void>((resolve) => {
        const set = waiting.get(rollCallId) ?? new Set<() => void>();
        waiting.set(rollCallId, set);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          waiting.get(rollCallId)?.delete(done);
          if (waiting.get(rollCallId)?.size === 0) waiting.delete(rollCallId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
        signal?.addEventListener("abort", done, { once: true });
      });
    },
  };
}

/** The mark-yourself-safe link's token: for one person and one roll call (decision 143). */
export function rollCallSafeTokens(masterKey: Buffer) {
  const key = deriveKey(masterKey, "roll-call-safe");
  const mac = (rollCallId: string, profileId: string) =>
    hmacHex(key, `${rollCallId}:${profileId}`).slice(0, 32);
  return {
    make: (rollCallId: string, profileId: string) =>
      `${rollCallId}.${profileId}.${mac(rollCallId, profileId)}`,
    parse(token: string): { rollCallId: string; profileId: string } | null {
      const [rollCallId, profileId, given, extra] = token.split(".");
      if (extra !== undefined || !rollCallId || !profileId || !given) return null;
      if (!UUID.test(rollCallId) || !/^[A-Za-z0-9_-]{1,64}$/.test(profileId)) return null;
      if (!/^[0-9a-f]{32}$/.test(given)) return null;
      return safeEqualHex(mac(rollCallId, profileId), given) ? { rollCallId, profileId } : null;
    },
  };
}

/** Who acts: a staff member (user id and name) or the person themself by their link. */
export interface RollCallActor {
  userId: string | null;
  name: string;
}

export async function actorOf(executor: Executor, userId: string): Promise<RollCallActor> {
  const [row] = await executor.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return { userId, name: row?.name?.trim() || "—" };
}

const rollCallColumns = {
  id: rollCalls.id,
  organizationId: rollCalls.organizationId,
  locationId: rollCalls.locationId,
  locationName: orgLocations.name,
  timeZone: orgLocations.timeZone,
  kind: rollCalls.kind,
  drill: rollCalls.drill,
  status: rollCalls.status,
  startedByName: rollCalls.startedByName,
  alertAfterMinutes: rollCalls.alertAfterMinutes,
  alertAt: rollCalls.alertAt,
  alertedAt: rollCalls.alertedAt,
  endedAt: rollCalls.endedAt,
  endedByName: rollCalls.endedByName,
  createdAt: rollCalls.createdAt,
};

export type RollCallSummary = Awaited<ReturnType<typeof listRollCalls>>[number];

/** The roll calls at the asker's locations, open ones first, newest first. */
export async function listRollCalls(executor: Executor, context: OrgContext, limit = 50) {
  const rows = await executor
    .select({
      ...rollCallColumns,
      people: sql<number>`(select count(*)::int from roll_call_people p where p.roll_call_id = ${rollCalls.id})`,
      safe: sql<number>`(select count(*)::int from roll_call_people p where p.roll_call_id = ${rollCalls.id} and p.status = 'safe')`,
    })
    .from(rollCalls)
    .innerJoin(orgLocations, eq(orgLocations.id, rollCalls.locationId))
    .where(
      and(
        eq(rollCalls.organizationId, context.org.id),
        context.locationIds ? inArray(rollCalls.locationId, context.locationIds) : undefined,
      ),
    )
    .orderBy(desc(sql`${rollCalls.status} = 'open'`), desc(rollCalls.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, kind: r.kind as RollCallKind }));
}

/**
 * One roll call of the organisation at a location the asker works at; null otherwise (another
 * organisation's or another location's is answered like a missing one).
 */
export async function findRollCall(executor: Executor, context: OrgContext, rollCallId: unknown) {
  if (typeof rollCallId !== "string" || !UUID.test(rollCallId)) return null;
  const [row] = await executor
    .select(rollCallColumns)
    .from(rollCalls)
    .innerJoin(orgLocations, eq(orgLocations.id, rollCalls.locationId))
    .where(and(eq(rollCalls.id, rollCallId), eq(rollCalls.organizationId, context.org.id)))
    .limit(1);
  if (!row) return null;
  if (context.locationIds && !context.locationIds.includes(row.locationId)) return null;
  return { ...row, kind: row.kind as RollCallKind };
}

export type RollCallDetail = NonNullable<Awaited<ReturnType<typeof findRollCall>>>;

/** Everyone the roll call accounts for, by name. */
export async function rollCallPeopleOf(executor: Executor, rollCallId: string) {
  return executor
    .select({
      profileId: rollCallPeople.profileId,
      personName: rollCallPeople.personName,
      groupName: rollCallPeople.groupName,
      status: rollCallPeople.status,
      markedAt: rollCallPeople.markedAt,
      markedByName: rollCallPeople.markedByName,
      method: rollCallPeople.method,
      alertId: rollCallPeople.alertId,
    })
    .from(rollCallPeople)
    .where(eq(rollCallPeople.rollCallId, rollCallId))
    .orderBy(asc(rollCallPeople.personName), asc(rollCallPeople.profileId));
}

/** The roll call's events after `after` (its `seq`), oldest first: the live feed and timeline. */
export async function rollCallEventsAfter(
  executor: Executor,
  rollCallId: string,
  after: number,
  limit = 500,
): Promise<RollCallFeedEvent[]> {
  const rows = await executor
    .select()
    .from(rollCallEvents)
    .where(and(eq(rollCallEvents.rollCallId, rollCallId), gt(rollCallEvents.seq, after)))
    .orderBy(asc(rollCallEvents.seq))
    .limit(limit);
  return rows.map((r) => ({
    seq: r.seq,
    type: r.type as RollCallFeedEvent["type"],
    profileId: r.profileId,
    personName: r.personName,
    actorName: r.actorName,
    method: r.method,
    at: r.createdAt.toISOString(),
  }));
}

/** The last event's `seq` (0 for none): where a page's live feed starts. */
export async function lastRollCallSeq(executor: Executor, rollCallId: string): Promise<number> {
  const [row] = await executor
    .select({ seq: sql<number>`coalesce(max(${rollCallEvents.seq}), 0)::bigint` })
    .from(rollCallEvents)
    .where(eq(rollCallEvents.rollCallId, rollCallId));
  return Number(row?.seq ?? 0);
}

/**
 * Appends an event in the caller's transaction. Readers follow the feed by `seq`, so events of one
 * roll call must become visible in `seq` order: with two transactions at once, the one holding
 * the lower `seq` could commit second, after a phone had read past it, and that phone would
 * never see its mark. A per-roll-call lock, taken before the `seq` is drawn and held to commit,
 * makes the order of `seq` the order of commits.
 */
export async function addRollCallEvent(
  tx: Transaction,
  rollCallId: string,
  event: {
    type: RollCallFeedEvent["type"];
    profileId?: string | null;
    personName?: string | null;
    actor?: RollCallActor | null;
    method?: string | null;
  },
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`roll-call-events:${rollCallId}`}, 0))`,
  );
  await tx.insert(rollCallEvents).values({
    rollCallId,
    type: event.type,
    profileId: event.profileId ?? null,
    personName: event.personName ?? null,
    userId: event.actor?.userId ?? null,
    actorName: event.actor?.name ?? null,
    method: event.method ?? null,
  });
}

/**
 * The people to list at the start: the organisation's people whose last scan in it in the look-
 * back window was "in" at this location.
 */
export async function checkedInAt(
  executor: Executor,
  organizationId: string,
  locationId: string,
  now = new Date(),
) {
  const since = new Date(now.getTime() - ROLL_CALL_LOOKBACK_HOURS * 3_600_000);
  const last = executor
    .selectDistinctOn([attendanceScans.profileId], {
      profileId: sql<string>`${attendanceScans.profileId}`.as("last_profile_id"),
      direction: sql<string>`${attendanceScans.direction}`.as("last_direction"),
      locationId: sql<string | null>`${attendanceScans.locationId}`.as("last_location_id"),
    })
    .from(attendanceScans)
    .where(
      and(
        eq(attendanceScans.organizationId, organizationId),
        isNotNull(attendanceScans.profileId),
        gte(attendanceScans.createdAt, since),
      ),
    )
    .orderBy(attendanceScans.profileId, desc(attendanceScans.createdAt), desc(attendanceScans.id))
    .as("last");
  return executor
    .select({
      profileId: profiles.id,
      fullName: profiles.fullName,
      groupName: profiles.groupName,
      language: profiles.language,
      memberUserId: profiles.memberUserId,
    })
    .from(last)
    .innerJoin(
      profiles,
      and(eq(profiles.id, last.profileId), eq(profiles.organizationId, organizationId)),
    )
    .where(and(eq(last.direction, "in"), eq(last.locationId, locationId)));
}

export type StartResult =
  | { ok: true; rollCallId: string; joined: boolean; listed: number }
  | { ok: false; reason: "unknown_location" };

export interface StartInput {
  locationId: string;
  kind: RollCallKind;
  drill: boolean;
  alertAfterMinutes: number;
}

/**
 * Starts a roll call at a location the asker works at, or joins the one open there (the partial
 * unique index decides a race: the second insert does nothing and finds the first). The people
 * listed are copied in, and each who has a login gets a message with their own mark-safe link.
 */
export async function startRollCall(
  services: Services,
  context: OrgContext,
  input: StartInput,
  clientAddress: string | null = null,
): Promise<StartResult> {
  const { db } = services;
  if (!UUID.test(input.locationId)) return { ok: false, reason: "unknown_location" };
  if (context.locationIds && !context.locationIds.includes(input.locationId)) {
    return { ok: false, reason: "unknown_location" };
  }
  const [location] = await db
    .select({ id: orgLocations.id, name: orgLocations.name })
    .from(orgLocations)
    .where(
      and(eq(orgLocations.id, input.locationId), eq(orgLocations.organizationId, context.org.id)),
    );
  if (!location) return { ok: false, reason: "unknown_location" };
  const actor = await actorOf(db, context.userId);
  const tokens = rollCallSafeTokens(services.config.dataEncryptionKey);

  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      const now = new Date();
      const [created] = await tx
        .insert(rollCalls)
        .values({
          organizationId: context.org.id,
          locationId: location.id,
          kind: input.kind,
          drill: input.drill,
          startedBy: context.userId,
          startedByName: actor.name,
          alertAfterMinutes: input.alertAfterMinutes,
          alertAt: new Date(now.getTime() + input.alertAfterMinutes * 60_000),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: rollCalls.id });
      if (!created) {
        const [open] = await tx
          .select({ id: rollCalls.id })
          .from(rollCalls)
          .where(and(eq(rollCalls.locationId, location.id), eq(rollCalls.status, "open")));
        if (!open) return null; // ended in between: try again
        await addRollCallEvent(tx, open.id, { type: "joined", actor });
        return { rollCallId: open.id, joined: true, listed: 0 };
      }
      const people = await checkedInAt(tx, context.org.id, location.id, now);
      for (let i = 0; i < people.length; i += 1000) {
        await tx.insert(rollCallPeople).values(
          people.slice(i, i + 1000).map((p) => ({
            rollCallId: created.id,
            profileId: p.profileId,
            personName: p.fullName?.trim() || "—",
            groupName: p.groupName,
          })),
        );
      }
      await addRollCallEvent(tx, created.id, { type: "started", actor, method: input.kind });
      await messageMembers(services, tx, {
        rollCallId: created.id,
        accountId: context.org.accountId,
        organizationName: context.org.name,
        place: location.name,
        drill: input.drill,
        people,
        link: (profileId) =>
          `${services.config.publicUrl}/roll-call/safe/${tokens.make(created.id, profileId)}`,
      });
      return { rollCallId: created.id, joined: false, listed: people.length };
    });
    if (!result) continue;
    services.rollCallSignal.notify(result.rollCallId);
    if (!result.joined) services.dispatcher?.nudge();
    await recordAudit(db, services.logger, {
      type: result.joined ? "roll_call_joined" : "roll_call_started",
      userId: context.userId,
      organizationId: context.org.id,
      clientAddress,
      metadata: {
        roll_call_id: result.rollCallId,
        location_id: location.id,
        ...(result.joined
          ? {}
          : {
              kind: input.kind,
              drill: input.drill,
              alert_after_minutes: input.alertAfterMinutes,
              listed: result.listed,
            }),
      },
    });
    return { ok: true, ...result };
  }
  throw new Error("roll call start kept racing with its end");
}

/**
 * A `roll_call` notice to each listed person with a login: their email, else their phone by
 * SMS; in their profile's language; the link sealed like an invitation's.
 */
async function messageMembers(
  services: Services,
  tx: Transaction,
  input: {
    rollCallId: string;
    accountId: string;
    organizationName: string;
    place: string;
    drill: boolean;
    people: {
      profileId: string;
      fullName: string | null;
      language: string;
      memberUserId: string | null;
    }[];
    link: (profileId: string) => string;
  },
) {
  const withLogin = input.people.filter((p) => p.memberUserId);
  if (!withLogin.length) return;
  const logins = new Map<string, { email: string; phone: string | null }>();
  for (let i = 0; i < withLogin.length; i += 1000) {
    const rows = await tx
      .select({ id: user.id, email: user.email, phone: user.phoneNumber })
      .from(user)
      .where(
        inArray(
          user.id,
          withLogin.slice(i, i + 1000).map((p) => p.memberUserId!),
        ),
      );
    for (const row of rows) logins.set(row.id, { email: row.email, phone: row.phone });
  }
  // SMS counts against the organisation's plan like its alerts (email never does). Over the
  // allowance a real roll call's message still goes, marked as an emergency overage, as alerts
  // do; a drill's is recorded and not sent.
  const bySms = withLogin.some((p) => {
    const login = logins.get(p.memberUserId!);
    return login?.email.endsWith(".invalid") && login.phone;
  });
  const allowance = bySms ? (await alertAllowance(tx, input.accountId)).allowance : null;
  for (const person of withLogin) {
    const login = logins.get(person.memberUserId!);
    if (!login) continue;
    const byEmail = !login.email.endsWith(".invalid");
    if (!byEmail && !login.phone) continue;
    const channel: Channel = byEmail ? "email" : "sms";
    const within = byEmail || allowance?.take("sms") === true;
    await queueNotice(tx, services.cipher, {
      status: within || !input.drill ? "pending" : "skipped",
      note: within ? null : input.drill ? "quota" : "emergency_overage",
      kind: "roll_call",
      accountId: input.accountId,
      channel,
      to: byEmail ? login.email : login.phone!,
      recipientName: person.fullName?.trim() || "—",
      payload: {
        template: input.drill ? "rollCallDrill" : "rollCall",
        language: person.language,
        params: {
          name: person.fullName?.trim() || "",
          organization: input.organizationName,
          place: input.place,
        },
      },
      secretParams: { link: input.link(person.profileId) },
    });
  }
}

export type MarkResult =
  | { ok: true; personName: string; changed: boolean; added?: boolean }
  | { ok: false; reason: "ended" | "not_listed" | "gone" };

/** Locks the roll call against its end while a mark is written; null when it is gone. */
async function openForMarks(tx: Transaction, rollCallId: string) {
  const [row] = await tx
    .select({ status: rollCalls.status, organizationId: rollCalls.organizationId })
    .from(rollCalls)
    .where(eq(rollCalls.id, rollCallId))
    .for("share");
  return row ?? null;
}

interface MarkInput {
  rollCallId: string;
  profileId: string;
  actor: RollCallActor;
  clientAddress?: string | null;
}

/**
 * One change to a person's mark, in a transaction that holds the roll call against its end; after
 * the commit, the feed is woken and the organisation's log written.
 */
async function changeMark(
  services: Services,
  input: MarkInput,
  metadata: Record<string, unknown>,
  change: (tx: Transaction) => Promise<MarkResult>,
): Promise<MarkResult> {
  const done = await services.db.transaction(async (tx) => {
    const call = await openForMarks(tx, input.rollCallId);
    if (!call) return { answer: { ok: false, reason: "gone" } as MarkResult, org: null };
    if (call.status !== "open") {
      return { answer: { ok: false, reason: "ended" } as MarkResult, org: null };
    }
    return { answer: await change(tx), org: call.organizationId };
  });
  if (done.answer.ok && done.answer.changed && done.org) {
    services.rollCallSignal.notify(input.rollCallId);
    await recordAudit(services.db, services.logger, {
      type: "roll_call_marked",
      userId: input.actor.userId,
      profileId: input.profileId,
      organizationId: done.org,
      clientAddress: input.clientAddress ?? null,
      metadata: { roll_call_id: input.rollCallId, ...metadata },
    });
  }
  return done.answer;
}

const personOf = (input: MarkInput) =>
  and(
    eq(rollCallPeople.rollCallId, input.rollCallId),
    eq(rollCallPeople.profileId, input.profileId),
  );

/**
 * Marks a listed person safe (tap, scan or their own link). Marking someone already safe changes
 * nothing and says so; an ended roll call refuses.
 */
export function markSafe(
  services: Services,
  input: MarkInput & { method: RollCallMethod },
): Promise<MarkResult> {
  return changeMark(services, input, { method: input.method }, async (tx) => {
    const [person] = await tx
      .select({ name: rollCallPeople.personName, status: rollCallPeople.status })
      .from(rollCallPeople)
      .where(personOf(input))
      .for("update");
    if (!person) return { ok: false, reason: "not_listed" };
    if (person.status === "safe") return { ok: true, personName: person.name, changed: false };
    await tx
      .update(rollCallPeople)
      .set({
        status: "safe",
        markedAt: new Date(),
        markedBy: input.actor.userId,
        markedByName: input.actor.name,
        method: input.method,
      })
      .where(personOf(input));
    await addRollCallEvent(tx, input.rollCallId, {
      type: "marked_safe",
      profileId: input.profileId,
      personName: person.name,
      actor: input.actor,
      method: input.method,
    });
    return { ok: true, personName: person.name, changed: true };
  });
}

/** Undoes a mark made by mistake while the roll call is open. */
export function unmarkSafe(services: Services, input: MarkInput): Promise<MarkResult> {
  return changeMark(services, input, { undo: true }, async (tx) => {
    const [person] = await tx
      .update(rollCallPeople)
      .set({
        status: "unaccounted",
        markedAt: null,
        markedBy: null,
        markedByName: null,
        method: null,
      })
      .where(and(personOf(input), eq(rollCallPeople.status, "safe")))
      .returning({ name: rollCallPeople.personName });
    if (!person) {
      const [listed] = await tx
        .select({ name: rollCallPeople.personName })
        .from(rollCallPeople)
        .where(personOf(input));
      return listed
        ? { ok: true, personName: listed.name, changed: false }
        : { ok: false, reason: "not_listed" };
    }
    await addRollCallEvent(tx, input.rollCallId, {
      type: "unmarked",
      profileId: input.profileId,
      personName: person.name,
      actor: input.actor,
    });
    return { ok: true, personName: person.name, changed: true };
  });
}

export type ScanMarkResult =
  | MarkResult
  | { ok: false; reason: "invalid_tag" | "inactive_tag" | "other_organization" };

/**
 * A scanned tag at the muster point: its person marked safe; someone of this organisation who was
 * not listed (not checked in, or another location's) is added as safe; another organisation's
 * tag, or an unknown or inactive one, is refused and changes nothing.
 */
export async function markSafeByTag(
  services: Services,
  input: {
    rollCallId: string;
    organizationId: string;
    tagId: string;
    actor: RollCallActor;
    clientAddress?: string | null;
  },
): Promise<ScanMarkResult> {
  const [tag] = await services.db
    .select({
      profileId: tags.profileId,
      status: tags.status,
      isActive: tags.isActive,
      isLost: tags.isLost,
      organizationId: profiles.organizationId,
      fullName: profiles.fullName,
      groupName: profiles.groupName,
    })
    .from(tags)
    .leftJoin(profiles, eq(profiles.id, tags.profileId))
    .where(eq(tags.id, input.tagId))
    .limit(1);
  if (!tag) return { ok: false, reason: "invalid_tag" };
  if (!tag.profileId) return { ok: false, reason: "inactive_tag" };
  if (tag.organizationId !== input.organizationId)
    return { ok: false, reason: "other_organization" };
  if (!tag.isActive || tag.isLost || tag.status !== "active") {
    return { ok: false, reason: "inactive_tag" };
  }
  const marked = await markSafe(services, { ...input, profileId: tag.profileId, method: "scan" });
  if (marked.ok || marked.reason !== "not_listed") return marked;
  // Not on the list but here, and one of ours: added as safe.
  const personName = tag.fullName?.trim() || "—";
  const person = { ...input, profileId: tag.profileId };
  const added = await changeMark(services, person, { method: "scan", added: true }, async (tx) => {
    const inserted = await tx
      .insert(rollCallPeople)
      .values({
        rollCallId: input.rollCallId,
        profileId: person.profileId,
        personName,
        groupName: tag.groupName,
        status: "safe",
        markedAt: new Date(),
        markedBy: input.actor.userId,
        markedByName: input.actor.name,
        method: "scan",
      })
      .onConflictDoNothing()
      .returning({ id: rollCallPeople.profileId });
    // Listed by someone else in between: then it is an ordinary mark.
    if (!inserted.length) return { ok: false, reason: "not_listed" };
    await addRollCallEvent(tx, input.rollCallId, {
      type: "marked_safe",
      profileId: person.profileId,
      personName,
      actor: input.actor,
      method: "scan",
    });
    return { ok: true, personName, changed: true, added: true };
  });
  if (added.ok || added.reason !== "not_listed") return added;
  return markSafe(services, { ...person, method: "scan" });
}

/** Ends an open roll call: frozen from then on. False when it was already ended. */
export async function endRollCall(
  services: Services,
  context: OrgContext,
  rollCallId: string,
  clientAddress: string | null = null,
): Promise<boolean> {
  const actor = await actorOf(services.db, context.userId);
  const ended = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(rollCalls)
      .set({ status: "ended", endedAt: new Date(), endedBy: actor.userId, endedByName: actor.name })
      .where(
        and(
          eq(rollCalls.id, rollCallId),
          eq(rollCalls.organizationId, context.org.id),
          eq(rollCalls.status, "open"),
        ),
      )
      .returning({ id: rollCalls.id });
    if (!row) return false;
    await addRollCallEvent(tx, rollCallId, { type: "ended", actor });
    return true;
  });
  if (!ended) return false;
  services.rollCallSignal.notify(rollCallId);
  const counts = await services.db
    .select({ status: rollCallPeople.status, n: sql<number>`count(*)::int` })
    .from(rollCallPeople)
    .where(eq(rollCallPeople.rollCallId, rollCallId))
    .groupBy(rollCallPeople.status);
  await recordAudit(services.db, services.logger, {
    type: "roll_call_ended",
    userId: context.userId,
    organizationId: context.org.id,
    clientAddress,
    metadata: {
      roll_call_id: rollCallId,
      safe: counts.find((c) => c.status === "safe")?.n ?? 0,
      unaccounted: counts.find((c) => c.status === "unaccounted")?.n ?? 0,
    },
  });
  return true;
}

/** The self link's target: the person and roll call it is for, with what the page shows. */
export async function selfMarkTarget(executor: Executor, rollCallId: string, profileId: string) {
  const [row] = await executor
    .select({
      personName: rollCallPeople.personName,
      status: rollCallPeople.status,
      callStatus: rollCalls.status,
      drill: rollCalls.drill,
      kind: rollCalls.kind,
      place: orgLocations.name,
    })
    .from(rollCallPeople)
    .innerJoin(rollCalls, eq(rollCalls.id, rollCallPeople.rollCallId))
    .innerJoin(orgLocations, eq(orgLocations.id, rollCalls.locationId))
    .where(and(eq(rollCallPeople.rollCallId, rollCallId), eq(rollCallPeople.profileId, profileId)));
  return row ?? null;
}
