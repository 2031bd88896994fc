import { Ambulance, MapPin } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAge } from "#app/lib/relative-age.ts";
import { mapUrl } from "#core/alert-links.ts";
import { LIVE_POLL_MS, type LiveFeed, type LivePosition } from "#core/live-location.ts";
import { LiveMap } from "./live-map.tsx";

const byNewest = (a: LivePosition, b: LivePosition) => b.recordedAt.localeCompare(a.recordedAt);

/** Positions received since the last poll join the track; each position once, newest first. */
function merge(known: LivePosition[], incoming: LivePosition[]): LivePosition[] {
  const ids = new Set(known.map((p) => p.id));
  const added = incoming.filter((p) => !ids.has(p.id));
  return added.length ? [...added, ...known].sort(byNewest) : known;
}

/**
 * The contact's live page (decision 150): the latest position and its age, updating; the
 * responders' updates; the track as a list (server-rendered, so it shows without JavaScript) and
 * on a map. It polls a small JSON endpoint for what is new.
 */
export function LiveFollow({
  token,
  initial,
  timeZone,
}: {
  token: string;
  initial: LiveFeed;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("card");
  const [feed, setFeed] = useState(initial);
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => {
    if (initial.cancelled) return;
    let stopped = false;
    let timer = 0;
    // The poll loop carries its own copy of the track, so one loop runs per page.
    let positions = initial.positions;
    const poll = async () => {
      const newest = positions.reduce((max, p) => Math.max(max, Date.parse(p.receivedAt)), 0);
      try {
        const response = await fetch(
          `/ack/${encodeURIComponent(token)}/live.json${newest ? `?after=${newest}` : ""}`,
          { headers: { accept: "application/json" } },
        );
        if (response.ok) {
          const next = (await response.json()) as LiveFeed;
          positions = next.cancelled ? [] : merge(positions, next.positions);
          setFeed({ ...next, positions });
          if (next.cancelled) stopped = true;
        }
      } catch {
        // offline for a moment: the next poll tries again
      }
      if (!stopped) timer = window.setTimeout(poll, LIVE_POLL_MS);
    };
    timer = window.setTimeout(poll, LIVE_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [token, initial]);

  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);

  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(i18n.language, { timeStyle: "medium", timeZone });
    } catch {
      return new Intl.DateTimeFormat(i18n.language, { timeStyle: "medium", timeZone: "UTC" });
    }
  }, [i18n.language, timeZone]);
  const time = (iso: string) => format.format(new Date(iso));
  const latest = feed.positions[0] ?? null;
  const { share } = feed;

  return (
    <section aria-labelledby="live-title" className="space-y-4" data-testid="live-follow">
      {feed.handovers.length ? (
        <div className="rounded-lg border-2 border-primary p-3" data-testid="live-handovers">
          <h2 className="flex items-center gap-2 font-semibold">
            <Ambulance className="size-5" aria-hidden="true" /> {t("follow.responders")}
          </h2>
          <ul className="mt-2 space-y-2">
            {feed.handovers.map((h) => (
              <li key={h.id} className="text-sm">
                <span className="font-semibold" suppressHydrationWarning>
                  {h.kind === "taking"
                    ? t("follow.taking", { destination: h.destination, time: time(h.at) })
                    : t("follow.helping", { time: time(h.at) })}
                </span>
                {h.helperName ? (
                  <span className="block text-muted-foreground">
                    {t("follow.by", { who: h.helperName })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <h2 id="live-title" className="flex items-center gap-2 text-xl font-semibold">
        <MapPin className="size-5" aria-hidden="true" /> {t("follow.title")}
      </h2>
      <p
        className="rounded-lg bg-muted p-3 text-sm"
        role="status"
        data-testid="live-state"
        data-state={feed.cancelled ? "cancelled" : share.state}
        suppressHydrationWarning
      >
        {feed.cancelled
          ? t("follow.cancelledNoTrack")
          : share.state === "ended" && share.endedAt
            ? t("follow.ended", { time: time(share.endedAt) })
            : share.state === "live"
              ? share.endsAt
                ? t("follow.sharingUntil", { time: time(share.endsAt) })
                : t("follow.sharingLive")
              : t("follow.none")}
      </p>

      {latest ? (
        <div className="rounded-lg border p-3" data-testid="live-latest">
          <h3 className="font-semibold">{t("follow.latest")}</h3>
          <p className="mt-1 font-mono text-sm" data-testid="live-latest-coordinates">
            {latest.latitude}, {latest.longitude}
            {latest.accuracy !== null
              ? ` (${t("follow.accuracy", { metres: latest.accuracy })})`
              : ""}
          </p>
          <p className="text-sm" suppressHydrationWarning>
            {time(latest.recordedAt)}
            {now !== null ? (
              <span data-testid="live-age">
                {" · "}
                {formatAge(now - Date.parse(latest.recordedAt), i18n.language)}
              </span>
            ) : null}
          </p>
          <a
            href={mapUrl(latest.latitude, latest.longitude)}
            className="mt-1 inline-block text-sm text-primary underline"
            rel="noopener"
          >
            {t("ack.map")}
          </a>
        </div>
      ) : null}

      {feed.positions.length ? (
        <>
          <LiveMap positions={feed.positions} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="live-track">
              <caption className="mb-1 text-left font-semibold">{t("follow.track")}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-1 pr-2">
                    {t("follow.time")}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {t("follow.coordinates")}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {t("follow.accuracyHeader")}
                  </th>
                  <th scope="col" className="py-1">
                    {t("follow.mapHeader")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {feed.positions.map((p) => (
                  <tr key={p.id} className="border-b last:border-0">
                    <td className="py-1 pr-2" suppressHydrationWarning>
                      {time(p.recordedAt)}
                    </td>
                    <td className="py-1 pr-2 font-mono">
                      {p.latitude}, {p.longitude}
                    </td>
                    <td className="py-1 pr-2">
                      {p.accuracy !== null ? t("follow.accuracy", { metres: p.accuracy }) : "—"}
                    </td>
                    <td className="py-1">
                      <a
                        href={mapUrl(p.latitude, p.longitude)}
                        className="text-primary underline"
                        rel="noopener"
                      >
                        {t("follow.openMap")}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
