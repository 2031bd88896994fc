import { CloudOff, MapPin, Phone, Siren } from "lucide-react";
import { type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { LiveShare } from "#app/components/card/live-share.tsx";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { QueuedAlert } from "#app/lib/alert-queue.ts";
import { cn } from "#app/lib/cn.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import {
  HOLD_MS,
  holdProgress,
  holdSecondsLeft,
  SOS_IDLE,
  type SosHold,
  sosHoldStep,
  undoSecondsLeft,
} from "#app/lib/sos-hold.ts";
import { mapUrl } from "#core/alert-links.ts";
import type { Route } from "./+types/sos";
import { type SosActionData, sosAction, sosContacts, sosEmergencyNumber } from "./sos.server.ts";
import { SOS_FAILURE_TEXT, type SosFailure } from "./sos-failures.ts";
import { type Position, useDeviceSos } from "./use-device-sos.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/auth");
  const t = requestTranslator(request);
  return {
    seo: { title: t("pages.sos.title"), description: t("pages.sos.description") },
    contacts: await sosContacts(context, user.id),
    // The queued SOS is bound to this account (decision 151).
    account: user.id,
    emergencyNumber: await sosEmergencyNumber(request, context, user.id),
    // For the form without JavaScript; with it, every SOS gets a new key when it is sent.
    key: crypto.randomUUID(),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export const action = ({ request, context }: Route.ActionArgs) => sosAction(request, context);

function usePosition(): Position | "unavailable" | null {
  const [position, setPosition] = useState<Position | "unavailable" | null>(null);
  useEffect(() => {
    if (!("geolocation" in navigator)) {
      setPosition("unavailable");
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setPosition({
          latitude: p.coords.latitude.toFixed(6),
          longitude: p.coords.longitude.toFixed(6),
        }),
      () => setPosition("unavailable"),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 },
    );
  }, []);
  return position;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (!query) return;
    setReduced(query.matches);
    const update = () => setReduced(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * Reached by a link inside the app (no page load the worker saw): ask the
 * worker to keep this page for offline use all the same (decision 151).
 */
function useKeptOffline() {
  useEffect(() => {
    const [load] = performance.getEntriesByType?.("navigation") ?? [];
    const loadedHere = !load || new URL(load.name).pathname === location.pathname;
    if (loadedHere || navigator.onLine === false) return;
    void navigator.serviceWorker?.ready
      .then((registration) =>
        registration.active?.postMessage({ type: "keep-page", url: location.pathname }),
      )
      .catch(() => undefined);
  }, []);
}

/** Seconds left to cancel: `forMs` as the server counted it, from `since` in this browser. */
function useCancelCountdown(since: number, forMs: number) {
  const [left, setLeft] = useState(() => Math.ceil(forMs / 1000));
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((forMs - (Date.now() - since)) / 1000)));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [since, forMs]);
  return left;
}

/** A short buzz where the phone has a vibration motor (feature-detected). */
function buzz(pattern: number | number[]) {
  if (typeof navigator !== "undefined" && "vibrate" in navigator) {
    try {
      navigator.vibrate(pattern);
    } catch {
      // Some browsers refuse without a user gesture; the ring still shows the hold.
    }
  }
}

/** What the sent view shows, from the device's queue or from the form's answer. */
interface SentSos {
  alertId: string;
  count: number;
  map: string | null;
  cancelForMs: number;
  /** When the answer arrived in this browser; null when rendered by the server. */
  since: number | null;
}

function sentFromEntry(entry: QueuedAlert): SentSos | null {
  if (entry.state !== "sent" || !entry.sent) return null;
  return {
    alertId: entry.sent.alertId,
    count: entry.sent.count,
    map:
      entry.latitude !== null && entry.longitude !== null
        ? mapUrl(entry.latitude, entry.longitude)
        : null,
    cancelForMs: entry.sent.cancelForMs ?? 0,
    since: entry.settledAt ?? Date.now(),
  };
}

