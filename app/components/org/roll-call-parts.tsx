import { useTranslation } from "react-i18next";
import type { RollCallFeedEvent } from "#core/roll-call.ts";

/** The DRILL label every page, list row and report of a drill carries. */
export function DrillBadge() {
  const { t } = useTranslation("roll-call");
  return (
    <span
      className="mr-2 inline-block rounded bg-amber-300 px-2 py-0.5 text-xs font-bold tracking-wider text-black"
      data-testid="drill-badge"
    >
      {t("drill")}
    </span>
  );
}

export interface RollCallPerson {
  profileId: string;
  name: string;
  group: string | null;
  safe: boolean;
  marked: { at: string; time: string } | null;
  markedBy: string | null;
  method: string | null;
  alerted: boolean;
}

/** A person's entry after a feed event (a mark, an undo, or someone added by a scan). */
export function applyFeedEvent(
  people: RollCallPerson[],
  event: RollCallFeedEvent,
  time: (iso: string) => string,
): RollCallPerson[] {
  if (!event.profileId || (event.type !== "marked_safe" && event.type !== "unmarked")) {
    return people;
  }
  const safe = event.type === "marked_safe";
  const changed = (p: RollCallPerson): RollCallPerson => ({
    ...p,
    safe,
    marked: safe ? { at: event.at, time: time(event.at) } : null,
    markedBy: safe ? event.actorName : null,
    method: safe ? event.method : null,
  });
  if (people.some((p) => p.profileId === event.profileId)) {
    return people.map((p) => (p.profileId === event.profileId ? changed(p) : p));
  }
  if (!safe) return people;
  const added = changed({
    profileId: event.profileId,
    name: event.personName ?? "—",
    group: null,
    safe,
    marked: null,
    markedBy: null,
    method: null,
    alerted: false,
  });
  return [...people, added].sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether a person matches the search (name or group, any case). */
export function matchesSearch(person: RollCallPerson, query: string) {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return (
    person.name.toLocaleLowerCase().includes(q) ||
    (person.group ?? "").toLocaleLowerCase().includes(q)
  );
}

type TimelineEvent = RollCallFeedEvent & { time: string };

/** One line of the frozen report's timeline. */
export function TimelineLine({ event }: { event: TimelineEvent }) {
  const { t } = useTranslation("roll-call");
  const method = event.method ? t(`page.methods.${event.method}`, event.method) : "";
  const key =
    event.type === "alerted"
      ? `report.events.alerted_${event.method === "drill" ? "drill" : event.method === "manual" ? "manual" : "automatic"}`
      : `report.events.${event.type}`;
  return (
    <li className="flex gap-3 text-sm" data-testid="timeline-line">
      <span className="w-40 shrink-0 text-muted-foreground">{event.time}</span>
      <span>{t(key, { name: event.actorName ?? "", person: event.personName ?? "", method })}</span>
    </li>
  );
}
