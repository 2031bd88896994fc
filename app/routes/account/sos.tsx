import { MapPin, Siren } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { LiveShare } from "#app/components/card/live-share.tsx";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { CANCEL_WINDOW_MS } from "#core/alert-links.ts";
import type { Route } from "./+types/sos";
import { type SosActionData, sosAction, sosContacts } from "./sos.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/auth");
  const t = requestTranslator(request);
  return {
    seo: { title: t("pages.sos.title"), description: t("pages.sos.description") },
    contacts: await sosContacts(context, user.id),
    key: crypto.randomUUID(),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

export const action = ({ request, context }: Route.ActionArgs) => sosAction(request, context);

type Position = { latitude: string; longitude: string } | "unavailable" | null;

function usePosition(): Position {
  const [position, setPosition] = useState<Position>(null);
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

/** Seconds left to cancel, counted from when the answer arrived in this browser. */
function useCancelCountdown(sentAt: number | null) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!sentAt) return;
    const started = Date.now();
    const tick = () =>
      setLeft(Math.max(0, Math.ceil((CANCEL_WINDOW_MS - (Date.now() - started)) / 1000)));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return left;
}

export default function Sos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const position = usePosition();
  const [key, setKey] = useState(loaderData.key);
  // One pair of fetchers per send, named by its idempotency key: after "Send Another
  // Alert" (a new key) nothing of the previous send's answers, or its cancel, is left.
  const send = useFetcher<SosActionData>({ key: `sos-${key}` });
  const cancel = useFetcher<SosActionData>({ key: `sos-cancel-${key}` });
  // Without JavaScript the page is posted and re-rendered with the action's answer;
  // it belongs to the page as loaded, until "Send Another Alert" starts a new send.
  const [pagePosted, setPagePosted] = useState(true);
  const posted = pagePosted ? (actionData as SosActionData | undefined) : undefined;
  const result = send.data ?? (posted?.intent === "sos" ? posted : undefined);
  const sent = result?.intent === "sos" && result.ok ? result : null;
  const left = useCancelCountdown(sent?.sentAt ?? null);
  const cancelledAnswer = cancel.data ?? (posted?.intent === "cancel" ? posted : undefined);
  const cancelled = cancelledAnswer?.intent === "cancel" ? cancelledAnswer : null;
  const hasContacts = loaderData.contacts.length > 0;
  const busy = send.state !== "idle";

  if (sent) {
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
            <LiveShare alertId={sent.alertId} />
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
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setKey(crypto.randomUUID());
                  setPagePosted(false);
                }}
              >
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
      {result && !result.ok ? <Notice notice={result.notice} /> : null}
      {/* A cancel posted without JavaScript comes back here. */}
      <Notice notice={cancelled?.notice} />
      <send.Form method="post">
        <input type="hidden" name="intent" value="sos" />
        <input type="hidden" name="idempotencyKey" value={key} />
        {position && position !== "unavailable" ? (
          <>
            <input type="hidden" name="latitude" value={position.latitude} />
            <input type="hidden" name="longitude" value={position.longitude} />
          </>
        ) : null}
        <button
          type="submit"
          className={cn(
            buttonVariants({ variant: "destructive", size: "lg" }),
            "h-20 w-full text-xl",
          )}
          disabled={!hasContacts || busy}
        >
          <Siren className="!size-7" aria-hidden="true" /> {busy ? t("sos.sending") : t("sos.send")}
        </button>
      </send.Form>
      <section className="rounded-xl border p-4 text-sm">
        <h2 className="font-semibold">{t("sos.howTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          <li>{t("sos.how1")}</li>
          <li>{t("sos.how2")}</li>
          <li>{t("sos.how3")}</li>
          <li>{t("sos.how4")}</li>
        </ul>
      </section>
    </main>
  );
}
