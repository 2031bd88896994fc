import {
  CloudOff,
  HeartPulse,
  Mail,
  MessageCircle,
  MessageSquareText,
  Phone,
  ShieldAlert,
  Siren,
} from "lucide-react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher } from "react-router";
import { alertTokens } from "../../server/alerts/tokens.ts";
import {
  alertStatus,
  cardRenderInputs,
  countsAsScan,
  loadPublicCard,
  type MedicalInfo,
  normaliseTagId,
  recordScan,
  revealMedical,
} from "../../server/domain/public-card.ts";
import { revealAllowed } from "../../server/security/card-harvest.ts";
import { buttonVariants } from "../components/ui/button.tsx";
import {
  type AlertStore,
  enqueueAlert,
  flushAlertQueue,
  httpAlertSender,
  pruneSettled,
  type QueuedAlert,
  queuedAlertFor,
} from "../lib/alert-queue.ts";
import { openAlertStore, sendQueuedAlerts } from "../lib/alert-queue-idb.ts";
import { cn } from "../lib/cn.ts";
import type { DeferScriptsHandle } from "../lib/deferred-scripts.ts";
import { emergencyNumberFor } from "../lib/emergency-numbers.ts";
import { requestTranslator } from "../lib/i18n.server.ts";
import type { I18nNamespacesHandle } from "../lib/i18n.ts";
import type { InlineCssHandle } from "../lib/inline-css.tsx";
import { ALERT_CHANNEL, ALERT_SYNC_TAG } from "../lib/offline.ts";
import type { Route } from "./+types/card";
import { type CardAlertResult, raiseCardAlert } from "./card-alert.server.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId) throw redirect("/");
  const { services } = context;
  const card = await loadPublicCard(services, tagId);
  if (card.state === "missing") throw redirect("/");
  if (card.state === "unclaimed") throw redirect(`/claim/${encodeURIComponent(tagId)}`);
  const t = requestTranslator(request);
  if (card.state === "deactivated") {
    return { state: "deactivated" as const, tagId, title: t("card:deactivated.title") };
  }
  if (countsAsScan(request)) {
    recordScan(services, { tagId, ownerId: card.ownerId }, context.clientAddress);
  }

  // A browser without JavaScript follows its alert's status through the address.
  const url = new URL(request.url);
  const alertId = url.searchParams.get("alert");
  const token = url.searchParams.get("token") ?? "";
  const tokens = alertTokens(services.config.dataEncryptionKey);
  const status =
    alertId && /^[0-9a-f-]{36}$/.test(alertId) && tokens.checkViewerToken(alertId, token)
      ? await alertStatus(services, alertId, card.contacts.length > 0)
      : null;

  const inputs = cardRenderInputs(request, card);
  return {
    state: "active" as const,
    tagId,
    title: `${t("card:title")} · ${card.fullName || t("card:personInNeed")}`,
    fullName: card.fullName,
    hasMedical: card.hasMedical,
    contacts: card.contacts,
    canAlert: card.contactCount > 0,
    emergencyNumber: emergencyNumberFor(inputs.readerCountry ?? card.ownerCountry),
    idempotencyKey: context.renderSeed?.idempotencyKey ?? crypto.randomUUID(),
    followed: status ? { alertId: alertId!, token, status } : null,
  };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.title} | SafeTap` : "SafeTap" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * The card inlines its stylesheet, paints before its JavaScript starts, and
 * loads only its own strings; its links reload the page, so it never needs
 * another page's strings.
 */
export const handle: InlineCssHandle & I18nNamespacesHandle & DeferScriptsHandle = {
  inlineCss: true,
  i18nNamespaces: ["common", "card", "offline"],
  deferScripts: true,
};

/** The card's data is fetched once; reveals and alerts answer with their own data. */
export const shouldRevalidate = () => false;

type ActionResult =
  | { intent: "reveal"; medical: MedicalInfo | null; limited?: boolean }
  | CardAlertResult;

export async function action({ params, request, context }: Route.ActionArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId)
    return data<ActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  const { services } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "reveal") {
    const allowed = await revealAllowed(services, tagId, context.clientAddress);
    if (!allowed.allowed) {
      return data<ActionResult>(
        { intent: "reveal", medical: null, limited: true },
        { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } },
      );
    }
    const medical = await revealMedical(services, tagId, context.clientAddress);
    return data<ActionResult>({ intent: "reveal", medical }, { status: medical ? 200 : 404 });
  }
  if (intent !== "alert")
    return data<ActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  const answer = await raiseCardAlert(services, tagId, form, request, context.clientAddress);
  return data<ActionResult>(answer.result, { status: answer.status, headers: answer.headers });
}

type LoaderData = Extract<Route.ComponentProps["loaderData"], { state: "active" }>;
type Status = NonNullable<LoaderData["followed"]>["status"];

export default function PublicCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("card");
  if (loaderData.state === "deactivated") {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <ShieldAlert className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{t("deactivated.title")}</h1>
        <p className="text-muted-foreground">{t("deactivated.body")}</p>
        <Link to="/" reloadDocument className={buttonVariants()}>
          {t("deactivated.home")}
        </Link>
      </main>
    );
  }
  const card = loaderData;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col gap-4 p-4">
      <header className="rounded-xl bg-primary p-4 text-primary-foreground">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide">
          <HeartPulse className="size-4" aria-hidden="true" /> {t("title")}
        </p>
        <h1 className="mt-1 text-3xl font-bold" data-testid="card-name">
          {card.fullName || t("personInNeed")}
        </h1>
        <p className="mt-2 text-sm opacity-90">{t("intro")}</p>
      </header>

      <OfflineBanner />

      <a
        href={`tel:${card.emergencyNumber}`}
        className="flex items-center justify-between rounded-xl border-2 border-destructive p-4 font-bold text-destructive"
        data-testid="emergency-number"
      >
        <span>{t("emergencyNumber")}</span>
        <span className="flex items-center gap-2 text-2xl">
          <Phone className="size-5" aria-hidden="true" />{" "}
          {t("callEmergency", { number: card.emergencyNumber })}
        </span>
      </a>

      <ContactsSection contacts={card.contacts} />
      {card.hasMedical ? <MedicalSection actionData={actionData} /> : null}
      <AlertSection card={card} actionData={actionData} />

      <footer className="mt-auto pt-4 text-center text-sm">
        <Link to="/" reloadDocument className="text-muted-foreground underline" title={t("home")}>
          {t("footer")}
        </Link>
      </footer>
    </main>
  );
}

function ContactsSection({ contacts }: { contacts: LoaderData["contacts"] }) {
  const { t } = useTranslation("card");
  return (
    <section aria-labelledby="contacts-title" className="rounded-xl border bg-card p-4">
      <h2 id="contacts-title" className="text-lg font-semibold">
        {t("contacts.title")}
      </h2>
      {contacts.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("contacts.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="card-contacts">
          {contacts.map((contact) => (
            <li key={`${contact.name}-${contact.value}`} className="rounded-lg bg-muted p-3">
              <p className="font-semibold">{contact.name}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {contact.channel === "email" ? (
                  <a
                    href={`mailto:${contact.value}`}
                    className={buttonVariants({ size: "sm", variant: "outline" })}
                  >
                    <Mail aria-hidden="true" /> {t("contacts.email", { name: contact.name })}
                  </a>
                ) : (
                  <>
                    <a href={`tel:${contact.value}`} className={buttonVariants({ size: "sm" })}>
                      <Phone aria-hidden="true" /> {t("contacts.call", { name: contact.name })}
                    </a>
                    <a
                      href={`sms:${contact.value}`}
                      className={buttonVariants({ size: "sm", variant: "outline" })}
                    >
                      <MessageSquareText aria-hidden="true" />{" "}
                      {t("contacts.text", { name: contact.name })}
                    </a>
                    {contact.channel === "whatsapp" ? (
                      <a
                        href={`https://wa.me/${contact.value.replace(/\D/g, "")}`}
                        className={buttonVariants({ size: "sm", variant: "outline" })}
                        rel="noopener"
                      >
                        <MessageCircle aria-hidden="true" />{" "}
                        {t("contacts.whatsapp", { name: contact.name })}
                      </a>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MedicalSection({ actionData }: { actionData: ActionResult | undefined }) {
  const { t } = useTranslation(["card", "offline"]);
  const fetcher = useFetcher<ActionResult>();
  const online = useOnline();
  const result = fetcher.data ?? actionData;
  const medical = result?.intent === "reveal" ? result.medical : null;
  const revealed = result?.intent === "reveal";
  const limited = result?.intent === "reveal" && result.limited === true;
  return (
    <section aria-labelledby="medical-title" className="rounded-xl border bg-card p-4">
      <h2 id="medical-title" className="text-lg font-semibold">
        {t("medical.title")}
      </h2>
      {!revealed ? (
        <fetcher.Form
          method="post"
          className="mt-2 space-y-3"
          onSubmit={(event) => {
            // Medical details are never kept on the device: they need the network.
            if (!navigator.onLine) event.preventDefault();
          }}
        >
          <p className="rounded-lg bg-warning/15 p-3 text-sm" role="note">
            {t("medical.warning")}
          </p>
          {online ? null : <p className="text-sm font-medium">{t("offline:medical")}</p>}
          <button
            type="submit"
            name="intent"
            value="reveal"
            className={cn(
              buttonVariants({ variant: "outline" }),
              "h-auto w-full whitespace-normal py-3",
            )}
            disabled={fetcher.state !== "idle" || !online}
          >
            {fetcher.state !== "idle" ? t("medical.revealing") : t("medical.reveal")}
          </button>
        </fetcher.Form>
      ) : medical ? (
        <dl className="mt-3 grid grid-cols-1 gap-3 text-sm" data-testid="medical-info">
          <MedicalRow label={t("medical.bloodType")} value={medical.bloodType} />
          <MedicalRow label={t("medical.allergies")} value={medical.allergies.join(", ")} />
          <MedicalRow label={t("medical.medications")} value={medical.medications.join(", ")} />
          <MedicalRow label={t("medical.notes")} value={medical.medicalNotes} />
          <MedicalRow label={t("medical.dateOfBirth")} value={medical.dateOfBirth} />
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground" role={limited ? "alert" : undefined}>
          {limited ? t("limited.reveal") : t("medical.none")}
        </p>
      )}
    </section>
  );
}

