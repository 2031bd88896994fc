import { and, eq, inArray, isNull, lte, ne } from "drizzle-orm";
import { channelOf } from "#core/channels.ts";
import { inBatches } from "#server/db/batches.ts";
import type { Listener } from "#server/db/client.ts";
import {
  alertDeliveries,
  alerts,
  orgLocations,
  rollCallPeople,
  rollCalls,
} from "#server/db/schema.ts";
import { ProviderError } from "#server/delivery/twilio.ts";
import type { DeliveryReceipt, OutgoingMessage, Reconciliation } from "#server/delivery/types.ts";
import { optedOutSince } from "#server/domain/opt-outs.ts";
import type { Services } from "#server/services.ts";
import {
  type ComposeInput,
  composeAlertMessage,
  composeHandoverMessage,
  timeZoneForCountry,
} from "./compose.ts";
import { escalateAlert } from "./escalation.ts";
import {
  composeNotice,
  DELIVERY_PRIORITY,
  DELIVERY_PRIORITY_SQL,
  isNoticePayload,
  openNotice,
} from "./notices.ts";
import { alertDueRollCalls } from "./roll-call.ts";
import { spendBreaker } from "./spend-breaker.ts";
import { alertTokens } from "./tokens.ts";

export const MAX_ATTEMPTS = 8;
/**
 * Deliveries claimed between two looks at the escalations and roll calls that fell due; a pass
 * run by hand (not started) ends there.
 */
const PASS_LIMIT = 100;
/** The NOTIFY channel the outbox's trigger wakes dispatchers on (migration 0011, decision 156). */
export const OUTBOX_CHANNEL = "safetap_outbox";

export interface Dispatcher {
  start(): void;
  stop(): Promise<void>;
  /** Asks for a pass as soon as possible (after an alert is recorded). */
  nudge(): void;
  /**
   * Pending deliveries were inserted here and committed: their commit's NOTIFY wakes every
   * listening dispatcher, this one too, so this one claims now only while it is not listening
   * (decision 162: one wake-up, and one claim, per alert instead of two).
   */
  inserted(): void;
  /**
   * One pass: escalations due, then due deliveries: PASS_LIMIT of them when run by hand (not
   * started), until none is left in a started dispatcher's pass. Returns how many were handled.
   */
  runOnce(): Promise<number>;
}

/** Exponential backoff with jitter: about 2 s, 4 s, 8 s … capped at 5 minutes. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 300_000);
  return Math.round(base * (0.5 + random() * 0.5));
}

type Claimed = typeof alertDeliveries.$inferSelect;

/** A delivery's place in the dispatcher's order (0 first). */
export const rankOf = (kind: string) => DELIVERY_PRIORITY[kind] ?? 1;

/**
 * Slots of `concurrency` that only emergencies (rank 0) may take: a mass notice filling every
 * other slot never makes an alert wait for one to free up.
 */
export const emergencySlots = (concurrency: number) =>
  concurrency < 2 ? 0 : Math.max(1, Math.floor(concurrency / 4));

/**
 * Of the slots the lower ranks share, how many one channel's deliveries may hold while another
 * channel has deliveries due (decision 173): a mass notice's texts waiting on their number's
 * pace never keep its emails from being sent.
 */
export const channelShare = (concurrency: number) =>
  Math.max(1, Math.ceil((concurrency - emergencySlots(concurrency)) / 2));

