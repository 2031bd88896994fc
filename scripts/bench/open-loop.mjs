// Alerts at a steady rate (issue 19): an open loop sends each request at its scheduled time
// whether or not the earlier ones have been answered, unlike autocannon's closed loop, where a
// slow answer holds the next request back and hides the wait it caused (coordinated omission).
// Latency is then read per alert, from its acceptance to the first call its deliveries made on
// a loopback provider peer.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { acceptedAlertId, cardAlertPath, PHONE_UA } from "./http-load.mjs";

/** Send offsets in ms from the start: `rate` per second, evenly spaced, for `seconds`. */
export function schedule(rate, seconds) {
  if (!(rate > 0) || !(seconds > 0)) throw new Error("rate and seconds must be positive");
  const count = Math.round(rate * seconds);
  return Array.from({ length: count }, (_, i) => (i * 1000) / rate);
}

/** The nearest-rank percentile (p in 0–100) of `values`; null when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Count, p50, p90, p99 and max of `values` (ms), rounded to whole ms. */
export function latencySummary(values) {
  const round = (n) => (n === null ? null : Math.round(n));
  return {
    samples: values.length,
    p50ms: round(percentile(values, 50)),
    p90ms: round(percentile(values, 90)),
    p99ms: round(percentile(values, 99)),
    maxms: values.length ? Math.round(Math.max(...values)) : null,
  };
}

/**
 * Calls `send(i)` at each offset of `offsets` (ms after the start) without waiting for earlier
 * calls to settle, then waits for all of them. Returns their results in order and how late each
 * call was started (the sender's own lag: large values mean the bench, not the server, was slow).
 */
export async function runOpenLoop(offsets, send, sleep = defaultSleep) {
  const start = performance.now();
  const pending = [];
  const lags = [];
  for (let i = 0; i < offsets.length; i++) {
    const wait = start + offsets[i] - performance.now();
    if (wait > 0) await sleep(wait);
    lags.push(Math.max(0, performance.now() - start - offsets[i]));
    pending.push(Promise.resolve().then(() => send(i)));
  }
  const results = await Promise.allSettled(pending);
  return {
    results: results.map((r) => (r.status === "fulfilled" ? r.value : { error: String(r.reason) })),
    sendLag: latencySummary(lags),
  };
}

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Joins the outbox of a stage (rows: alert_id, delivery_id, kind, created_ms) with the arrivals
 * the provider peers recorded (Maps: delivery id → arrival times in ms). For each alert: the
 * first call any of its alert deliveries made on a peer, minus the alert's created_at (when the
 * accepting transaction began). Also counts deliveries that never arrived and repeated calls.
 * Rows the app skipped (a number that replied STOP) and rows on a channel without a peer are
 * counted apart (forAProvider).
 */
/** Channels the bench has a loopback peer for: email (SMTP) and Twilio's (core/channels.ts). */
const PEER_CHANNELS = new Set(["email", "sms", "whatsapp", "voice"]);

/**
 * Whether a delivery row must reach one of the bench's peers: not skipped or cancelled by the
 * app, and on a channel with a peer (Messenger and Instagram go to Meta, which the bench does
 * not stand in for: in its demo mode they land in the dev outbox).
 */
export function forAProvider(row) {
  if (row.status === "skipped" || row.status === "cancelled") return false;
  return row.channel === undefined || PEER_CHANNELS.has(row.channel);
}

export function firstProviderCalls(rows, arrivalMaps) {
  const alerts = new Map();
  let deliveries = 0;
  let skipped = 0;
  let delivered = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (!alerts.has(row.alert_id))
      alerts.set(row.alert_id, { created: row.created_ms, first: null });
    if (row.kind !== "alert") continue;
    if (!forAProvider(row)) {
      skipped++;
      continue;
    }
    deliveries++;
    const times = arrivalMaps.flatMap((m) => m.get(row.delivery_id) ?? []);
    if (times.length === 0) continue;
    delivered++;
    duplicates += times.length - 1;
    const alert = alerts.get(row.alert_id);
    const first = Math.min(...times);
    alert.first = alert.first === null ? first : Math.min(alert.first, first);
  }
  const latencies = [];
  const firstCallByAlert = new Map();
  let alertsWithoutCall = 0;
  for (const [id, alert] of alerts) {
    if (alert.first === null) {
      alertsWithoutCall++;
      continue;
    }
    latencies.push(alert.first - alert.created);
    firstCallByAlert.set(id, alert.first);
  }
  return {
    alerts: alerts.size,
    deliveries,
    skipped,
    delivered,
    notDelivered: deliveries - delivered,
    duplicates,
    alertsWithoutCall,
    latencies,
    firstCallByAlert,
  };
}

/**
 * One card alert as the card's form posts it with JavaScript on (as loadAlerts in
 * http-load.mjs does), from its own client address; resolves with the answer.
 */
export function postAlert(agent, url, { tagId, key, address }) {
  const body = `intent=alert&idempotencyKey=${key}`;
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${url}${cardAlertPath(tagId)}`,
      {
        method: "POST",
        agent,
        headers: {
          "user-agent": PHONE_UA,
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
          "content-length": Buffer.byteLength(body),
          "sec-fetch-site": "same-origin",
          "x-forwarded-for": address,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const alertId = acceptedAlertId(response.statusCode, text);
          resolve({ status: response.statusCode, alertId, sentAt, answeredAt: Date.now() });
        });
        response.on("error", (error) => resolve({ error: error.message, sentAt }));
      },
    );
    request.on("error", (error) => resolve({ error: error.message, sentAt }));
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
    request.end(body);
  });
}

/**
 * Posts `rate` alerts per second for `seconds`, tags taken in turn with at most `perTag` each
 * (the server's per-tag share), each from its own address 10.<addressBlock>.x.y.
 */
export async function steadyAlerts(
  url,
  { rate, seconds, tagIds, perTag, keyPrefix, addressBlock },
) {
  const offsets = schedule(rate, seconds);
  if (offsets.length > tagIds.length * perTag) {
    throw new Error(`${offsets.length} alerts need ${Math.ceil(offsets.length / perTag)} tags`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  try {
    const { results, sendLag } = await runOpenLoop(offsets, (n) =>
      postAlert(agent, url, {
        tagId: tagIds[Math.floor(n / perTag)],
        key: `${keyPrefix}${n}-${randomBytes(6).toString("hex")}`,
        address: `10.${addressBlock}.${(n >> 8) & 255}.${n & 255}`,
      }),
    );
    const accepted = results.filter((r) => r.alertId);
    const refused = {};
    for (const r of results) {
      if (r.alertId) continue;
      const why = r.error ?? r.status;
      refused[why] = (refused[why] ?? 0) + 1;
    }
    return {
      rate,
      seconds,
      sent: results.length,
      accepted: accepted.length,
      acceptedAlertIds: accepted.map((r) => r.alertId),
      answer: latencySummary(accepted.map((r) => r.answeredAt - r.sentAt)),
      sentAtByAlert: new Map(accepted.map((r) => [r.alertId, r.sentAt])),
      refused,
      sendLag,
    };
  } finally {
    agent.destroy();
  }
}
