import { isbot } from "isbot";
import {
  HeartPulse,
  Mail,
  MessageCircle,
  MessageSquareText,
  Phone,
  ShieldAlert,
  Siren,
} from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher } from "react-router";
import { isIdempotencyKey, parseLocation, raiseAlert } from "../../server/alerts/create.ts";
import { alertTokens } from "../../server/alerts/tokens.ts";
import {
  alertStatus,
  loadPublicCard,
  type MedicalInfo,
  normaliseTagId,
  recordScan,
  revealMedical,
} from "../../server/domain/public-card.ts";
import { consumeAll } from "../../server/security/rate-limit.ts";
import { buttonVariants } from "../components/ui/button.tsx";
import { cn } from "../lib/cn.ts";
import { countryFromAcceptLanguage, emergencyNumberFor } from "../lib/emergency-numbers.ts";
import { requestTranslator } from "../lib/i18n.server.ts";
import type { InlineCssHandle } from "../lib/inline-css.tsx";
import type { Route } from "./+types/card";

/** Public alerts are limited per tag and per client address (DESIGN 3.4). */
const CARD_ALERT_RULES = {
  tag: { name: "card-alert:tag", points: 5, windowSeconds: 600 },
  address: { name: "card-alert:address", points: 10, windowSeconds: 3600 },
};

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
  // A view is the GET. The page rendered again after a form post (an alert or a
  // reveal without JavaScript, or a refused one) is the same person, not a new scan.
  const bot = isbot(request.headers.get("user-agent"));
  if (!bot && request.method === "GET") {
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

  const readerCountry = countryFromAcceptLanguage(request.headers.get("accept-language"));
  return {
    state: "active" as const,
    tagId,
    title: `${t("card:title")} · ${card.fullName || t("card:personInNeed")}`,
    fullName: card.fullName,
    hasMedical: card.hasMedical,
    contacts: card.contacts,
    canAlert: card.contactCount > 0,
    emergencyNumber: emergencyNumberFor(readerCountry ?? card.ownerCountry),
    idempotencyKey: crypto.randomUUID(),
    followed: status ? { alertId: alertId!, token, status } : null,
  };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data ? `${data.title} | SafeTap` : "SafeTap" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: InlineCssHandle = { inlineCss: true };

/** The card's data is fetched once; reveals and alerts answer with their own data. */
export const shouldRevalidate = () => false;

type ActionResult =
  | { intent: "reveal"; medical: MedicalInfo | null }
  | { intent: "alert"; ok: true; alertId: string; token: string; count: number }
  | { intent: "alert"; ok: false; reason: "no_contacts" | "rate_limited" | "refused" | "invalid" };

export async function action({ params, request, context }: Route.ActionArgs) {
  const tagId = normaliseTagId(params.tagId);
  if (!tagId)
    return data<ActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  const { services } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "reveal") {
    const medical = await revealMedical(services, tagId, context.clientAddress);
    return data<ActionResult>({ intent: "reveal", medical }, { status: medical ? 200 : 404 });
  }
  if (intent !== "alert")
    return data<ActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  if (isbot(request.headers.get("user-agent"))) {
    return data<ActionResult>({ intent: "alert", ok: false, reason: "refused" }, { status: 403 });
  }
  const key = form.get("idempotencyKey");
  if (!isIdempotencyKey(key))
    return data<ActionResult>({ intent: "alert", ok: false, reason: "invalid" }, { status: 400 });
  const card = await loadPublicCard(services, tagId);
  if (card.state !== "active")
    return data<ActionResult>({ intent: "alert", ok: false, reason: "refused" }, { status: 404 });
  if (card.contactCount === 0) {
    return data<ActionResult>(
      { intent: "alert", ok: false, reason: "no_contacts" },
      { status: 409 },
    );
  }
  const limited = await consumeAll(services.limiter, [
    [CARD_ALERT_RULES.tag, tagId],
    [CARD_ALERT_RULES.address, context.clientAddress],
  ]);
  if (!limited.allowed) {
    return data<ActionResult>(
      { intent: "alert", ok: false, reason: "rate_limited" },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const raised = await raiseAlert(services, {
    source: "card",
    userId: card.ownerId,
    tagId,
    idempotencyKey: key,
    location: parseLocation(form.get("latitude"), form.get("longitude")),
    clientAddress: context.clientAddress,
  });
  return data<ActionResult>({
    intent: "alert",
    ok: true,
    alertId: raised.alertId,
    token: raised.viewerToken,
    count: raised.contactsReached,
  });
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
        <Link to="/" className={buttonVariants()}>
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
        <Link to="/" className="text-muted-foreground underline" aria-label={t("home")}>
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
  const { t } = useTranslation("card");
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data ?? actionData;
  const medical = result?.intent === "reveal" ? result.medical : null;
  const revealed = result?.intent === "reveal";
  return (
    <section aria-labelledby="medical-title" className="rounded-xl border bg-card p-4">
      <h2 id="medical-title" className="text-lg font-semibold">
        {t("medical.title")}
      </h2>
      {!revealed ? (
        <fetcher.Form method="post" className="mt-2 space-y-3">
          <p className="rounded-lg bg-warning/15 p-3 text-sm" role="note">
            {t("medical.warning")}
          </p>
          <button
            type="submit"
            name="intent"
            value="reveal"
            className={cn(
              buttonVariants({ variant: "outline" }),
              "h-auto w-full whitespace-normal py-3",
            )}
            disabled={fetcher.state !== "idle"}
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
        <p className="mt-2 text-sm text-muted-foreground">{t("medical.none")}</p>
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
  const { t } = useTranslation("card");
  const fetcher = useFetcher<ActionResult>();
  const [locating, setLocating] = useState(false);
  const result = fetcher.data ?? actionData;
  const alert = result?.intent === "alert" ? result : null;
  const followed =
    alert?.ok === true
      ? { alertId: alert.alertId, token: alert.token }
      : card.followed
        ? { alertId: card.followed.alertId, token: card.followed.token }
        : null;
  const status = useAlertStatus(card.tagId, followed, card.followed?.status ?? null);
  const busy = locating || fetcher.state !== "idle";

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
        {alert?.ok ? (
          <p className="mt-1 text-sm">{t("alert.sentCount", { count: alert.count })}</p>
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
  const failure = alert && !alert.ok ? alert.reason : null;
  return (
    <section aria-labelledby="alert-button-title" className="rounded-xl border bg-card p-4">
      <h2 id="alert-button-title" className="sr-only">
        {t("alert.button")}
      </h2>
      <fetcher.Form
        method="post"
        onSubmit={async (event) => {
          // Ask for the position first; the form still posts if the browser says no.
          event.preventDefault();
          const form = event.currentTarget;
          setLocating(true);
          const position = await currentPosition();
          setLocating(false);
          const body = new FormData(form);
          if (position) {
            body.set("latitude", position.latitude);
            body.set("longitude", position.longitude);
          }
          fetcher.submit(body, { method: "post" });
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
      </fetcher.Form>
      <p className="mt-2 text-center text-xs text-muted-foreground">{t("alert.locationHint")}</p>
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg bg-destructive/10 p-3 text-sm">
          {failure === "rate_limited"
            ? t("alert.tooMany")
            : failure === "no_contacts"
              ? t("alert.noContacts")
              : t("alert.failed")}
        </p>
      ) : null}
    </section>
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
