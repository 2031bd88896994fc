/**
 * Alerts pressed on a public card are kept on the device until the server has
 * them (docs/decisions/051). Every alert gets its idempotency key once, when it
 * is pressed, and every attempt sends that key, so however often a page, a
 * second tab or the service worker retries, the server raises it once.
 *
 * This module is the logic only; the IndexedDB store is in alert-queue-idb.ts.
 */

import { isAlertChallenge, solveAlertChallenge } from "./alert-challenge.ts";

export type AlertFailure =
  | "no_contacts"
  | "rate_limited"
  | "refused"
  | "invalid"
  | "expired"
  /** An SOS from an account with no active tag. */
  | "no_tag";

/** What was pressed: a public card's alert (the default) or an account's SOS (decision 151). */
export type QueuedKind = "card" | "sos";

export interface QueuedAlert {
  /** The idempotency key, made on the device when the button was pressed. */
  key: string;
  /** Absent on alerts queued before SOS could be (they are all card alerts). */
  kind?: QueuedKind;
  /** The card's tag; empty for an SOS, whose tag the server picks. */
  tagId: string;
  /**
   * An SOS only: the account that pressed it. The server refuses it from any
   * other session, so a phone that changed hands never sends it as someone else.
   */
  account?: string;
  latitude: string | null;
  longitude: string | null;
  /** When the button was pressed (ms since the epoch); the messages name this time. */
  pressedAt: number;
  state: "queued" | "sent" | "failed";
  attempts: number;
  /** Not before this time (ms): set when the server asked to wait. */
  notBefore: number;
  /**
   * The server answered busy (503, decision 156): the alert is sent again in seconds, not when
   * the phone is back online, and the page says so.
   */
  busy?: true;
  sent?: { alertId: string; token: string; count: number; cancelForMs?: number };
  failure?: AlertFailure;
  /** Refused as too many: the card's latest alert, which the contacts already have. */
  recent?: RecentAlert;
  settledAt?: number;
}

export interface RecentAlert {
  alertId: string;
  token: string;
  raisedAt: string;
}

export interface AlertStore {
  list(): Promise<QueuedAlert[]>;
  get(key: string): Promise<QueuedAlert | undefined>;
  put(alert: QueuedAlert): Promise<void>;
  delete(key: string): Promise<void>;
}

export type SendOutcome =
  | {
      kind: "sent";
      alertId: string;
      token: string;
      count: number;
      /** An SOS: how long it can still be cancelled, counted from the answer. */
      cancelForMs?: number;
    }
  /** No answer (offline) when `afterMs` is null, or the server asked to wait (`busy`: a 503). */
  | { kind: "retry"; afterMs: number | null; busy?: true }
  | { kind: "failed"; reason: AlertFailure; recent?: RecentAlert };

export type AlertSender = (alert: QueuedAlert) => Promise<SendOutcome>;

/** An alert not sent within a day is not sent at all: the card tells the person to act. */
export const QUEUE_LIFETIME_MS = 24 * 60 * 60_000;
/** Settled alerts are kept this long, so the card can show their status after a reload. */
export const SETTLED_KEPT_MS = 30 * 60_000;

const KNOWN_FAILURES = new Set<AlertFailure>([
  "no_contacts",
  "refused",
  "invalid",
  "rate_limited",
  "expired",
  "no_tag",
]);

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export async function enqueueAlert(
  store: AlertStore,
  input: {
    position: { latitude: string; longitude: string } | null;
    key?: string;
    now?: number;
  } & ({ tagId: string; kind?: "card" } | { kind: "sos"; account: string }),
): Promise<QueuedAlert> {
  const alert: QueuedAlert = {
    key: input.key ?? newIdempotencyKey(),
    ...(input.kind === "sos"
      ? { kind: "sos" as const, tagId: "", account: input.account }
      : { tagId: input.tagId }),
    latitude: input.position?.latitude ?? null,
    longitude: input.position?.longitude ?? null,
    pressedAt: input.now ?? Date.now(),
    state: "queued",
    attempts: 0,
    notBefore: 0,
  };
  await store.put(alert);
  return alert;
}

