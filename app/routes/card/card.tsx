import {
  CloudOff,
  HeartPulse,
  Mail,
  MapPin,
  MessageCircle,
  MessageSquareText,
  Phone,
  Siren,
} from "lucide-react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher } from "react-router";
import { ACTION_BAR_SPACE, CardActionBar } from "#app/components/card/action-bar.tsx";
import { CardLanguageLinks } from "#app/components/card/language-links.tsx";
import { type FoundResult, LostCard } from "#app/components/card/lost-card.tsx";
import { NotFoundCard } from "#app/components/card/not-found-card.tsx";
import { SentAgo } from "#app/components/card/sent-ago.tsx";
import {
  currentPosition,
  type Position,
  useLocalEmergencyNumber,
} from "#app/components/card/use-local-emergency-number.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import {
  type AlertStore,
  enqueueAlert,
  flushAlertQueue,
  httpAlertSender,
  latestSettledFor,
  pruneSettled,
  type QueuedAlert,
  queuedAlertFor,
} from "#app/lib/alert-queue.ts";
import { openAlertStore, sendQueuedAlerts } from "#app/lib/alert-queue-idb.ts";
import { cn } from "#app/lib/cn.ts";
import type { DeferScriptsHandle } from "#app/lib/deferred-scripts.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import type { I18nNamespacesHandle } from "#app/lib/i18n.ts";
import type { InlineCssHandle } from "#app/lib/inline-css.tsx";
import { countryFromAcceptLanguage, emergencyNumberFor } from "#core/emergency-numbers.ts";
import { ALERT_CHANNEL, ALERT_SYNC_TAG } from "#core/offline.ts";
import { alertTokens } from "#server/alerts/tokens.ts";
import { notifyOwnerTagFound } from "#server/domain/found-tag.ts";
import {
  alertStatus,
  cardRenderInputs,
  countsAsScan,
  loadPublicCard,
  type MedicalInfo,
  normaliseTagId,
  recordScan,
  revealMedical,
} from "#server/domain/public-card.ts";
import { revealAllowed } from "#server/security/card-harvest.ts";
import type { Route } from "./+types/card";
import { type CardAlertResult, raiseCardAlert } from "./alert.server.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId) throw redirect("/");
  const { services } = context;
  const card = await loadPublicCard(services, tagId);
  const t = requestTranslator(request);
  const readerCountry = countryFromAcceptLanguage(request.headers.get("accept-language"));
  if (card.state === "missing") {
    // Spec 'Tag not found', with the emergency number and a field to type the id again.
    return data(
      {
        state: "missing" as const,
        tagId,
        title: t("card:notFound.title"),
        emergencyNumber: emergencyNumberFor(readerCountry),
      },
      { status: 404 },
    );
  }
  if (card.state === "unclaimed") throw redirect(`/claim/${encodeURIComponent(tagId)}`);
  if (card.state === "deactivated") {
    return {
      state: "deactivated" as const,
      tagId,
      title: t("card:deactivated.title"),
      emergencyNumber: emergencyNumberFor(readerCountry ?? card.ownerCountry),
    };
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

/** An alert posted without JavaScript carries the medical details the page was showing. */
type AlertActionResult = CardAlertResult & { medical?: MedicalInfo | null };
type ActionResult =
  | { intent: "reveal"; medical: MedicalInfo | null; limited?: boolean }
  | AlertActionResult
  | FoundResult;

const FOUND_STATUS = { refused: 404, too_long: 400, rate_limited: 429, failed: 503 } as const;

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
  if (intent === "found") {
    const found = await notifyOwnerTagFound(services, {
      tagId,
      message: form.get("message"),
      clientAddress: context.clientAddress,
    });
    return data<ActionResult>(
      { intent: "found", ...found },
      { status: found.ok ? 200 : FOUND_STATUS[found.reason] },
    );
  }
  if (intent !== "alert")
    return data<ActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  const answer = await raiseCardAlert(services, tagId, form, request, context.clientAddress);
  // Without JavaScript the alert is a new page: it keeps the medical section open.
  // The reveal's own limit applies here too, so alerts cannot be used to harvest.
  const reshow =
    form.get("medical") === "shown" &&
    (await revealAllowed(services, tagId, context.clientAddress)).allowed;
  const medical = reshow
    ? { medical: await revealMedical(services, tagId, context.clientAddress) }
    : {};
  return data<ActionResult>(
    { ...answer.result, ...medical },
    { status: answer.status, headers: answer.headers },
  );
}

