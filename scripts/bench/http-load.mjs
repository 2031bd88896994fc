// autocannon runs: plain GETs (card, static file, landing) and the card's alert
// action posted the way the card's form posts it with JavaScript on.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";

export const CONNECTIONS = 50;
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function summary(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A crawler: the card counts no scan for it (isbot), so it shows what the scan writes cost. */
export const CRAWLER_UA =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * GET `path` under 50 connections for `seconds`, as a phone browser (gzip
 * accepted). Each request comes from its own client address (X-Forwarded-For,
 * 10.250.x.y): many readers, as in an incident, not one client, which the
 * card's per-address limit (decision 112) would answer with 429 pages.
 */
export async function loadGet(url, path, seconds, userAgent = PHONE_UA) {
  let n = 0;
  const result = await cannon({
    url: `${url}${path}`,
    duration: seconds,
    headers: { "user-agent": userAgent, "accept-encoding": "gzip" },
    requests: [
      {
        setupRequest(request) {
          const i = n++;
          return {
            ...request,
            headers: {
              ...request.headers,
              "x-forwarded-for": `10.250.${(i >> 8) & 255}.${i & 255}`,
            },
          };
        },
      },
    ],
  });
  return summary(result);
}

/**
 * The card's alert endpoint, as the card's script and the service worker's queue post it
 * (form-encoded intent=alert and an idempotency key; the answer is JSON).
 */
export const cardAlertPath = (tagId) => `/t/${encodeURIComponent(tagId)}/alert`;

/** The alert id of an accepted answer of `cardAlertPath`, else undefined. */
export function acceptedAlertId(status, text) {
  if (status !== 200) return undefined;
  try {
    const answer = JSON.parse(text);
    return answer.ok === true && typeof answer.alertId === "string" ? answer.alertId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs the card's alert (`cardAlertPath`) under 50 connections for
 * `seconds`. Each request has its own idempotency key and its own client
 * address (X-Forwarded-For; the server runs with TRUST_PROXY=true), and the
 * tags are taken in turn so that no tag gets more than `perTag` alerts: the
 * server's real limits (3 per tag per 10 minutes before a proof of work is asked, 10 per address per hour) stay
 * in force and nothing is refused unless the pool of tags runs out.
 */
export async function loadAlerts(url, { tagIds, perTag, seconds, keyPrefix, addressBlock }) {
  let sent = 0;
  const accepted = [];
  const refused = new Map();
  const capacity = tagIds.length * perTag;
  const result = await cannon({
    url,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          const n = sent++;
          const tagId = tagIds[Math.floor(n / perTag) % tagIds.length];
          const key = `${keyPrefix}${n}-${randomBytes(6).toString("hex")}`;
          // One address per request: 10.<block>.x.y, up to 65,536 per stage.
          const address = `10.${addressBlock}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...request,
            method: "POST",
            path: cardAlertPath(tagId),
            headers: {
              "user-agent": PHONE_UA,
              "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
              "sec-fetch-site": "same-origin",
              "x-forwarded-for": address,
            },
            body: `intent=alert&idempotencyKey=${key}`,
          };
        },
        onResponse(status, body) {
          const alertId = acceptedAlertId(status, body);
          if (alertId) accepted.push({ alertId, at: Date.now() });
          else refused.set(status, (refused.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  return {
    ...summary(result),
    sent,
    capacity,
    accepted: accepted.length,
    acceptedPerSecond: Math.round((accepted.length / result.duration) * 10) / 10,
    acceptedAlertIds: accepted.map((a) => a.alertId),
    refusedByStatus: Object.fromEntries(refused),
  };
}