function MedicalRow({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap text-base font-semibold">{value}</dd>
    </div>
  );
}

/** Asks for the position for a few seconds; a refusal or a timeout sends the alert without it. */
function currentPosition(): Promise<{ latitude: string; longitude: string } | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8_000, maximumAge: 60_000 },
    );
  });
}

function AlertSection({
  card,
  actionData,
}: {
  card: LoaderData;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation(["card", "offline"]);
  const online = useOnline();
  const { device, busy, press } = useDeviceAlert(card.tagId);
  const alert = actionData?.intent === "alert" ? actionData : null;
  const followed =
    device?.state === "sent" && device.sent
      ? { alertId: device.sent.alertId, token: device.sent.token, count: device.sent.count }
      : alert?.ok === true
        ? { alertId: alert.alertId, token: alert.token, count: alert.count }
        : card.followed
          ? { alertId: card.followed.alertId, token: card.followed.token, count: null }
          : null;
  const status = useAlertStatus(card.tagId, followed, card.followed?.status ?? null);

  if (followed) {
    return (
      <section
        aria-labelledby="alert-title"
        className="rounded-xl border-2 border-success bg-card p-4"
        aria-live="polite"
      >
        <h2 id="alert-title" className="flex items-center gap-2 text-lg font-semibold text-success">
          <Siren className="size-5" aria-hidden="true" /> {t("alert.sent")}
        </h2>
        {followed.count !== null ? (
          <p className="mt-1 text-sm">{t("alert.sentCount", { count: followed.count })}</p>
        ) : null}
        <AlertStatusList status={status} />
        <a
          href={`/t/${encodeURIComponent(card.tagId)}?alert=${followed.alertId}&token=${followed.token}`}
          className="mt-3 inline-block text-sm text-primary underline"
        >
          {t("alert.refresh")}
        </a>
      </section>
    );
  }
  if (!card.canAlert) {
    return <p className="rounded-xl border p-4 text-sm">{t("alert.noContacts")}</p>;
  }
  if (device?.state === "queued") {
    return (
      <section
        aria-labelledby="alert-queued-title"
        className="rounded-xl border-2 border-warning bg-card p-4"
        aria-live="polite"
        data-testid="alert-queued"
      >
        <button
          type="button"
          disabled
          className={cn(
            buttonVariants({ variant: "outline", size: "lg" }),
            // Disabled, but it must stay readable: it is the card's answer to the press.
            "h-auto min-h-16 w-full whitespace-normal border-warning text-lg disabled:opacity-100",
          )}
          data-testid="send-alert"
        >
          <CloudOff className="!size-6" aria-hidden="true" />
          {online && busy ? t("offline:alert.sending") : t("offline:alert.button")}
        </button>
        <h2 id="alert-queued-title" className="mt-3 font-semibold">
          {t("offline:alert.title")}
        </h2>
        <p className="mt-1 text-sm">{t("offline:alert.body")}</p>
      </section>
    );
  }
  const failure =
    device?.state === "failed" ? device.failure : alert && !alert.ok ? alert.reason : null;
  return (
    <section aria-labelledby="alert-button-title" className="rounded-xl border bg-card p-4">
      <h2 id="alert-button-title" className="sr-only">
        {t("alert.button")}
      </h2>
      <form
        method="post"
        onSubmit={(event) => {
          // With JavaScript the alert goes through the device's queue (sent at once when online).
          event.preventDefault();
          void press();
        }}
      >
        <input type="hidden" name="intent" value="alert" />
        <input type="hidden" name="idempotencyKey" value={card.idempotencyKey} />
        <button
          type="submit"
          className={cn(
            buttonVariants({ variant: "destructive", size: "lg" }),
            "h-16 w-full text-lg",
          )}
          disabled={busy}
          data-testid="send-alert"
        >
          <Siren className="!size-6" aria-hidden="true" />
          {busy ? t("alert.sending") : t("alert.button")}
        </button>
      </form>
      <p className="mt-2 text-center text-xs text-muted-foreground">
        {online ? t("alert.locationHint") : t("offline:alert.offlineHint")}
      </p>
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg bg-destructive/10 p-3 text-sm">
          {failure === "rate_limited"
            ? t("alert.tooMany")
            : failure === "no_contacts"
              ? t("alert.noContacts")
              : failure === "expired"
                ? t("offline:alert.expired")
                : t("alert.failed")}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The alert as this device knows it (docs/decisions/051): pressing the button
 * puts the alert in the device's queue and sends the queue; without a network
 * it stays queued and goes out when the network returns (Background Sync, the
 * next `online` event or the next visit), each alert once by its key.
 */
function useDeviceAlert(tagId: string) {
  const [device, setDevice] = useState<QueuedAlert | null>(null);
  const [busy, setBusy] = useState(false);
  const tracked = useRef<string | null>(null);

  const reread = useCallback(async (store: AlertStore) => {
    const key = tracked.current;
    if (key) setDevice((await store.get(key)) ?? null);
  }, []);

  const sendNow = useCallback(
    async (store: AlertStore) => {
      if (navigator.onLine === false) return;
      if (!(await store.list()).some((alert) => alert.state === "queued")) return;
      setBusy(true);
      try {
        await sendQueuedAlerts(store);
      } finally {
        setBusy(false);
      }
      await reread(store);
      if ((await store.list()).some((alert) => alert.state === "queued")) requestAlertSync();
    },
    [reread],
  );

  useEffect(() => {
    let store: AlertStore | null = null;
    let stopped = false;
    const channel =
      typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(ALERT_CHANNEL);
    const onOnline = () => {
      if (store) void sendNow(store).catch(() => undefined);
    };
    void (async () => {
      store = await openAlertStore();
      if (stopped) return;
      await pruneSettled(store);
      // An alert still queued for this card from an earlier visit: show it and try again.
      const queued = queuedAlertFor(await store.list(), tagId);
      if (queued) {
        tracked.current = queued.key;
        setDevice(queued);
      }
      await sendNow(store);
    })().catch(() => undefined);
    window.addEventListener("online", onOnline);
    channel?.addEventListener("message", () => {
      if (store) void reread(store).catch(() => undefined);
    });
    return () => {
      stopped = true;
      window.removeEventListener("online", onOnline);
      channel?.close();
    };
  }, [tagId, sendNow, reread]);

  const press = useCallback(async () => {
    setBusy(true);
    try {
      const position = await currentPosition();
      let store: AlertStore | null = null;
      try {
        store = await openAlertStore();
      } catch {
        // No IndexedDB (storage disabled): send without a queue.
      }
      if (!store) {
        const alert = await sendWithoutQueue(tagId, position);
        setDevice(alert);
        return;
      }
      const alert = await enqueueAlert(store, { tagId, position });
      tracked.current = alert.key;
      setDevice(alert);
      if (navigator.onLine === false) requestAlertSync();
      else await sendNow(store);
    } finally {
      setBusy(false);
    }
  }, [tagId, sendNow]);

  return { device, busy, press };
}

/** Where IndexedDB is missing: one attempt; a failed one is shown, not kept. */
async function sendWithoutQueue(
  tagId: string,
  position: { latitude: string; longitude: string } | null,
): Promise<QueuedAlert> {
  const memory = new Map<string, QueuedAlert>();
  const store: AlertStore = {
    list: async () => [...memory.values()],
    get: async (key) => memory.get(key),
    put: async (alert) => void memory.set(alert.key, alert),
    delete: async (key) => void memory.delete(key),
  };
  const alert = await enqueueAlert(store, { tagId, position });
  await flushAlertQueue(store, httpAlertSender());
  const result = memory.get(alert.key) ?? alert;
  return result.state === "queued" ? { ...result, state: "failed", failure: "invalid" } : result;
}

/** Asks the service worker to send the queue when the network returns (Background Sync). */
function requestAlertSync() {
  void navigator.serviceWorker?.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & {
          sync?: { register(tag: string): Promise<void> };
        }
      ).sync?.register(ALERT_SYNC_TAG),
    )
    .catch(() => undefined);
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser believes it has a network; the server render assumes it does. */
function useOnline() {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

function OfflineBanner() {
  const { t } = useTranslation("offline");
  if (useOnline()) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border-2 border-warning bg-warning/15 p-4"
      data-testid="offline-banner"
    >
      <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("banner.title")}</p>
        <p className="mt-1 text-sm">{t("banner.body")}</p>
      </div>
    </div>
  );
}

/** Polls the alert's status every few seconds while someone may still answer. */
function useAlertStatus(
  tagId: string,
  followed: { alertId: string; token: string } | null,
  initial: Status | null,
) {
  const [status, setStatus] = useState<Status | null>(initial);
  const alertId = followed?.alertId;
  const token = followed?.token;
  useEffect(() => {
    if (!alertId || !token) return;
    let stopped = false;
    const started = Date.now();
    const poll = async () => {
      try {
        const response = await fetch(
          `/t/${encodeURIComponent(tagId)}/status?alert=${alertId}&token=${token}`,
          { headers: { accept: "application/json" } },
        );
        if (response.ok) setStatus((await response.json()) as Status);
      } catch {
        // offline for a moment: the next poll tries again
      }
      if (!stopped && Date.now() - started < 30 * 60_000) timer = window.setTimeout(poll, 3_000);
    };
    let timer = window.setTimeout(poll, 300);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [tagId, alertId, token]);
  return status;
}

function AlertStatusList({ status }: { status: Status | null }) {
  const { t } = useTranslation("card");
  if (!status) return null;
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold">{t("alert.statusTitle")}</h3>
      <ul className="mt-2 space-y-2" data-testid="alert-status">
        {status.contacts.map((contact) => (
          <li
            key={contact.name}
            className="flex items-center justify-between rounded-lg bg-muted p-2 text-sm"
          >
            <span className="font-medium">{contact.name}</span>
            <span className={cn(contact.acknowledged && "font-semibold text-success")}>
              {contact.acknowledged
                ? contact.name.startsWith("#")
                  ? t("alert.someoneOnTheWay")
                  : t("alert.onTheWay", { name: contact.name })
                : t(`alert.state.${contact.state}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