type LoaderData = Extract<Route.ComponentProps["loaderData"], { state: "active" }>;
type Followed = {
  alertId: string;
  token: string;
  count: number | null;
  /** sent: this phone's alert; already: refused as too many, the card's earlier one. */
  kind: "sent" | "already";
  since: string | number;
};
type Status = NonNullable<LoaderData["followed"]>["status"];

export default function PublicCard({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "missing") {
    return <NotFoundCard tagId={loaderData.tagId} emergencyNumber={loaderData.emergencyNumber} />;
  }
  if (loaderData.state === "deactivated") {
    return (
      <LostCard
        emergencyNumber={loaderData.emergencyNumber}
        actionData={actionData?.intent === "found" ? actionData : undefined}
      />
    );
  }
  return <ActiveCard card={loaderData} actionData={actionData} />;
}

function ActiveCard({
  card,
  actionData,
}: {
  card: LoaderData;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("card");
  const emergency = useLocalEmergencyNumber(card.emergencyNumber);
  // Shown after a reveal posted without JavaScript: an alert posted next keeps it open.
  const medicalShown = Boolean(
    (actionData?.intent === "reveal" || actionData?.intent === "alert") && actionData.medical,
  );
  const followQuery = card.followed
    ? { alert: card.followed.alertId, token: card.followed.token }
    : actionData?.intent === "alert" && actionData.ok
      ? { alert: actionData.alertId, token: actionData.token }
      : undefined;
  return (
    <main className={`mx-auto flex min-h-dvh max-w-md flex-col gap-4 p-4 ${ACTION_BAR_SPACE}`}>
      <CardLanguageLinks keep={followQuery} />
      <header className="rounded-xl bg-primary p-4 text-primary-foreground">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide">
          <HeartPulse className="size-4" aria-hidden="true" /> {t("title")}
        </p>
        <h1 className="mt-1 text-3xl font-bold" data-testid="card-name">
          {card.fullName || t("personInNeed")}
        </h1>
        <p className="mt-2 text-sm opacity-90">{t("intro")}</p>
      </header>

      <AlertSection
        card={card}
        actionData={actionData}
        emergencyNumber={emergency.number}
        onPosition={emergency.fromPosition}
        medicalShown={medicalShown}
      />

      <OfflineBanner />

      <ContactsSection contacts={card.contacts} />
      {card.hasMedical ? <MedicalSection actionData={actionData} /> : null}

      <LocateButton onLocate={emergency.locate} />

      <footer className="mt-auto pt-4 text-center text-sm">
        <Link to="/" reloadDocument className="text-muted-foreground underline" title={t("home")}>
          {t("footer")}
        </Link>
      </footer>
    </main>
  );
}

/** Offers the number of the country the phone is in; shown once the page runs. */
function LocateButton({ onLocate }: { onLocate: () => Promise<void> }) {
  const { t } = useTranslation("card");
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setReady("geolocation" in navigator), []);
  if (!ready) return null;
  return (
    <button
      type="button"
      className="mx-auto flex items-center gap-1 text-sm text-muted-foreground underline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onLocate().finally(() => setBusy(false));
      }}
    >
      <MapPin className="size-4" aria-hidden="true" /> {t("location.use")}
    </button>
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
  // A reveal, or an alert posted without JavaScript from a page showing the details.
  const revealed =
    result?.intent === "reveal" || (result?.intent === "alert" && result.medical !== undefined);
  const medical =
    result?.intent === "reveal" || result?.intent === "alert" ? (result.medical ?? null) : null;
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

