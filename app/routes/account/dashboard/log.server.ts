import type { TFunction } from "i18next";
import type { AppLoadContext } from "react-router";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { timeZoneForCountry } from "#server/alerts/compose.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { listSafetyLog, type SafetyLogEntry } from "#server/domain/safety-log.ts";

export const LOG_PAGE_SIZE = 25;

export interface SafetyLogLine {
  id: string;
  at: string;
  /** When, in the viewer's language and time zone. */
  time: string;
  text: string;
}

/** A list of names the log stored ("allergies,medications"), in the reader's words. */
function namesOf(t: TFunction, group: string, value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  return value
    .split(",")
    .map((name) => t(`account:log.${group}.${name}`, { defaultValue: name }))
    .join(", ");
}

/** The catalog key of an event's sentence; some events read differently by what they set. */
function sentenceKey(entry: SafetyLogEntry): string {
  if (entry.type === "scan_notice_changed") {
    return entry.metadata.notices === "on" ? "scan_notice_on" : "scan_notice_off";
  }
  if (entry.type === "contact_channel_unlinked" && entry.metadata.by === "contact") {
    return "contact_channel_unlinked_by_contact";
  }
  return entry.type;
}

/**
 * One event in plain words: "You added contact Maria (SMS) for Leo", "Ana joined the
 * household". The viewer's own acts read "You …".
 */
export function describeEvent(t: TFunction, entry: SafetyLogEntry, viewerId: string): string {
  const meta = entry.metadata;
  const channel = typeof meta.channel === "string" ? meta.channel : "";
  const values = {
    actor: entry.actorName || t("account:log.someone"),
    person:
      entry.personName ||
      (typeof meta.person === "string" && meta.person) ||
      t("account:log.removedPerson"),
    contact: typeof meta.contact === "string" ? meta.contact : "",
    channel: channel ? t(`account:channels.${channel}`, { defaultValue: channel }) : "",
    tag: typeof meta.tag_id === "string" ? meta.tag_id : "",
    fields: namesOf(t, "fields", meta.fields),
    changes: namesOf(t, "changes", meta.changes),
  };
  const who = entry.actorId === viewerId ? "you" : "other";
  return t(`account:log.events.${sentenceKey(entry)}.${who}`, values);
}

/** The safety log page: the signed-in user's own log, newest first, 25 to a page. */
export async function safetyLogPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/auth?mode=signin&redirect=/dashboard/log");
  const { db, cipher } = context.services;
  const pageParam = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageParam) && pageParam > 0 ? Math.min(pageParam, 10_000) : 1;
  const [entries, profile] = await Promise.all([
    listSafetyLog(db, user.id, { offset: (page - 1) * LOG_PAGE_SIZE, limit: LOG_PAGE_SIZE + 1 }),
    getProfile(db, cipher, user.id),
  ]);
  const i18n = requestI18n(request);
  const t = i18n.t;
  const timeZone = timeZoneForCountry(profile?.country);
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
  const lines: SafetyLogLine[] = entries.slice(0, LOG_PAGE_SIZE).map((entry) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    time: format.format(entry.at),
    text: describeEvent(t, entry, user.id),
  }));
  return {
    seo: { title: t("account:log.title"), description: t("account:log.description") },
    lines,
    page,
    hasOlder: entries.length > LOG_PAGE_SIZE,
    timeZone,
  };
}