export default function Sos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const position = usePosition();
  const online = useOnline();
  const device = useDeviceSos(loaderData.account);
  useKeptOffline();
  // Without JavaScript the page is posted and re-rendered with the action's answer;
  // it belongs to the page as loaded, until "Send Another Alert" starts over.
  const [pagePosted, setPagePosted] = useState(true);
  const posted = pagePosted ? (actionData as SosActionData | undefined) : undefined;
  const postedSent = posted?.intent === "sos" && posted.ok ? posted : null;
  const sent: SentSos | null =
    (device.entry && sentFromEntry(device.entry)) ??
    (postedSent ? { ...postedSent, since: null } : null);
  const startOver = () => {
    device.clear();
    setPagePosted(false);
  };

  if (sent) {
    return (
      <SosSent sent={sent} onAnother={startOver}>
        <LiveShare alertId={sent.alertId} />
      </SosSent>
    );
  }

  const queued = device.entry?.state === "queued" ? device.entry : null;
  if (queued && !device.busy) {
    return (
      <main className="mx-auto max-w-lg space-y-4 px-4 py-10">
        <SosQueued
          busy={queued.busy === true}
          emergencyNumber={loaderData.emergencyNumber}
          onWithdraw={() => void device.withdraw()}
        />
      </main>
    );
  }

  const failure =
    device.entry?.state === "failed" ? (device.entry.failure as SosFailure | undefined) : null;
  const postedFailure = posted?.intent === "sos" && !posted.ok ? posted.notice : null;
  const postedCancel = posted?.intent === "cancel" ? posted.notice : null;
  const hasContacts = loaderData.contacts.length > 0;
  const located = position && position !== "unavailable" ? position : null;

  return (
    <main className="mx-auto max-w-lg space-y-4 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">{t("actions.sos")}</h1>
        <p className="mt-1 text-muted-foreground">{t("sos.intro")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("sos.contactsTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          {hasContacts ? (
            <ul className="space-y-1 text-sm" data-testid="sos-contacts">
              {loaderData.contacts.map((c) => (
                <li key={c.id}>
                  {c.name} · {t(`channels.${c.channel}`)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("sos.noContacts")}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("sos.locationTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="text-sm" data-testid="sos-location">
          {position === null
            ? t("sos.locating")
            : position === "unavailable"
              ? t("sos.locationUnavailable")
              : `${position.latitude}, ${position.longitude}`}
        </CardContent>
      </Card>
      {failure ? (
        <Notice
          notice={{
            tone: "error",
            title: "account:sos.failed",
            description: SOS_FAILURE_TEXT[failure] ?? "errors.generic",
          }}
        />
      ) : null}
      <Notice notice={postedFailure} />
      {/* A cancel posted without JavaScript comes back here. */}
      <Notice notice={postedCancel} />
      {online ? null : (
        <p
          className="flex items-start gap-2 rounded-xl border border-warning p-3 text-sm"
          data-testid="sos-offline"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t("sos.offlineNote")}{" "}
            <a href={`tel:${loaderData.emergencyNumber}`} className="font-semibold underline">
              {t("sos.callNumber", { number: loaderData.emergencyNumber })}
            </a>
          </span>
        </p>
      )}
      <SosControl
        idempotencyKey={loaderData.key}
        position={located}
        disabled={!hasContacts}
        sending={device.busy}
        confirmPosted={posted?.intent === "confirm"}
        onRelease={(pressedAt) => {
          setPagePosted(false);
          void device.send(located, pressedAt);
        }}
      />
      <section className="rounded-xl border p-4 text-sm">
        <h2 className="font-semibold">{t("sos.howTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          <li>{t("sos.howHold")}</li>
          <li>{t("sos.how1")}</li>
          <li>{t("sos.how2")}</li>
          <li>{t("sos.how3")}</li>
          <li>{t("sos.how4")}</li>
          <li>{t("sos.howOffline")}</li>
        </ul>
      </section>
    </main>
  );
}

const RING_RADIUS = 54;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The SOS button (decision 151). With JavaScript: hold 5 seconds (pointer,
 * touch, or Space/Enter held down) while a ring fills, or "Send without
 * holding" and one confirming tap; then 3 seconds to undo; only then
 * `onRelease`. Without JavaScript both buttons post `confirm`, and the
 * server's answer asks for the confirming tap, which posts the SOS.
 */
function SosControl({
  idempotencyKey,
  position,
  disabled,
  sending,
  confirmPosted,
  onRelease,
}: {
  idempotencyKey: string;
  position: Position | null;
  disabled: boolean;
  sending: boolean;
  confirmPosted: boolean;
  onRelease: (pressedAt: number) => void;
}) {
  const { t } = useTranslation("account");
  const [hold, dispatch] = useReducer(
    sosHoldStep,
    confirmPosted ? ({ phase: "confirming" } as SosHold) : SOS_IDLE,
  );
  const [now, setNow] = useState(0);
  const reducedMotion = useReducedMotion();
  const button = useRef<HTMLButtonElement>(null);
  /** A key still down from the hold: its repeats must not also undo. */
  const pressing = useRef(false);
  /** The pointer went down on the button during the undo: its click undoes (a hold's release does not). */
  const downInUndo = useRef(false);
  const armedAt = useRef(0);
  const lastSecond = useRef(0);
  const released = useRef(onRelease);
  released.current = onRelease;

  // The clock runs only while something counts: the hold and the undo.
  const counting = hold.phase === "holding" || hold.phase === "undo";
  useEffect(() => {
    if (!counting) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      dispatch({ type: "tick", at });
    };
    tick();
    const timer = window.setInterval(tick, 100);
    return () => window.clearInterval(timer);
  }, [counting]);

  const phase = hold.phase;
  const since = hold.phase === "holding" || hold.phase === "undo" ? hold.since : 0;
  useEffect(() => {
    if (phase === "undo") {
      armedAt.current = since;
      buzz([80, 60, 80]);
      // The undo is the big button itself; one who confirmed without holding lands on it.
      button.current?.focus();
    } else if (phase === "release") {
      released.current(armedAt.current);
      dispatch({ type: "reset" });
    }
  }, [phase, since]);

  // A buzz at the start of each second of the hold: the fill, felt.
  const heldSeconds = hold.phase === "holding" ? holdSecondsLeft(hold, now) : 0;
  useEffect(() => {
    if (heldSeconds && heldSeconds !== lastSecond.current) buzz(15);
    lastSecond.current = heldSeconds;
  }, [heldSeconds]);

  useEffect(() => {
    const up = () => {
      pressing.current = false;
    };
    window.addEventListener("keyup", up);
    return () => window.removeEventListener("keyup", up);
  }, []);

  const press = (byKey: boolean) => {
    pressing.current = byKey;
    const at = Date.now();
    setNow(at);
    dispatch({ type: "press", at });
  };
  const letGo = () => dispatch({ type: "let-go", at: Date.now() });
  const isHoldKey = (key: string) => key === " " || key === "Enter";

  if (hold.phase === "confirming") {
    return (
      <form
        method="post"
        className="space-y-3 rounded-xl border-2 border-destructive p-4"
        data-testid="sos-confirm"
      >
        <h2 className="text-lg font-semibold">{t("sos.confirmTitle")}</h2>
        <p className="text-sm text-muted-foreground">{t("sos.confirmBody")}</p>
        <SosFormFields idempotencyKey={idempotencyKey} position={position} />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value="sos"
            className={cn(buttonVariants({ variant: "destructive", size: "lg" }), "flex-1")}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: the question was just asked; its answer is the next step.
            autoFocus
            onClick={(event) => {
              event.preventDefault();
              dispatch({ type: "confirm", at: Date.now() });
            }}
          >
            <Siren aria-hidden="true" /> {t("sos.send")}
          </button>
          <Link
            to="/sos"
            className={buttonVariants({ variant: "outline", size: "lg" })}
            onClick={(event) => {
              event.preventDefault();
              dispatch({ type: "back" });
            }}
          >
            {t("sos.confirmBack")}
          </Link>
        </div>
      </form>
    );
  }

  const progress = holdProgress(hold, now);
  // Reduced motion: the ring moves in whole seconds, without a sweep.
  const shown = reducedMotion
    ? Math.floor(progress * (HOLD_MS / 1000)) / (HOLD_MS / 1000)
    : progress;
  const undoLeft = undoSecondsLeft(hold, now);
  const status =
    hold.phase === "holding"
      ? t("sos.holdKeep", { seconds: heldSeconds })
      : hold.phase === "undo"
        ? t("sos.undoCountdown", { seconds: undoLeft })
        : sending
          ? t("sos.sending")
          : hold.phase === "idle" && hold.early
            ? t("sos.holdEarly")
            : "";

  return (
    <form method="post" className="space-y-3" data-testid="sos-form">
      <SosFormFields idempotencyKey={idempotencyKey} position={position} />
      <button
        ref={button}
        type="submit"
        name="intent"
        value="confirm"
        data-testid="sos-hold"
        data-phase={hold.phase}
        aria-describedby="sos-hold-hint"
        disabled={disabled || sending}
        className={cn(
          buttonVariants({
            variant: hold.phase === "undo" ? "outline" : "destructive",
            size: "lg",
          }),
          "relative h-auto w-full touch-none select-none flex-col gap-2 py-5 text-xl [-webkit-touch-callout:none]",
        )}
        onPointerDown={(event) => {
          downInUndo.current = hold.phase === "undo";
          if (event.button !== 0 || hold.phase !== "idle") return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          press(false);
        }}
        onPointerUp={letGo}
        onPointerCancel={letGo}
        onLostPointerCapture={letGo}
        onBlur={letGo}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (!isHoldKey(event.key)) return;
          event.preventDefault();
          if (event.repeat) return;
          if (hold.phase === "undo" && !pressing.current) dispatch({ type: "undo" });
          else if (hold.phase === "idle") press(true);
        }}
        onKeyUp={(event) => {
          if (!isHoldKey(event.key)) return;
          event.preventDefault();
          letGo();
        }}
        onClick={(event) => {
          // A click never sends: the hold does. A click in the undo window undoes.
          event.preventDefault();
          if (hold.phase === "undo" && downInUndo.current) dispatch({ type: "undo" });
          downInUndo.current = false;
        }}
      >
        <svg viewBox="0 0 120 120" className="!size-24" aria-hidden="true" data-testid="sos-ring">
          <circle
            cx="60"
            cy="60"
            r={RING_RADIUS}
            className="fill-none stroke-current opacity-25"
            strokeWidth="10"
          />
          <circle
            cx="60"
            cy="60"
            r={RING_RADIUS}
            className="fill-none stroke-current"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={RING_LENGTH}
            strokeDashoffset={RING_LENGTH * (1 - shown)}
            transform="rotate(-90 60 60)"
            data-progress={shown.toFixed(2)}
          />
          <text
            x="60"
            y="60"
            textAnchor="middle"
            dominantBaseline="central"
            className="fill-current text-3xl font-bold"
          >
            {hold.phase === "holding" ? heldSeconds : hold.phase === "undo" ? undoLeft : "SOS"}
          </text>
        </svg>
        <span>
          {hold.phase === "undo" ? t("sos.undo") : sending ? t("sos.sending") : t("sos.holdButton")}
        </span>
      </button>
      <p id="sos-hold-hint" className="text-center text-sm text-muted-foreground">
        {t("sos.holdHint")}
      </p>
      <p
        className="min-h-6 text-center font-semibold"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="sos-status"
      >
        {status}
      </p>
      {hold.phase === "idle" ? (
        <button
          type="submit"
          name="intent"
          value="confirm"
          className={cn(buttonVariants({ variant: "outline" }), "w-full")}
          disabled={disabled || sending}
          onClick={(event) => {
            event.preventDefault();
            dispatch({ type: "ask" });
          }}
        >
          {t("sos.noHold")}
        </button>
      ) : null}
    </form>
  );
}

function SosFormFields({
  idempotencyKey,
  position,
}: {
  idempotencyKey: string;
  position: Position | null;
}) {
  return (
    <>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {position ? (
        <>
          <input type="hidden" name="latitude" value={position.latitude} />
          <input type="hidden" name="longitude" value={position.longitude} />
        </>
      ) : null}
    </>
  );
}

/** Offline: the SOS waits on the phone; the emergency number works without data. */
function SosQueued({
  busy,
  emergencyNumber,
  onWithdraw,
}: {
  /** The server answered busy: sent again in seconds, not when back online (decision 156). */
  busy: boolean;
  emergencyNumber: string;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation("account");
  return (
    <Card className="border-warning">
      <CardContent className="space-y-4 pt-6">
        <h1
          className="flex items-center gap-2 text-2xl font-bold"
          data-testid="sos-queued"
          role="status"
        >
          <CloudOff className="size-6" aria-hidden="true" />{" "}
          {busy ? t("sos.queuedBusy") : t("sos.queued")}
        </h1>
        <p>{busy ? t("sos.queuedBusyBody") : t("sos.queuedBody")}</p>
        <a
          href={`tel:${emergencyNumber}`}
          className={cn(buttonVariants({ variant: "destructive", size: "lg" }), "w-full")}
          data-testid="sos-call"
        >
          <Phone aria-hidden="true" /> {t("sos.callNumber", { number: emergencyNumber })}
        </a>
        <Button variant="outline" className="w-full" onClick={onWithdraw}>
          {t("sos.withdraw")}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The sent SOS: whom it reached, the map link, "Cancel — I'm safe" for the
 * rest of the 30 seconds, and what follows a sent SOS (`children`).
 */
function SosSent({
  sent,
  onAnother,
  children,
}: {
  sent: SentSos;
  onAnother: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("account");
  const cancel = useFetcher<SosActionData>({ key: `sos-cancel-${sent.alertId}` });
  // A sent view rendered by the server (no script yet) counts from when it showed here.
  const [shownAt] = useState(() => Date.now());
  const left = useCancelCountdown(sent.since ?? shownAt, sent.cancelForMs);
  const cancelled = cancel.data?.intent === "cancel" ? cancel.data : null;
  return (
    <main className="mx-auto max-w-lg space-y-4 px-4 py-10">
      <Card className="border-success">
        <CardContent className="space-y-4 pt-6">
          <h1
            className="flex items-center gap-2 text-2xl font-bold text-success"
            data-testid="sos-sent"
          >
            <Siren className="size-6" aria-hidden="true" /> {t("sos.sent")}
          </h1>
          <p>{t("sos.sentBody", { count: sent.count })}</p>
          {sent.map ? (
            <a
              href={sent.map}
              className="flex items-center gap-2 text-primary underline"
              rel="noopener"
              target="_blank"
            >
              <MapPin className="size-4" aria-hidden="true" /> {t("sos.map")}
            </a>
          ) : null}
          <Notice notice={cancelled?.notice} />
          {left > 0 && !cancelled?.ok ? (
            <cancel.Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="alertId" value={sent.alertId} />
              <Button
                type="submit"
                variant="outline"
                className="w-full"
                disabled={cancel.state !== "idle"}
              >
                {t("sos.cancel", { seconds: left })}
              </Button>
            </cancel.Form>
          ) : null}
          {children}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onAnother}>
              {t("sos.another")}
            </Button>
            <Link to="/dashboard" className={buttonVariants()}>
              {t("sos.back")}
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