function AlertSection({
  card,
  actionData,
  emergencyNumber,
  onPosition,
  medicalShown,
}: {
  card: LoaderData;
  actionData: ActionResult | undefined;
  emergencyNumber: string;
  onPosition: (position: Position | null) => void;
  medicalShown: boolean;
}) {
  const { t } = useTranslation(["card", "offline"]);
  const online = useOnline();
  const { device, busy, press } = useDeviceAlert(card.tagId, onPosition);
  const alert = actionData?.intent === "alert" ? actionData : null;
  // Only the server's answer to a send (kept on this phone, or this page's
  // form post) or a status link it signed ever shows "sent".
  const followed: Followed | null = device
    ? device.state === "sent" && device.sent
      ? { ...device.sent, kind: "sent", since: device.settledAt ?? device.pressedAt }
      : device.state === "failed" && device.recent
        ? { ...device.recent, count: null, kind: "already", since: device.recent.raisedAt }
        : null
    : alert?.ok === true
      ? {
          alertId: alert.alertId,
          token: alert.token,
          count: alert.count,
          kind: "sent",
          since: Date.now(),
        }
      : alert && !alert.ok && alert.recent
        ? { ...alert.recent, count: null, kind: "already", since: alert.recent.raisedAt }
        : card.followed
          ? {
              alertId: card.followed.alertId,
              token: card.followed.token,
              count: null,
              kind: "sent",
              since: card.followed.status.raisedAt,
            }
          : null;
  const status = useAlertStatus(
    card.tagId,
    followed,
    followed?.alertId === card.followed?.alertId ? (card.followed?.status ?? null) : null,
  );
  const queued = !followed && device?.state === "queued";
  const failure = followed
    ? null
    : device?.state === "failed"
      ? device.failure
      : alert && !alert.ok
        ? alert.reason
        : null;

  const button = !card.canAlert ? null : queued ? (
    <button
      type="button"
      disabled
      className={cn(
        buttonVariants({ variant: "outline", size: "lg" }),
        // Disabled, but it must stay readable: it is the card's answer to the press.
        "h-auto min-h-14 w-full whitespace-normal border-warning px-2 text-base disabled:opacity-100",
      )}
      data-testid="send-alert"
    >
      <CloudOff className="!size-5" aria-hidden="true" />
      {online && busy ? t("offline:alert.sending") : t("offline:alert.button")}
    </button>
  ) : (
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
      {medicalShown ? <input type="hidden" name="medical" value="shown" /> : null}
      <button
        type="submit"
        className={cn(
          buttonVariants({ variant: followed ? "outline" : "destructive", size: "lg" }),
          "h-auto min-h-14 w-full whitespace-normal px-2 text-base leading-tight",
        )}
        disabled={busy}
        data-testid="send-alert"
      >
        {/* Beside the call button on a narrow phone, the words need the room. */}
        <Siren className="hidden !size-5 min-[400px]:inline" aria-hidden="true" />
        {busy ? t("alert.sending") : followed ? t("recent.again") : t("alert.button")}
      </button>
    </form>
  );

  return (
    <>
      <CardActionBar emergencyNumber={emergencyNumber}>{button}</CardActionBar>
      {followed ? (
        <section
          aria-labelledby="alert-title"
          className={cn(
            "rounded-xl border-2 bg-card p-4",
            followed.kind === "sent" ? "border-success" : "border-warning",
          )}
          aria-live="polite"
          data-testid="alert-followed"
        >
          <h2
            id="alert-title"
            className={cn(
              "flex items-center gap-2 text-lg font-semibold",
              followed.kind === "sent" && "text-success",
            )}
          >
            <Siren className="size-5" aria-hidden="true" />{" "}
            {followed.kind === "sent" ? t("alert.sent") : t("recent.already")}
          </h2>
          <SentAgo since={status?.raisedAt ?? followed.since} />
          {followed.count !== null ? (
            <p className="mt-1 text-sm">{t("alert.sentCount", { count: followed.count })}</p>
          ) : null}
          {followed.kind === "already" ? (
            <p className="mt-1 text-sm">{t("recent.alreadyBody")}</p>
          ) : null}
          <AlertStatusList status={status} />
          {followed.kind === "already" ? <CallButtons contacts={card.contacts} /> : null}
          <p className="mt-3 text-xs text-muted-foreground">{t("recent.againHint")}</p>
          <a
            href={`/t/${encodeURIComponent(card.tagId)}?alert=${followed.alertId}&token=${followed.token}`}
            className="mt-2 inline-block text-sm text-primary underline"
          >
            {t("alert.refresh")}
          </a>
        </section>
      ) : !card.canAlert ? (
        <p className="rounded-xl border p-4 text-sm">{t("alert.noContacts")}</p>
      ) : queued ? (
        <section
          aria-labelledby="alert-queued-title"
          className="rounded-xl border-2 border-warning bg-card p-4"
          aria-live="polite"
          data-testid="alert-queued"
        >
          <h2 id="alert-queued-title" className="font-semibold">
            {t("offline:alert.title")}
          </h2>
          <p className="mt-1 text-sm">{t("offline:alert.body")}</p>
        </section>
      ) : failure ? (
        <div
          role="alert"
          className="rounded-xl border-2 border-destructive bg-destructive/10 p-4 text-sm"
        >
          <p>
            {failure === "rate_limited"
              ? t("recent.limited")
              : failure === "no_contacts"
                ? t("alert.noContacts")
                : failure === "expired"
                  ? t("offline:alert.expired")
                  : t("alert.failed")}
          </p>
          <CallButtons contacts={card.contacts} />
        </div>
      ) : (
        <p className="text-center text-xs text-muted-foreground">
          {online ? t("alert.locationHint") : t("offline:alert.offlineHint")}
        </p>
      )}
    </>
  );
}

