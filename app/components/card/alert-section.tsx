import { CloudOff, Siren } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { AlertStatus } from "#server/domain/public-card.ts";
import { CardActionBar } from "./action-bar.tsx";
import type { ActiveCardData, CardActionResult } from "./card-data.ts";
import { CallButtons } from "./contacts-section.tsx";
import { SentAgo } from "./sent-ago.tsx";
import { useAlertStatus, useDeviceAlert } from "./use-card-alert.ts";
import type { Position } from "./use-local-emergency-number.ts";
import { useOnline } from "./use-online.ts";

type Followed = {
  alertId: string;
  token: string;
  count: number | null;
  /** sent: this phone's alert; already: refused as too many, the card's earlier one. */
  kind: "sent" | "already";
  since: string | number;
};

/**
 * "Send Emergency Alert" in the action bar and what became of the press: sent
 * (and each contact's state), queued on the phone, refused, or failed.
 */
export function AlertSection({
  card,
  actionData,
  emergencyNumber,
  onPosition,
  medicalShown,
}: {
  card: ActiveCardData;
  actionData: CardActionResult | undefined;
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
      {device?.busy
        ? t("offline:alert.busyButton")
        : online && busy
          ? t("offline:alert.sending")
          : t("offline:alert.button")}
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
          {followed.kind === "sent" ? (
            <LiveShareSlot alertId={followed.alertId} token={followed.token} />
          ) : null}
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
            {device?.busy ? t("offline:alert.busyTitle") : t("offline:alert.title")}
          </h2>
          <p className="mt-1 text-sm">
            {device?.busy ? t("offline:alert.busyBody") : t("offline:alert.body")}
          </p>
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
                  : failure === "busy"
                    ? t("alert.busy")
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

/** Loaded only once an alert was sent from this phone: the card's first paint never pays for it. */
const LiveShare = lazy(() => import("./live-share.tsx").then((m) => ({ default: m.LiveShare })));

/** Live sharing needs the phone's JavaScript (its position as it moves), so it starts in the browser. */
function LiveShareSlot({ alertId, token }: { alertId: string; token: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LiveShare alertId={alertId} token={token} />
    </Suspense>
  );
}

function AlertStatusList({ status }: { status: AlertStatus | null }) {
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
