import { mapUrl } from "#core/alert-links.ts";
import { type Channel, describeChannel } from "#core/channels.ts";
import type { OutgoingMessage } from "#server/delivery/types.ts";
import { messageText } from "#server/messages/catalog.ts";

export interface ComposeInput {
  kind: "alert" | "escalation" | "all_clear" | "quota_notice";
  channel: Channel;
  to: string;
  language: string;
  source: "card" | "sos" | "test" | "roll_call";
  /** A roll call's alert: where the roll call was (the location's name). */
  place?: string;
  ownerName: string;
  tagId: string | null;
  latitude: string | null;
  longitude: string | null;
  raisedAt: Date;
  /** The owner's time zone (IANA), in which the message gives times; UTC when unknown. */
  timeZone?: string;
  /** The contact's acknowledgement link, when the message goes to a contact. */
  ackUrl: string | null;
  /** For quota notices: the contacts that were not messaged. */
  skippedContacts?: string;
  /** Why they were not: the allowance ("quota", the default) or their reply STOP ("opted_out"). */
  skippedReason?: string | null;
}

export { mapUrl };

/**
 * The zone a country's people read clocks in. A country with one zone (Intl's
 * own list) has it; for countries spanning several, the zone most of their
 * people live in (where the owner's own zone is unknown, the message names the
 * zone, so a reader elsewhere can still convert). Unknown countries: UTC.
 */
const PRINCIPAL_ZONE: Record<string, string> = {
  us: "America/New_York",
  ca: "America/Toronto",
  au: "Australia/Sydney",
  mx: "America/Mexico_City",
  es: "Europe/Madrid",
  br: "America/Sao_Paulo",
  ru: "Europe/Moscow",
  id: "Asia/Jakarta",
  nz: "Pacific/Auckland",
  pt: "Europe/Lisbon",
  ar: "America/Argentina/Buenos_Aires",
  cl: "America/Santiago",
  ec: "America/Guayaquil",
  de: "Europe/Berlin",
  gb: "Europe/London",
  fr: "Europe/Paris",
  vn: "Asia/Ho_Chi_Minh",
};

export function timeZoneForCountry(country: string | null | undefined): string {
  if (!country || !/^[a-z]{2}$/i.test(country)) return "UTC";
  const code = country.toLowerCase();
  if (PRINCIPAL_ZONE[code]) return PRINCIPAL_ZONE[code];
  try {
    const locale = new Intl.Locale(`und-${code.toUpperCase()}`) as Intl.Locale & {
      timeZones?: string[];
      getTimeZones?: () => string[];
    };
    const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    if (zones.length === 1) return zones[0]!;
  } catch {}
  return "UTC";
}

interface AlertTimeFormatters {
  /** The zone used: the one asked for, or UTC when Intl does not know it. */
  zone: string;
  formatter: Intl.DateTimeFormat;
  /** The zone's short name ("EST"); none for UTC. */
  zoneName: Intl.DateTimeFormat | null;
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one, and every message of a burst
 * of alerts formats its time: one pair per language and zone, kept (a few hundred at most).
 */
const alertTimeCache = new Map<string, AlertTimeFormatters>();

function alertTimeFormatters(language: string, timeZone: string): AlertTimeFormatters {
  const key = `${language}|${timeZone}`;
  const cached = alertTimeCache.get(key);
  if (cached) return cached;
  const make = (zone: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  let zone = timeZone;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = make(zone);
  } catch {
    zone = "UTC";
    formatter = make(zone);
  }
  const made: AlertTimeFormatters = {
    zone,
    formatter,
    zoneName:
      zone === "UTC"
        ? null
        : new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "short" }),
  };
  if (alertTimeCache.size >= 1_000) alertTimeCache.clear();
  alertTimeCache.set(key, made);
  return made;
}

/**
 * The alert's time on the owner's clock, naming the zone: "Nov 23, 2026, 9:02 AM
 * EST". Where the language has no abbreviation for the zone and Intl gives only
 * an offset ("GMT+1"), the zone's name follows: "… 15:02 UTC+1 (Europe/Paris)".
 */
export function formatAlertTime(date: Date, language: string, timeZone = "UTC"): string {
  const { zone, formatter, zoneName } = alertTimeFormatters(language, timeZone);
  const formatted = formatter.format(date);
  if (zone === "UTC") return `${formatted} UTC`;
  const name =
    zoneName?.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? "";
  const offsetOnly = !name || /^(GMT|UTC)([+\-−]|$)/.test(name);
  return offsetOnly ? `${formatted} ${name} (${zone})`.replace("  ", " ") : `${formatted} ${name}`;
}