/** The contacts' call links again, beside a refusal: calling is what is left to do. */
function CallButtons({ contacts }: { contacts: LoaderData["contacts"] }) {
  const { t } = useTranslation("card");
  const phones = contacts.filter((contact) => contact.channel !== "email");
  if (phones.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {phones.map((contact) => (
        <a
          key={`${contact.name}-${contact.value}`}
          href={`tel:${contact.value}`}
          className={buttonVariants({ size: "sm" })}
        >
          <Phone aria-hidden="true" /> {t("contacts.call", { name: contact.name })}
        </a>
      ))}
    </div>
  );
}

/**
 * The alert as this device knows it (docs/decisions/051): pressing the button
 * puts the alert in the device's queue and sends the queue; without a network
 * it stays queued and goes out when the network returns (Background Sync, the
 * next `online` event or the next visit), each alert once by its key.
 */
function useDeviceAlert(tagId: string, onPosition: (position: Position | null) => void) {
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
      // An alert still queued for this card from an earlier visit: show it and try
      // again. Else the last one that reached the contacts: a reload or a second
      // scan shows "Alert sent N min ago" before anyone presses again.
      const alerts = await store.list();
      const known = queuedAlertFor(alerts, tagId) ?? latestSettledFor(alerts, tagId);
      if (known) {
        tracked.current = known.key;
        setDevice(known);
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
      onPosition(position);
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
  }, [tagId, sendNow, onPosition]);

  return { device, busy, press };
}

/** Where IndexedDB is missing: one attempt; a failed one is shown, not kept. */
async function sendWithoutQueue(tagId: string, position: Position | null): Promise<QueuedAlert> {
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