export function createDispatcher(
  services: Services,
  options: {
    intervalMs?: number;
    maxAttempts?: number;
    leaseSeconds?: number;
    concurrency?: number;
  } = {},
): Dispatcher {
  const { db, logger, config, cipher } = services;
  const tokens = alertTokens(config.dataEncryptionKey);
  const intervalMs = options.intervalMs ?? config.dispatcherPollMs;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  /** A claimed delivery whose sender died is taken up again after this long. */
  const leaseSeconds = options.leaseSeconds ?? config.dispatcherLeaseSeconds;
  /**
   * Deliveries in flight at once (decision 156): claimed in batches of as many as there are
   * free slots, each sent as soon as its provider's limits allow (server/delivery/throttle.ts).
   */
  const concurrency = options.concurrency ?? config.dispatcherConcurrency;
  const reserved = emergencySlots(concurrency);
  const share = channelShare(concurrency);
  const spend = spendBreaker(services);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  let stopping = false;
  let listener: Promise<Listener | null> | null = null;
  /** The listener, once it answered: whether commits' notices reach this dispatcher now. */
  let listening: () => boolean = () => false;
  /** When escalations and roll calls were last looked at. */
  let lastTimeChecks = 0;
  /** Set by a wake-up during a pass: claim again at once, not after the sends under way. */
  let woken = false;
  let wake: (() => void) | null = null;

  /**
   * Claims up to `limit` due deliveries in one statement, first in the dispatcher's order;
   * `emergenciesOnly` takes rank 0 only. SKIP LOCKED lets several instances share the outbox:
   * a row locked by another instance's claim is passed over, never given to both. The batch is
   * never larger than the slots free to send it at once, so every claimed delivery goes
   * straight to its provider and its lease covers one call, as decision 070 requires.
   * `attempts` grows with each claim and fences the outcome: a sender whose lease was taken
   * over records nothing. Alerts and escalations go before notices (DESIGN 1b.3). The lower
   * ranks of the channels in `passOver` are left for a later claim (decision 173).
   */
  async function claim(
    limit: number,
    emergenciesOnly: boolean,
    passOver: readonly string[] = [],
  ): Promise<{ batch: Claimed[]; alertContexts: AlertContexts }> {
    const rows = await services.database.prepared<Record<string, unknown>>(
      emergenciesOnly ? "claim_emergencies" : "claim_deliveries",
      emergenciesOnly ? CLAIM_EMERGENCIES_SQL : CLAIM_SQL,
    )(
      emergenciesOnly
        ? [String(limit), String(leaseSeconds)]
        : [String(limit), String(leaseSeconds), `{${passOver.join(",")}}`],
    );
    const alertContexts: AlertContexts = new Map();
    for (const row of rows) {
      if (row.alert_id) alertContexts.set(row.alert_id as string, alertContextFrom(row));
    }
    const batch = rows
      .map(toDelivery)
      .sort(
        (a, b) =>
          rankOf(a.kind) - rankOf(b.kind) || a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime(),
      );
    return { batch, alertContexts };
  }

  /**
   * The two writes every send makes, that its provider call starts (the lease restarts with it)
   * and that it was sent, gathered over the sends under way into one statement whichever they
   * are (decisions 162, 165). Each row is still fenced by its claim: in 'sending' with the
   * `attempts` it was claimed with. A start answers whether it was still claimed.
   */
  const writeDeliveries = inBatches(async (items: DeliveryWrite[]) => {
    const now = new Date();
    const until = new Date(now.getTime() + leaseSeconds * 1000);
    const rows = items.map((write) =>
      "receipt" in write
        ? {
            id: write.delivery.id,
            attempts: write.delivery.attempts,
            sent: true,
            ...sentColumns(write.receipt),
            at_time: now,
            locked_until: null,
          }
        : {
            id: write.delivery.id,
            attempts: write.delivery.attempts,
            sent: false,
            at_time: now,
            locked_until: until,
          },
    );
    const written = await services.database.prepared<{ id: string }>(
      "delivery_writes",
      DELIVERY_WRITES_SQL,
    )([JSON.stringify(rows)]);
    const still = new Set(written.map((r) => r.id));
    return items.map((write) => still.has(write.delivery.id));
  });
  const startCall = (delivery: Claimed) => writeDeliveries({ delivery });
  const recordSend = (delivery: Claimed, receipt: DeliveryReceipt) =>
    writeDeliveries({ delivery, receipt });

  /** Still ours: in 'sending' under the claim that made `attempts` what it is. */
  const stillClaimed = (delivery: Claimed) =>
    and(
      eq(alertDeliveries.id, delivery.id),
      eq(alertDeliveries.status, "sending"),
      eq(alertDeliveries.attempts, delivery.attempts),
    );

  /**
   * What a claimed delivery sends: its alert's message, or a notice's from its payload; null
   * when there is nothing to send (its alert is gone, or was cancelled: recorded here). An
   * alert's row and its owner's name come with the claim (`alertContexts`, decision 163).
   */
  async function messageFor(
    delivery: Claimed,
    alertContexts: AlertContexts,
  ): Promise<{ message: OutgoingMessage; emergency: boolean } | null> {
    const to = cipher.decrypt(delivery.destination, `alert_deliveries.destination:${delivery.id}`);
    const channel = channelOf(delivery.channel);
    if (!delivery.alertId) {
      if (!isNoticePayload(delivery.payload)) {
        await db
          .update(alertDeliveries)
          .set({ status: "failed", lastError: "notice without a payload", lockedUntil: null })
          .where(stillClaimed(delivery));
        return null;
      }
      const message = composeNotice(openNotice(delivery.payload, cipher, delivery.id), channel, to);
      message.metadata = { deliveryId: delivery.id, kind: delivery.kind };
      return { message, emergency: false };
    }
    const context = alertContexts.get(delivery.alertId);
    if (!context) return null;
    const { alert } = context;
    if (alert.status === "cancelled" && delivery.kind !== "all_clear") {
      await db
        .update(alertDeliveries)
        .set({ status: "cancelled", lockedUntil: null })
        .where(stillClaimed(delivery));
      return null;
    }
    if (delivery.kind === "handover") {
      // A responder's update (decision 152): its words are in the payload, its link is the live page.
      const params = (isNoticePayload(delivery.payload) ? delivery.payload.params : {}) as Record<
        string,
        string
      >;
      const message = composeHandoverMessage({
        channel,
        to,
        language: alert.language,
        ownerName: context.ownerName || context.accountName,
        kind: params.kind === "taking" ? "taking" : "helping",
        destination: params.destination ?? "",
        helperName: params.helperName ?? "",
        at: delivery.createdAt,
        timeZone: timeZoneForCountry(context.ownerCountry),
        liveUrl: `${config.publicUrl}/ack/${tokens.ackToken(delivery.id)}`,
      });
      message.metadata = { deliveryId: delivery.id, alertId: alert.id, kind: delivery.kind };
      return { message, emergency: false };
    }
    const message = composeAlertMessage({
      kind: delivery.kind as "alert",
      place: alert.source === "roll_call" ? await rollCallPlaceOf(alert.id) : undefined,
      channel,
      to,
      language: alert.language,
      source: alert.source as ComposeInput["source"],
      ownerName: context.ownerName || context.accountName,
      tagId: alert.tagId,
      latitude: alert.latitude,
      longitude: alert.longitude,
      raisedAt: alert.createdAt,
      timeZone: timeZoneForCountry(context.ownerCountry),
      ackUrl: delivery.contactId ? `${config.publicUrl}/ack/${tokens.ackToken(delivery.id)}` : null,
      skippedContacts: delivery.kind === "quota_notice" ? delivery.contactName : undefined,
      skippedReason: delivery.kind === "quota_notice" ? delivery.note : undefined,
    });
    message.metadata = { deliveryId: delivery.id, alertId: alert.id, kind: delivery.kind };
    return {
      message,
      emergency: !alert.isTest && (delivery.kind === "alert" || delivery.kind === "escalation"),
    };
  }

  /** Where the roll call that raised an alert was (its location's name). */
  async function rollCallPlaceOf(alertId: string): Promise<string> {
    const [row] = await db
      .select({ place: orgLocations.name })
      .from(rollCallPeople)
      .innerJoin(rollCalls, eq(rollCalls.id, rollCallPeople.rollCallId))
      .innerJoin(orgLocations, eq(orgLocations.id, rollCalls.locationId))
      .where(eq(rollCallPeople.alertId, alertId))
      .limit(1);
    return row?.place ?? "";
  }

  async function deliver(delivery: Claimed, alertContexts: AlertContexts) {
    const composed = await messageFor(delivery, alertContexts);
    if (!composed) return;
    const { message, emergency } = composed;
    const channel = message.channel;
    const idempotencyKey = delivery.id;

    const recordSent = (receipt: DeliveryReceipt, note?: string) =>
      note === undefined ? recordSend(delivery, receipt) : recordSentWithNote(receipt, note);
    const recordSentWithNote = (receipt: DeliveryReceipt, note: string) =>
      db
        .update(alertDeliveries)
        .set({ ...sentFields(receipt), note })
        .where(stillClaimed(delivery));
    const recordFailure = (error: unknown, providerAnswered: boolean) => {
      const permanent = error instanceof ProviderError && error.permanent;
      const giveUp = permanent || delivery.attempts >= maxAttempts;
      const text = error instanceof Error ? error.message : String(error);
      logger.warn(
        { deliveryId: delivery.id, attempts: delivery.attempts, giveUp, err: text },
        giveUp ? "delivery failed" : "delivery will be retried",
      );
      return db
        .update(alertDeliveries)
        .set({
          status: giveUp ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + retryDelayMs(delivery.attempts)),
          lockedUntil: null,
          lastError: text.slice(0, 500),
          // The provider said no: it holds nothing, the next attempt simply sends.
          ...(providerAnswered ? { providerCallStartedAt: null } : {}),
        })
        .where(stillClaimed(delivery));
    };

    // An earlier call was under way when its sender died or lost the answer
    // (decision 116): ask the provider before sending again.
    let resendNote: string | undefined;
    if (delivery.providerCallStartedAt && !delivery.providerMessageId) {
      let found: Reconciliation;
      try {
        found = await services.messenger.reconcile(message, {
          idempotencyKey,
          since: delivery.providerCallStartedAt,
        });
      } catch (error) {
        await recordFailure(error, false);
        return;
      }
      if (found.outcome === "found") {
        const receipt = await firstUnrecorded(delivery.id, found.receipts);
        if (receipt) {
          logger.info(
            { deliveryId: delivery.id, providerMessageId: receipt.providerMessageId },
            "delivery found at the provider after an unanswered call: not sent again",
          );
          await recordSent(receipt);
          return;
        }
      } else if (found.outcome === "unknown") {
        // The provider cannot be asked (SMTP). For a real emergency, silence is worse
        // than a second copy under the same Message-ID; anything else is not repeated.
        logger.warn(
          { deliveryId: delivery.id, resend: emergency },
          "delivery may or may not have reached the provider",
        );
        if (!emergency) {
          await db
            .update(alertDeliveries)
            .set({
              status: "sent",
              note: "uncertain",
              provider: found.receipt.provider,
              providerMessageId: found.receipt.providerMessageId,
              sentAt: delivery.providerCallStartedAt,
              lockedUntil: null,
              lastError: "The sender stopped during the provider call; not sent again.",
            })
            .where(stillClaimed(delivery));
          return;
        }
        resendNote = "uncertain_resent";
      }
    }

    // A number that replied STOP after this was queued is not messaged (decision 148).
    if (await optedOutSince(db, config.dataEncryptionKey, channel, message.to)) {
      await db
        .update(alertDeliveries)
        .set({ status: "skipped", note: "opted_out", lockedUntil: null })
        .where(stillClaimed(delivery));
      return;
    }

    // The provider spend breaker (decision 110): held back means skipped, with its reason.
    if (!(await spend.allows(channel, delivery.kind))) {
      await db
        .update(alertDeliveries)
        .set({ status: "skipped", note: "spend_limit", lockedUntil: null })
        .where(stillClaimed(delivery));
      return;
    }

    // The call is recorded just before the provider may hold the message (the
    // adapter says when): after a crash, the next claim knows to ask first.
    let leaseLost = false;
    let handedOver = false;
    const beforeHandover = async () => {
      handedOver = true;
      // The lease restarts with the call, so it covers the whole call even when
      // the claim waited (a busy database): the delivery is taken up again only
      // once this call is surely over, and then the provider can be asked.
      if (!(await startCall(delivery))) {
        leaseLost = true;
        throw new Error("the lease ran out and another sender has this delivery");
      }
    };
    try {
      const receipt = await services.messenger.send(message, {
        idempotencyKey,
        beforeHandover,
        priority: rankOf(delivery.kind),
      });
      await recordSent(receipt, resendNote);
    } catch (error) {
      if (leaseLost) return;
      // Failed before the handover, or with the provider's own answer: it holds nothing.
      await recordFailure(error, !handedOver || error instanceof ProviderError);
    }
  }

  /**
   * The first of the provider's matching messages that no other delivery has
   * already been matched with (two deliveries to one number, both interrupted).
   */
  async function firstUnrecorded(deliveryId: string, receipts: DeliveryReceipt[]) {
    if (!receipts.length) return null;
    const taken = await db
      .select({ id: alertDeliveries.providerMessageId })
      .from(alertDeliveries)
      .where(
        and(
          ne(alertDeliveries.id, deliveryId),
          eq(alertDeliveries.provider, receipts[0]!.provider),
          inArray(
            alertDeliveries.providerMessageId,
            receipts.map((r) => r.providerMessageId),
          ),
        ),
      );
    const used = new Set(taken.map((t) => t.id));
    return receipts.find((r) => !used.has(r.providerMessageId)) ?? null;
  }

  /**
   * A real emergency nobody acknowledged in time escalates once (escalation.ts): marked here
   * first, so that of several instances only one escalates it.
   */
  async function escalate(): Promise<number> {
    const due = await db
      .update(alerts)
      .set({ escalatedAt: new Date() })
      .where(
        and(
          eq(alerts.status, "active"),
          eq(alerts.isTest, false),
          isNull(alerts.acknowledgedAt),
          isNull(alerts.escalatedAt),
          lte(alerts.escalateAt, new Date()),
        ),
      )
      .returning({ id: alerts.id, userId: alerts.userId });
    for (const alert of due) {
      const deliveries = await escalateAlert(services, alert);
      logger.info({ alertId: alert.id, deliveries }, "alert escalated: no acknowledgement");
    }
    return due.length;
  }

  async function pass(): Promise<number> {
    let handled = 0;
    let budget = 0;
    const inFlight = new Set<Promise<void>>();
    /** The lower ranks' deliveries in flight, by channel. */
    const lowByChannel = new Map<string, number>();
    const lowInFlight = () => [...lowByChannel.values()].reduce((sum, n) => sum + n, 0);
    /** The last claim may have left due deliveries behind (it filled every slot it asked for). */
    let more = true;
    woken = false;
    let looked = false;
    try {
      while (!stopping) {
        if (budget <= 0) {
          // A pass run by hand (tests, not started) ends at its limit, once its sends are done.
          if (looked && stopped) break;
          looked = true;
          // A roll call whose time ran out raises its alerts first; they are sent in this same
          // pass. Every PASS_LIMIT claims, the escalations and roll calls that fell due are
          // looked at again while the sends under way go on: a running dispatcher never waits
          // for all of them to finish (a mass notice's sends held by a number's rate) before it
          // claims an alert that came in meanwhile. A running dispatcher looks at most once per
          // poll interval (decision 162): they fall due with time, not with the deliveries that
          // wake it, which under a flood would otherwise cost two statements per alert.
          const now = Date.now();
          if (stopped || now - lastTimeChecks >= intervalMs) {
            lastTimeChecks = now;
            handled += await alertDueRollCalls(services);
            handled += await escalate();
          }
          budget = PASS_LIMIT;
          more = true;
        }
        const free = concurrency - inFlight.size;
        if (free > 0 && (more || woken)) {
          woken = false;
          const lowFree = concurrency - reserved - lowInFlight();
          const emergenciesOnly = lowFree <= 0;
          const limit = Math.min(budget, emergenciesOnly ? free : Math.min(free, lowFree));
          // A channel holding its share of the lower ranks' slots (texts waiting on their
          // number's pace) is passed over while another channel has deliveries due; when none
          // has, it may take the rest (decision 173).
          const passOver = emergenciesOnly
            ? []
            : [...lowByChannel].filter(([, n]) => n >= share).map(([channel]) => channel);
          const { batch, alertContexts } = await claim(limit, emergenciesOnly, passOver);
          if (passOver.length > 0 && batch.length < limit) {
            const rest = await claim(limit - batch.length, false);
            batch.push(...rest.batch);
            for (const [id, context] of rest.alertContexts) alertContexts.set(id, context);
          }
          budget -= batch.length;
          // Fewer than asked: the outbox is empty for now, unless only emergencies were asked
          // for or the lower ranks' share was full (they wait for a slot, not for a wake-up).
          more = batch.length === limit || emergenciesOnly || limit < free;
          for (const delivery of batch) {
            const low = rankOf(delivery.kind) > 0;
            const { channel } = delivery;
            if (low) lowByChannel.set(channel, (lowByChannel.get(channel) ?? 0) + 1);
            const sending: Promise<void> = deliver(delivery, alertContexts)
              .catch((error) => {
                logger.error({ err: error, deliveryId: delivery.id }, "delivery failed to record");
              })
              .finally(() => {
                inFlight.delete(sending);
                if (low) lowByChannel.set(channel, (lowByChannel.get(channel) ?? 1) - 1);
                handled++;
              });
            inFlight.add(sending);
          }
          if (batch.length) continue;
        }
        if (!inFlight.size) {
          if (woken) continue;
          break;
        }
        // A send finished (a slot is free) or a wake-up came: look again.
        await Promise.race([
          ...inFlight,
          new Promise<void>((resolve) => {
            wake = resolve;
          }),
        ]);
        wake = null;
      }
    } finally {
      // A claim or a look that failed (the database away) ends the pass only once its sends
      // are done: the next pass never runs beside them, over the slots.
      await Promise.all(inFlight);
    }
    return handled;
  }

  async function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => {
        // The database may be briefly unreachable; the next pass tries again.
        logger.error({ err: error }, "dispatcher pass failed");
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const schedule = () => {
    if (stopped) return;
    // A pass under way is woken too: a retry that fell due is claimed in it, not after every
    // send under way has finished.
    timer = setTimeout(() => {
      nudge();
      schedule();
    }, intervalMs);
    timer.unref?.();
  };

  /** New work: claim it now, in the pass under way or in a new one. */
  const nudge = () => {
    if (stopped) return;
    if (running) {
      woken = true;
      again = true;
      wake?.();
      return;
    }
    void runOnce();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      // Woken by the commit of new deliveries, on any instance (decision 156); the poll stays
      // for retries that fall due and for a listener that is reconnecting.
      listener = services.database.listen(OUTBOX_CHANNEL, nudge).then(
        (started) => {
          listening = () => !stopped && started.listening();
          return started;
        },
        (error) => {
          logger.warn({ err: error }, "dispatcher cannot listen for new deliveries; polling");
          return null;
        },
      );
      schedule();
      nudge();
    },
    async stop() {
      stopped = true;
      stopping = true;
      wake?.();
      if (timer) clearTimeout(timer);
      const stopListening = listener;
      listener = null;
      listening = () => false;
      await (await stopListening)?.stop();
      await running;
    },
    nudge,
    inserted() {
      if (!listening()) nudge();
    },
    runOnce,
  };
}

