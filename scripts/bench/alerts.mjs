// BENCH_STAGES=alerts: the alert pipeline alone (decision 156), without the pages, Lighthouse or
// the large tag set of the main stage: on a shared machine it fits in a few minutes.
//   - steady: 20 card alerts a second (each to a fresh tag, key and address), accept → first
//     provider call (the alert's created_at to its email's arrival at a loopback SMTP peer that is
//     the app's mail provider) p50/p99;
//   - overload: the main stage's alert run (50 connections), accepted alerts/s and every accepted
//     alert's email at the peer exactly once.
import { randomBytes } from "node:crypto";
import { PHONE_UA } from "#scripts/bench/http-load.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Posts `perSecond` card alerts a second for `seconds`, on a fixed schedule (not waiting for
 * answers), each from its own address. Returns the accepted alerts' ids.
 */
export async function steadyAlerts(url, { tagIds, perSecond, seconds, keyPrefix, addressBlock }) {
  const accepted = [];
  const refused = new Map();
  const total = Math.round(perSecond * seconds);
  const started = Date.now();
  const posts = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    const tagId = tagIds[n % tagIds.length];
    const key = `${keyPrefix}${n}-${randomBytes(6).toString("hex")}`;
    posts.push(
      fetch(`${url}/t/${tagId}.data`, {
        method: "POST",
        headers: {
          "user-agent": PHONE_UA,
          "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
          "sec-fetch-site": "same-origin",
          "x-forwarded-for": `10.${addressBlock}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: `intent=alert&idempotencyKey=${key}`,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (response) => {
          const body = await response.text();
          const alertId =
            response.status === 200 && body.includes('"ok",true')
              ? body.match(/"alertId","([0-9a-f-]{36})"/)?.[1]
              : undefined;
          if (alertId) accepted.push(alertId);
          else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
        })
        .catch((error) => refused.set(error.name, (refused.get(error.name) ?? 0) + 1)),
    );
  }
  await Promise.all(posts);
  return {
    sent: total,
    accepted: accepted.length,
    acceptedAlertIds: accepted,
    refusedByStatus: Object.fromEntries(refused),
    seconds: (Date.now() - started) / 1000,
  };
}

/** Accept → first provider call for the steady run's alert emails. */
export function steadyReport(load, rows, smtp) {
  const latencies = [];
  let duplicates = 0;
  const alertRows = rows.filter((r) => r.kind === "alert");
  for (const row of alertRows) {
    const arrivals = smtp.arrivals.get(row.delivery_id);
    if (!arrivals) continue;
    duplicates += arrivals.length - 1;
    latencies.push(arrivals[0] - row.created_ms);
  }
  const { acceptedAlertIds: _ids, ...rest } = load;
  return {
    ...rest,
    alertDeliveries: alertRows.length,
    delivered: latencies.length,
    duplicates,
    acceptToFirstCallP50ms: Math.round(percentile(latencies, 50) ?? Number.NaN),
    acceptToFirstCallP99ms: Math.round(percentile(latencies, 99) ?? Number.NaN),
    acceptToFirstCallMaxms: Math.round(Math.max(...latencies, Number.NaN)),
  };
}

/** Waits until the peer has `expected` more emails than `before`, then `quietMs` of quiet. */
export async function waitForEmails(smtp, before, expected, { deadlineMs, quietMs = 3_000 }) {
  const deadline = Date.now() + deadlineMs;
  let seen = smtp.messages;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await sleep(250);
    if (smtp.messages !== seen) {
      seen = smtp.messages;
      quietSince = Date.now();
    } else if (seen - before >= expected && Date.now() - quietSince >= quietMs) return;
  }
}
