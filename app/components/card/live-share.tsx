import { MapPin } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { formatAge, formatCountdown } from "#app/lib/relative-age.ts";
import {
  type LatLng,
  LIVE_DURATIONS,
  type LiveDuration,
  type LiveShareState,
  metresBetween,
  SEND_AT_MOST_EVERY_MS,
  SEND_EVERY_MS,
  SEND_MOVED_METRES,
  shouldSendPosition,
} from "#core/live-location.ts";

const DURATION_KEYS: Record<LiveDuration, string> = {
  "15m": "live.for15m",
  "1h": "live.for1h",
  stop: "live.untilStop",
};

type Problem = "denied" | "failed" | null;

/**
 * "Keep sharing my location" after an alert (decision 150), on the card that raised it (the
 * alert's viewer token) and on the SOS page (the owner's session): 15 minutes, an hour or until
 * stopped; then "Sharing", the time left and "Stop sharing". Positions go as the phone moves,
 * throttled (`shouldSendPosition`); the server refuses them once the share is over, and the page
 * then says why.
 */
export function LiveShare({ alertId, token }: { alertId: string; token?: string }) {
  const { t, i18n } = useTranslation("card");
  const [share, setShare] = useState<LiveShareState | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const watch = useRef<number | null>(null);
  const last = useRef<{ at: number; position: LatLng } | null>(null);
  /** A position held back by the throttle goes when the throttle allows (the phone may not move again). */
  const trailing = useRef<number | null>(null);
  const base = `/live/${encodeURIComponent(alertId)}`;

  const post = useCallback(
    async (fields: Record<string, string>) => {
      const body = new URLSearchParams({ ...fields, ...(token ? { token } : {}) });
      const response = await fetch(base, { method: "POST", body });
      const answer = (await response.json().catch(() => null)) as
        | { ok: true; share?: LiveShareState }
        | { ok: false; reason: string }
        | null;
      return { status: response.status, answer };
    },
    [base, token],
  );

  const refresh = useCallback(async () => {
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    const response = await fetch(`${base}${query}`, { headers: { accept: "application/json" } });
    if (!response.ok) return;
    const answer = (await response.json()) as { ok: true; share: LiveShareState };
    setShare(answer.share);
  }, [base, token]);

  const stopWatching = useCallback(() => {
    if (watch.current !== null) navigator.geolocation?.clearWatch(watch.current);
    watch.current = null;
    last.current = null;
    if (trailing.current !== null) window.clearTimeout(trailing.current);
    trailing.current = null;
  }, []);

  const startWatching = useCallback(() => {
    if (watch.current !== null) return;
    if (!("geolocation" in navigator)) {
      setProblem("denied");
      return;
    }
    const consider = (p: GeolocationPosition) => {
      const position = { latitude: p.coords.latitude, longitude: p.coords.longitude };
      const at = Date.now();
      if (trailing.current !== null) window.clearTimeout(trailing.current);
      trailing.current = null;
      if (!shouldSendPosition(last.current, position, at)) {
        // Sent once it would be allowed: sooner if it moved, else at the standing-still pace.
        const moved =
          last.current && metresBetween(last.current.position, position) > SEND_MOVED_METRES;
        const wait = last.current
          ? last.current.at + (moved ? SEND_AT_MOST_EVERY_MS : SEND_EVERY_MS) - at
          : 0;
        trailing.current = window.setTimeout(
          () => {
            trailing.current = null;
            if (watch.current !== null) send(p, Date.now());
          },
          Math.max(wait, 0),
        );
        return;
      }
      send(p, at);
    };
    const send = (p: GeolocationPosition, at: number) => {
      const position = { latitude: p.coords.latitude, longitude: p.coords.longitude };
      last.current = { at, position };
      void post({
        intent: "position",
        latitude: position.latitude.toFixed(6),
        longitude: position.longitude.toFixed(6),
        accuracy: String(Math.round(p.coords.accuracy)),
        recordedAt: String(Math.min(Math.round(p.timestamp), at)),
      })
        .then(({ status }) => {
          if (status === 200) setLastSentAt(at);
          // Over (stopped elsewhere, time up, alert called off) or not allowed: stop and say why.
          else if (status === 409 || status === 403 || status === 404) {
            stopWatching();
            void refresh();
          }
        })
        .catch(() => undefined); // offline for a moment: the next position tries again
    };
    watch.current = navigator.geolocation.watchPosition(
      consider,
      (error) => {
        // Only a refusal ends it; a phone that cannot get a fix for a while keeps trying.
        if (error.code !== error.PERMISSION_DENIED) return;
        stopWatching();
        setProblem("denied");
      },
      // No timeout: a phone standing still may give no new fix for minutes, which is not an error.
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
  }, [post, refresh, stopWatching]);

  useEffect(() => {
    void refresh().catch(() => undefined);
    return stopWatching;
  }, [refresh, stopWatching]);

  // Resume after a reload while the share is live; stop when it is over.
  useEffect(() => {
    if (share?.state === "live") startWatching();
    else stopWatching();
  }, [share?.state, startWatching, stopWatching]);

  const endsAt = share?.state === "live" && share.endsAt ? Date.parse(share.endsAt) : null;
  useEffect(() => {
    if (share?.state !== "live") return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    // A phone standing still sends nothing; it still learns soon that the alert was called off.
    const check = window.setInterval(() => void refresh().catch(() => undefined), 15_000);
    return () => {
      window.clearInterval(timer);
      window.clearInterval(check);
    };
  }, [share?.state, refresh]);
  useEffect(() => {
    if (endsAt !== null && now >= endsAt) void refresh().catch(() => undefined);
  }, [endsAt, now, refresh]);

  const start = async (duration: LiveDuration) => {
    setBusy(true);
    setProblem(null);
    try {
      const { answer } = await post({ intent: "start", duration });
      if (answer?.ok && answer.share) setShare(answer.share);
      else {
        setProblem("failed");
        await refresh();
      }
    } catch {
      setProblem("failed");
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    setBusy(true);
    stopWatching();
    try {
      const { answer } = await post({ intent: "stop" });
      if (answer?.ok && answer.share) setShare(answer.share);
    } catch {
      // The server ends it anyway when its time is up; the page already stopped sending.
    } finally {
      setBusy(false);
    }
  };

  if (!share) return null;
  if (!share.allowed) {
    return (
      <p className="mt-3 rounded-lg bg-muted p-3 text-sm" data-testid="live-pro-feature">
        {t("live.proFeature")}
      </p>
    );
  }
  if (share.state === "live") {
    return (
      <div
        className="mt-3 rounded-lg border-2 border-success p-3"
        data-testid="live-share"
        data-state="live"
      >
        <p className="flex items-center gap-2 font-semibold text-success" role="status">
          <MapPin className="size-4" aria-hidden="true" /> {t("live.sharing")}
        </p>
        <p className="mt-1 text-sm" data-testid="live-time-left">
          {endsAt !== null
            ? t("live.timeLeft", { time: formatCountdown(endsAt - now) })
            : t("live.untilStopped")}
        </p>
        {lastSentAt !== null ? (
          <p className="text-xs text-muted-foreground">
            {t("live.lastSent", { age: formatAge(now - lastSentAt, i18n.language) })}
          </p>
        ) : null}
        {problem === "denied" ? <p className="mt-1 text-sm">{t("live.denied")}</p> : null}
        <button
          type="button"
          onClick={() => void stop()}
          disabled={busy}
          className={cn(buttonVariants({ variant: "outline" }), "mt-2 w-full")}
          data-testid="live-stop"
        >
          {t("live.stop")}
        </button>
      </div>
    );
  }
  const over = share.state === "ended";
  return (
    <div className="mt-3 rounded-lg border p-3" data-testid="live-share" data-state={share.state}>
      {over ? (
        <p className="text-sm font-medium" role="status">
          {t(`live.${share.endedReason ?? "stopped"}`)}
        </p>
      ) : null}
      {over && share.endedReason === "cancelled" ? null : (
        <>
          <h3 className="mt-1 flex items-center gap-2 font-semibold">
            <MapPin className="size-4" aria-hidden="true" />{" "}
            {over ? t("live.again") : t("live.title")}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t("live.intro")}</p>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {LIVE_DURATIONS.map((duration) => (
              <button
                key={duration}
                type="button"
                disabled={busy}
                onClick={() => void start(duration)}
                className={cn(
                  buttonVariants({ variant: "outline" }),
                  "h-auto whitespace-normal px-2 py-2 text-sm",
                )}
                data-testid={`live-start-${duration}`}
              >
                {t(DURATION_KEYS[duration])}
              </button>
            ))}
          </div>
          {problem ? (
            <p className="mt-2 text-sm" role="alert">
              {t(`live.${problem}`)}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