/**
 * The claim's statement (`claim` in `createDispatcher`), prepared once per connection (decision
 * 165): `$1` the most deliveries to take, `$2` the lease in seconds; `emergenciesOnly` takes
 * rank 0 only. Two candidate sets, each first in the dispatcher's order: due pending deliveries
 * (read from the claim index, `alert_deliveries_claim_idx`) and those whose sender's lease ran
 * out; the claim takes the first `$1` of both. All are locked (SKIP LOCKED) for the statement
 * only, so those not taken are free again at once.
 */
function claimSql(emergenciesOnly: boolean) {
  const rank = DELIVERY_PRIORITY_SQL;
  // $3: channels whose lower ranks wait for a later claim (decision 173).
  const among = emergenciesOnly
    ? `and ${rank} = 0`
    : `and (${rank} = 0 or channel <> all($3::text[]))`;
  return `with due as (
    select id, ${rank} as rank, next_attempt_at from alert_deliveries
    where status = 'pending' and next_attempt_at <= now() ${among}
    order by ${rank}, next_attempt_at
    limit $1::int
    for update skip locked
  ), lapsed as (
    select id, ${rank} as rank, next_attempt_at from alert_deliveries
    where status = 'sending' and locked_until < now() ${among}
    order by ${rank}, next_attempt_at
    limit $1::int
    for update skip locked
  ), picked as (
    select id from (select * from due union all select * from lapsed) candidates
    order by rank, next_attempt_at
    limit $1::int
  ), claimed as (
    update alert_deliveries set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => $2::int), updated_at = now()
    from picked where alert_deliveries.id = picked.id
    returning alert_deliveries.*
  )
  select claimed.*, u.id as context_user_id, a.status as alert_status,
    a.language as alert_language, a.source as alert_source, a.tag_id as alert_tag_id,
    a.latitude as alert_latitude, a.longitude as alert_longitude,
    a.created_at as alert_created_at, a.is_test as alert_is_test,
    p.full_name as owner_name, p.country as owner_country, u.name as account_name
  from claimed
    left join alerts a on a.id = claimed.alert_id
    left join "user" u on u.id = a.user_id
    left join profiles p on p.id = a.profile_id`;
}
const CLAIM_SQL = claimSql(false);
const CLAIM_EMERGENCIES_SQL = claimSql(true);