function settle(alert: QueuedAlert, outcome: SendOutcome, now: number): QueuedAlert {
  switch (outcome.kind) {
    case "sent":
      return {
        ...alert,
        state: "sent",
        attempts: alert.attempts + 1,
        sent: {
          alertId: outcome.alertId,
          token: outcome.token,
          count: outcome.count,
          ...(outcome.cancelForMs === undefined ? {} : { cancelForMs: outcome.cancelForMs }),
        },
        settledAt: now,
      };
    case "failed":
      return {
        ...alert,
        state: "failed",
        attempts: alert.attempts + 1,
        failure: outcome.reason,
        ...(outcome.recent ? { recent: outcome.recent } : {}),
        settledAt: now,
      };
    case "retry": {
      const { busy: _was, ...rest } = alert;
      return {
        ...rest,
        attempts: alert.attempts + 1,
        notBefore: now + (outcome.afterMs ?? 0),
        ...(outcome.busy ? { busy: true as const } : {}),
      };
    }
  }
}

/**
 * Sends every due queued alert, oldest first, and records each outcome.
 * Stops at the first alert that got no answer: the network is gone again.
 * Returns the alerts that settled (sent or failed) in this run.
 */
export async function flushAlertQueue(
  store: AlertStore,
  send: AlertSender,
  now: () => number = Date.now,
): Promise<QueuedAlert[]> {
  const due = (await store.list())
    .filter((alert) => alert.state === "queued" && alert.notBefore <= now())
    .sort((a, b) => a.pressedAt - b.pressedAt);
  const settled: QueuedAlert[] = [];
  for (const listed of due) {
    // Another sender (a second tab, the worker) may have settled it meanwhile.
    const alert = await store.get(listed.key);
    if (alert?.state !== "queued") continue;
    const outcome: SendOutcome =
      now() - alert.pressedAt > QUEUE_LIFETIME_MS
        ? { kind: "failed", reason: "expired" }
        : await send(alert);
    const next = settle(alert, outcome, now());
    await store.put(next);
    if (next.state !== "queued") settled.push(next);
    if (outcome.kind === "retry" && outcome.afterMs === null) break;
  }
  return settled;
}

/** Forgets alerts that settled more than SETTLED_KEPT_MS ago. */
export async function pruneSettled(store: AlertStore, now = Date.now()): Promise<void> {
  for (const alert of await store.list()) {
    if (alert.state !== "queued" && (alert.settledAt ?? 0) < now - SETTLED_KEPT_MS) {
      await store.delete(alert.key);
    }
  }
}

function isCardAlert(alert: QueuedAlert, tagId: string): boolean {
  return alert.kind !== "sos" && alert.tagId === tagId;
}

/** The newest alert still queued for a tag: the card shows it as queued. */
export function queuedAlertFor(alerts: QueuedAlert[], tagId: string): QueuedAlert | null {
  return (
    alerts
      .filter((alert) => isCardAlert(alert, tagId) && alert.state === "queued")
      .sort((a, b) => b.pressedAt - a.pressedAt)[0] ?? null
  );
}

/** The newest SOS still waiting on this phone for this account: the SOS page shows it. */
export function queuedSosFor(alerts: QueuedAlert[], account: string): QueuedAlert | null {
  return (
    alerts
      .filter((alert) => alert.kind === "sos" && alert.account === account)
      .filter((alert) => alert.state === "queued")
      .sort((a, b) => b.pressedAt - a.pressedAt)[0] ?? null
  );
}

/**
 * What the card shows after a reload or a second scan on this phone: the
 * newest alert for the tag that reached the contacts (sent by this phone, or
 * refused as too many while an earlier one had), kept SETTLED_KEPT_MS.
 */
export function latestSettledFor(alerts: QueuedAlert[], tagId: string): QueuedAlert | null {
  return (
    alerts
      .filter(
        (alert) =>
          isCardAlert(alert, tagId) &&
          ((alert.state === "sent" && alert.sent) || (alert.state === "failed" && alert.recent)),
      )
      .sort((a, b) => (b.settledAt ?? 0) - (a.settledAt ?? 0))[0] ?? null
  );
}

function recentOf(value: unknown): RecentAlert | undefined {
  const recent = (value ?? {}) as Record<string, unknown>;
  return typeof recent.alertId === "string" &&
    typeof recent.token === "string" &&
    typeof recent.raisedAt === "string"
    ? { alertId: recent.alertId, token: recent.token, raisedAt: recent.raisedAt }
    : undefined;
}

/** Reads the answer of `POST /t/{id}/alert` or `POST /sos/alert`. */
/**
 * A 503's Retry-After (seconds) as the wait before the queue sends again: at least 1 s, at most
 * 30 s (the wait for any other server error); none or unreadable: 30 s.
 */