/**
 * The text of one alert message: short, in the owner's language, naming the
 * person, the tag and the time, with the map link when the scanner shared a
 * location and the contact's acknowledgement link.
 */
export function composeAlertMessage(input: ComposeInput): OutgoingMessage {
  const t = (key: string, values: Record<string, string> = {}) =>
    messageText(input.language, key, values);
  const time = formatAlertTime(input.raisedAt, input.language, input.timeZone);
  const name = input.ownerName;
  const located = input.latitude !== null && input.longitude !== null;
  const map = located ? mapUrl(input.latitude!, input.longitude!) : "";
  const isTest = input.source === "test";
  const rollCall = input.source === "roll_call";
  const place = input.place ?? "";
  const base = { channel: input.channel, to: input.to, language: input.language };

  if (input.kind === "all_clear") {
    return {
      ...base,
      subject: t("allClear.subject", { name }),
      body: t("allClear.body", { name, time }),
    };
  }
  if (input.kind === "quota_notice") {
    const template = input.skippedReason === "opted_out" ? "optedOut" : "quota";
    return {
      ...base,
      subject: t(`${template}.subject`),
      body: t(`${template}.body`, { time, contacts: input.skippedContacts ?? "" }),
    };
  }
  const escalation = input.kind === "escalation";
  const shape = describeChannel(input.channel).shape;
  switch (shape) {
    case "spoken":
      return {
        ...base,
        body: rollCall
          ? t("alert.rollCallVoice", { name, time, place })
          : t("alert.voice", { name, time }),
      };
    case "mail": {
      const lead = escalation
        ? t("escalation.lead", { name, time })
        : rollCall
          ? t("alert.rollCallLead", { name, time, place })
          : t(`alert.${input.source}Lead`, { name, time, tag: input.tagId ?? "" });
      const lines = [isTest ? `${t("alert.testPrefix")}${lead}` : lead];
      // A roll call's alert has no scanner and so no location to share.
      if (!rollCall) {
        lines.push("", located ? t("alert.location", { map }) : t("alert.noLocation"));
      }
      if (input.ackUrl && !isTest) lines.push("", t("alert.ack", { ack: input.ackUrl }));
      if (rollCall) lines.push("", t("alert.rollCallCallHelp"));
      else if (!isTest) lines.push("", t("alert.callHelp"));
      const subject = isTest
        ? t("alert.testSubject", { name })
        : escalation
          ? t("escalation.subject", { name })
          : rollCall
            ? t("alert.rollCallSubject", { name, place })
            : t("alert.subject", { name });
      return { ...base, subject, body: lines.join("\n") };
    }
    case "text": {
      const where = located ? t("alert.smsLocation", { map }) : t("alert.smsNoLocation");
      const key = isTest
        ? "alert.testSms"
        : escalation
          ? "escalation.sms"
          : rollCall
            ? "alert.rollCallSms"
            : "alert.sms";
      return {
        ...base,
        body: t(key, { name, time, where, place, ack: input.ackUrl ?? "" }).trim(),
      };
    }
    default: {
      const never: never = shape;
      throw new Error(`No message shape ${never}`);
    }
  }
}

/** A responder's "I'm helping" / "I'm taking them to …" as one contact receives it (decision 152). */
export interface HandoverComposeInput {
  channel: Channel;
  to: string;
  language: string;
  ownerName: string;
  kind: "helping" | "taking";
  destination: string;
  helperName: string;
  at: Date;
  timeZone?: string;
  /** The contact's live link (the acknowledgement page of this delivery). */
  liveUrl: string;
}

export function composeHandoverMessage(input: HandoverComposeInput): OutgoingMessage {
  const name = input.ownerName;
  const time = formatAlertTime(input.at, input.language, input.timeZone);
  const who = input.helperName || messageText(input.language, "handover.someone");
  const values = { name, time, who, destination: input.destination, link: input.liveUrl };
  const t = (part: string) => messageText(input.language, `handover.${input.kind}.${part}`, values);
  const base = { channel: input.channel, to: input.to, language: input.language };
  switch (describeChannel(input.channel).shape) {
    case "mail":
      return {
        ...base,
        subject: t("subject"),
        body: [t("body"), "", messageText(input.language, "handover.follow", values)].join("\n"),
      };
    case "text":
      return { ...base, body: t("sms") };
    case "spoken":
      return { ...base, body: t("voice") };
  }
}
