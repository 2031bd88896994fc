import { data } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { detectRequestLanguage } from "#core/languages.ts";
import { acknowledge, findAcknowledgeable } from "#server/alerts/acknowledge.ts";
import { formatAlertTime, mapUrl, timeZoneForCountry } from "#server/alerts/compose.ts";
import type { Services } from "#server/services.ts";

type Acknowledgeable = NonNullable<Awaited<ReturnType<typeof findAcknowledgeable>>>;

function describe(found: Acknowledgeable, language: string) {
  return {
    ownerName: found.ownerName,
    // The owner's clock, as in the message that brought the contact here (decision 115).
    time: formatAlertTime(found.createdAt, language, timeZoneForCountry(found.ownerCountry)),
    map: found.latitude && found.longitude ? mapUrl(found.latitude, found.longitude) : null,
    isTest: found.isTest,
    cancelled: found.alertStatus === "cancelled",
    acknowledged: Boolean(found.acknowledgedAt),
  };
}

/** The page for an alert's link, or 'invalid' when no alert answers to the token. */
function acknowledgePage(request: Request, found: Acknowledgeable | null, pressed: boolean) {
  const t = requestTranslator(request);
  if (!found) return data({ alert: null, title: t("card:ack.invalid") }, { status: 404 });
  const alert = describe(found, detectRequestLanguage(request));
  return {
    alert: pressed ? { ...alert, acknowledged: true } : alert,
    title: t("card:ack.title", { name: found.ownerName }),
  };
}

/** Opening the link only shows the page (mail scanners open links). */
export async function showAcknowledgement(services: Services, token: string, request: Request) {
  return acknowledgePage(request, await findAcknowledgeable(services, token), false);
}

/** Pressing the page's button is what acknowledges. */
export async function acknowledgeAlert(services: Services, token: string, request: Request) {
  return acknowledgePage(request, await acknowledge(services, token), true);
}