/** A provider call about to start, or a delivery the provider took: `writeDeliveries`' items. */
type DeliveryWrite = { delivery: Claimed } | { delivery: Claimed; receipt: DeliveryReceipt };

/**
 * `writeDeliveries`' statement: each row either starts a call (`sent` false: the call's start and
 * a new lease) or records a send (`sent_fields`' columns, the lease ended), if still claimed.
 */
const DELIVERY_WRITES_SQL = `update alert_deliveries d set
  locked_until = x.locked_until,
  provider_call_started_at = case when x.sent then d.provider_call_started_at else x.at_time end,
  status = case when x.sent then x.status else d.status end,
  provider = case when x.sent then x.provider else d.provider end,
  provider_message_id = case when x.sent then x.provider_message_id else d.provider_message_id end,
  sent_at = case when x.sent then x.at_time else d.sent_at end,
  last_error = case when x.sent then null else d.last_error end
from jsonb_to_recordset($1::jsonb) as x(id uuid, attempts integer, sent boolean, status text,
  provider text, provider_message_id text, at_time timestamptz, locked_until timestamptz)
where d.id = x.id and d.status = 'sending' and d.attempts = x.attempts
returning d.id::text as id`;

/** `sentFields` as `writeDeliveries` carries them (SQL names; the time is the batch's). */
function sentColumns(receipt: DeliveryReceipt) {
  const { status, provider, providerMessageId } = sentFields(receipt);
  return { status, provider, provider_message_id: providerMessageId };
}

