import { data, redirect } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import {
  detectRequestLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  matchLanguage,
  readCookie,
} from "#core/languages.ts";
import { acknowledge, findAcknowledgeable } from "#server/alerts/acknowledge.ts";
import { formatAlertTime, mapUrl, timeZoneForCountry } from "#server/alerts/compose.ts";
import { liveFeed } from "#server/domain/live-location.ts";
import { addressKey } from "#server/security/address-key.ts";
import type { RateRule } from "#server/security/rate-limit.ts";
import type { Services } from "#server/services.ts";

type Acknowledgeable = NonNullable<Awaited<ReturnType<typeof findAcknowledgeable>>>;

async function describe(services: Services, found: Acknowledgeable, language: string) {
  const timeZone = timeZoneForCountry(found.ownerCountry);
  return {
    ownerName: found.ownerName,
    // The owner's clock, as in the message that brought the contact here (decision 115).
    time: formatAlertTime(found.createdAt, language, timeZone),
    timeZone,
    map: found.latitude && found.longitude ? mapUrl(found.latitude, found.longitude) : null,
    isTest: found.isTest,
    cancelled: found.alertStatus === "cancelled",
    acknowledged: Boolean(found.acknowledgedAt),
    // The live page (decision 150): the share, the track and the responders' updates.
    live: await liveFeed(services.db, {
      id: found.alertId,
      status: found.alertStatus,
      createdAt: found.createdAt,
      isTest: found.isTest,
    }),
  };
}

/** The page for an alert's link, or 'invalid' when no alert answers to the token. */
async function acknowledgePage(
  services: Services,
  request: Request,
  found: Acknowledgeable | null,
  pressed: boolean,
) {
  const t = requestTranslator(request);
  if (!found) return data({ alert: null, title: t("card:ack.invalid") }, { status: 404 });
  const alert = await describe(services, found, detectRequestLanguage(request));
  return {
    alert: pressed ? { ...alert, acknowledged: true } : alert,
    title: t("card:ack.title", { name: found.ownerName }),
  };
}

/**
 * The live page opens in the contact's language (else the alert's) unless the reader already
 * chose one: an explicit `lng`, or the language cookie the site's switcher sets.
 */
function contactLanguageRedirect(request: Request, found: Acknowledgeable) {
  const url = new URL(request.url);
  if (matchLanguage(url.searchParams.get("lng"))) return null;
  if (matchLanguage(readCookie(request.headers.get("cookie"), LANGUAGE_COOKIE))) return null;
  const wanted = isLanguage(found.contactLanguage) ? found.contactLanguage : found.alertLanguage;
  if (!isLanguage(wanted) || wanted === detectRequestLanguage(request)) return null;
  url.searchParams.set("lng", wanted);
  return redirect(`${url.pathname}${url.search}`);
}

/** Opening the link only shows the page (mail scanners open links). */
export async function showAcknowledgement(services: Services, token: string, request: Request) {
  const found = await findAcknowledgeable(services, token);
  const moved = found ? contactLanguageRedirect(request, found) : null;
  if (moved) throw moved;
  return acknowledgePage(services, request, found, false);
}

/** Pressing the page's button is what acknowledges. */
export async function acknowledgeAlert(services: Services, token: string, request: Request) {
  return acknowledgePage(services, request, await acknowledge(services, token), true);
}

/**
 * GET /ack/{token}/live.json: what the live page polls (decision 150). `after` (ms) asks only for
 * positions received since; the share's state and the updates come whole (they are small).
 */
/**
 * The live page's poll per client address (decision 150): one contact's page polls every 4
 * seconds (150 in 10 minutes), so a household behind one address fits; guessing tokens does not.
 */
export const LIVE_FEED_RULE: RateRule = {
  name: "ack-live:address",
  points: 600,
  windowSeconds: 600,
};

export async function liveFeedResponse(
  services: Services,
  token: string,
  request: Request,
  clientAddress: string,
) {
  const headers = { "Cache-Control": "no-store" };
  const decision = await services.limiter.consume(LIVE_FEED_RULE, addressKey(clientAddress));
  if (!decision.allowed) {
    return Response.json(
      { error: "Too many requests" },
      { status: 429, headers: { ...headers, "Retry-After": String(decision.retryAfterSeconds) } },
    );
  }
  const found = await findAcknowledgeable(services, token);
  if (!found) return Response.json({ error: "Not found" }, { status: 404, headers });
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = afterParam && /^\d{13}$/.test(afterParam) ? new Date(Number(afterParam)) : null;
  const feed = await liveFeed(
    services.db,
    {
      id: found.alertId,
      status: found.alertStatus,
      createdAt: found.createdAt,
      isTest: found.isTest,
    },
    after,
  );
  return Response.json(feed, { headers });
}
