import { mapUrl } from "../../app/lib/alert-links.ts";
import type { OutgoingMessage } from "../delivery/types.ts";
import { messageText } from "../messages/catalog.ts";

export interface ComposeInput {
  kind: "alert" | "escalation" | "all_clear" | "quota_notice";
  channel: "email" | "sms" | "whatsapp" | "voice";
  to: string;
  language: string;
  source: "card" | "sos" | "test";
  ownerName: string;
  tagId: string | null;
  latitude: string | null;
  longitude: string | null;
  raisedAt: Date;
  /** The contact's acknowledgement link, when the message goes to a contact. */
  ackUrl: string | null;
  /** For quota notices: the contacts that were not messaged. */
  skippedContacts?: string;
}

export { mapUrl };

export function formatAlertTime(date: Date, language: string): string {
  const formatted = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date);
  return `${formatted} UTC`;
}

/**
 * The text of one alert message: short, in the owner's language, naming the
 * person, the tag and the time, with the map link when the scanner shared a
 * location and the contact's acknowledgement link.
 */
export function composeAlertMessage(input: ComposeInput): OutgoingMessage {
  const t = (key: string, values: Record<string, string> = {}) =>
    messageText(input.language, key, values);
  const time = formatAlertTime(input.raisedAt, input.language);
  const name = input.ownerName;
  const located = input.latitude !== null && input.longitude !== null;
  const map = located ? mapUrl(input.latitude!, input.longitude!) : "";
  const isTest = input.source === "test";
  const base = { channel: input.channel, to: input.to, language: input.language };

  if (input.kind === "all_clear") {
    return {
      ...base,
      subject: t("allClear.subject", { name }),
      body: t("allClear.body", { name, time }),
    };
  }
  if (input.kind === "quota_notice") {
    return {
      ...base,
      subject: t("quota.subject"),
      body: t("quota.body", { time, contacts: input.skippedContacts ?? "" }),
    };
  }
  if (input.channel === "voice") {
    return { ...base, body: t("alert.voice", { name, time }) };
  }
  const escalation = input.kind === "escalation";
  if (input.channel === "email") {
    const lead = escalation
      ? t("escalation.lead", { name, time })
      : t(`alert.${input.source}Lead`, { name, time, tag: input.tagId ?? "" });
    const lines = [
      isTest ? `${t("alert.testPrefix")}${lead}` : lead,
      "",
      located ? t("alert.location", { map }) : t("alert.noLocation"),
    ];
    if (input.ackUrl && !isTest) lines.push("", t("alert.ack", { ack: input.ackUrl }));
    if (!isTest) lines.push("", t("alert.callHelp"));
    const subject = isTest
      ? t("alert.testSubject", { name })
      : escalation
        ? t("escalation.subject", { name })
        : t("alert.subject", { name });
    return { ...base, subject, body: lines.join("\n") };
  }
  const where = located ? t("alert.smsLocation", { map }) : t("alert.smsNoLocation");
  const key = isTest ? "alert.testSms" : escalation ? "escalation.sms" : "alert.sms";
  return { ...base, body: t(key, { name, time, where, ack: input.ackUrl ?? "" }).trim() };
}