/** What a delivery the provider took records. */
function sentFields(receipt: DeliveryReceipt) {
  return {
    // The dev outbox has the message in hand: that is delivery.
    status: receipt.provider === "dev-outbox" ? "delivered" : "sent",
    provider: receipt.provider,
    providerMessageId: receipt.providerMessageId,
    sentAt: new Date(),
    lockedUntil: null,
    lastError: null,
  };
}

/**
 * What an alert's message is made from: the alert's row and its owner's names, read with the
 * claim that took its deliveries (decision 163); null when the alert or its account is gone.
 */
interface AlertContext {
  alert: Pick<
    typeof alerts.$inferSelect,
    | "id"
    | "status"
    | "language"
    | "source"
    | "tagId"
    | "latitude"
    | "longitude"
    | "createdAt"
    | "isTest"
  >;
  ownerName: string | null;
  ownerCountry: string | null;
  accountName: string;
}

/** The contexts of a claimed batch's alerts, by alert id. */
type AlertContexts = Map<string, AlertContext | null>;

/** A claimed row's alert context (the claim's `alert_*`, `owner_*` and `account_name`). */
function alertContextFrom(row: Record<string, unknown>): AlertContext | null {
  if (!row.context_user_id) return null;
  return {
    alert: {
      id: row.alert_id as string,
      status: row.alert_status as string,
      language: row.alert_language as string,
      source: row.alert_source as string,
      tagId: (row.alert_tag_id as string | null) ?? null,
      latitude: (row.alert_latitude as string | null) ?? null,
      longitude: (row.alert_longitude as string | null) ?? null,
      createdAt: new Date(row.alert_created_at as string),
      isTest: row.alert_is_test === true,
    },
    ownerName: (row.owner_name as string | null) ?? null,
    ownerCountry: (row.owner_country as string | null) ?? null,
    accountName: row.account_name as string,
  };
}

/** Raw rows come back in snake_case; map them to the Drizzle shape. */
function toDelivery(row: Record<string, unknown>): Claimed {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: row.id as string,
    alertId: (row.alert_id as string | null) ?? null,
    accountId: row.account_id as string,
    payload: (row.payload as Record<string, unknown> | null) ?? null,
    contactId: (row.contact_id as string | null) ?? null,
    contactName: row.contact_name as string,
    channel: row.channel as string,
    destination: row.destination as string,
    kind: row.kind as string,
    status: row.status as string,
    attempts: Number(row.attempts),
    nextAttemptAt: date(row.next_attempt_at)!,
    lockedUntil: date(row.locked_until),
    lastError: (row.last_error as string | null) ?? null,
    note: (row.note as string | null) ?? null,
    provider: (row.provider as string | null) ?? null,
    providerMessageId: (row.provider_message_id as string | null) ?? null,
    acknowledgedAt: date(row.acknowledged_at),
    sentAt: date(row.sent_at),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    providerCallStartedAt: date(row.provider_call_started_at),
    readAt: date(row.read_at),
  };
}