export function retryAfterMs(retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : 30;
  return Math.min(30, Math.max(1, seconds)) * 1000;
}

export function outcomeOf(status: number, body: unknown, retryAfter: string | null): SendOutcome {
  const answer = (body ?? {}) as Record<string, unknown>;
  if (
    status === 200 &&
    answer.ok === true &&
    typeof answer.alertId === "string" &&
    typeof answer.token === "string"
  ) {
    return {
      kind: "sent",
      alertId: answer.alertId,
      token: answer.token,
      count: typeof answer.count === "number" ? answer.count : 0,
      ...(typeof answer.cancelForMs === "number" ? { cancelForMs: answer.cancelForMs } : {}),
    };
  }
  // Too many alerts: not retried later (decision 100). The card says so now, on
  // a phone that is online, with the earlier alert's status when there is one.
  if (status === 429) {
    const recent = recentOf(answer.recent);
    return { kind: "failed", reason: "rate_limited", ...(recent ? { recent } : {}) };
  }
  // The server is busy (decision 156): sent again, under the same key, when it says.
  if (status === 503) return { kind: "retry", afterMs: retryAfterMs(retryAfter), busy: true };
  if (status >= 500 || status === 408 || status === 200) return { kind: "retry", afterMs: 30_000 };
  const reason = answer.reason as AlertFailure;
  return { kind: "failed", reason: KNOWN_FAILURES.has(reason) ? reason : "invalid" };
}

/** Where an alert is sent: the card's alert endpoint, or the account's SOS endpoint. */
export function alertEndpoint(alert: QueuedAlert): string {
  return alert.kind === "sos" ? "/sos/alert" : `/t/${encodeURIComponent(alert.tagId)}/alert`;
}

/** Sends one alert to its endpoint. */
export function httpAlertSender(fetchImpl: typeof fetch = fetch, origin = ""): AlertSender {
  return async (alert) => {
    const body = new URLSearchParams({
      idempotencyKey: alert.key,
      pressedAt: String(alert.pressedAt),
    });
    if (alert.kind === "sos") {
      body.set("account", alert.account ?? "");
      // The phone's clock now: the server reads pressedAt against it, so a clock
      // that is wrong never refuses or misdates an SOS (decision 151).
      body.set("sentAt", String(Date.now()));
    }
    if (alert.latitude !== null && alert.longitude !== null) {
      body.set("latitude", alert.latitude);
      body.set("longitude", alert.longitude);
    }
    const post = () =>
      fetchImpl(`${origin}${alertEndpoint(alert)}`, {
        method: "POST",
        body,
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
    let response: Response;
    let json: { reason?: unknown; challenge?: unknown } | null;
    try {
      response = await post();
      json = await response.json().catch(() => null);
      // A tag under load asks for a proof of work (decision 111): solve it and send again.
      if (response.status === 429 && json?.reason === "challenge") {
        const proof = isAlertChallenge(json.challenge)
          ? await solveAlertChallenge(json.challenge)
          : null;
        if (proof) {
          body.set("altcha", proof);
          response = await post();
          json = await response.json().catch(() => null);
        }
      }
    } catch {
      return { kind: "retry", afterMs: null };
    }
    return outcomeOf(response.status, json, response.headers.get("retry-after"));
  };
}

/** What one press asks to send: a card's alert or an account's SOS (`enqueueAlert`'s input). */
export type AlertRequest = Parameters<typeof enqueueAlert>[1];

/**
 * Where IndexedDB is missing (storage disabled): one attempt from memory, nothing kept; one that
 * got no answer is shown as failed rather than queued, since nothing will send it later.
 */
export async function sendWithoutQueue(
  request: AlertRequest,
  sender: AlertSender = httpAlertSender(),
): Promise<QueuedAlert> {
  const memory = new Map<string, QueuedAlert>();
  const store: AlertStore = {
    list: async () => [...memory.values()],
    get: async (key) => memory.get(key),
    put: async (alert) => void memory.set(alert.key, alert),
    delete: async (key) => void memory.delete(key),
  };
  const alert = await enqueueAlert(store, request);
  await flushAlertQueue(store, sender);
  const result = memory.get(alert.key) ?? alert;
  return result.state === "queued" ? { ...result, state: "failed", failure: "invalid" } : result;
}
