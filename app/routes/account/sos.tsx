import { and, asc, eq } from "drizzle-orm";
import { MapPin, Siren } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, useFetcher } from "react-router";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { CANCEL_WINDOW_MS, mapUrl } from "#core/alert-links.ts";
import { cancelSos } from "#server/alerts/cancel.ts";
import { isIdempotencyKey, parseLocation, raiseAlert } from "#server/alerts/create.ts";
import { tags } from "#server/db/schema.ts";
import { listContacts } from "#server/domain/contacts.ts";
import type { Route } from "./+types/sos";

/** SOS reads the user's first active tag (spec section 7). */
async function firstActiveTag(context: Route.LoaderArgs["context"], userId: string) {
  const [tag] = await context.services.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.userId, userId), eq(tags.isActive, true), eq(tags.isLost, false)))
    .orderBy(asc(tags.linkedAt))
    .limit(1);
  return tag ?? null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/auth");
  const { db, cipher } = context.services;
  const t = requestTranslator(request);
  const contacts = await listContacts(db, cipher, user.id);
  return {
    seo: { title: t("pages.sos.title"), description: t("pages.sos.description") },
    contacts: contacts.map((c) => ({ id: c.id, name: c.name, channel: c.channel })),
    key: crypto.randomUUID(),
  };
}
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

type ActionData =
  | { intent: "sos"; ok: true; alertId: string; count: number; map: string | null; sentAt: number }
  | { intent: "sos" | "cancel"; ok: false; notice: NoticeData }
  | { intent: "cancel"; ok: true; notice: NoticeData };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/auth");
  const form = await request.formData();
  if (form.get("intent") === "cancel") {
    const alertId = String(form.get("alertId") ?? "");
    const result = /^[0-9a-f-]{36}$/.test(alertId)
      ? await cancelSos(context.services, user.id, alertId)
      : ({ ok: false, reason: "not_found" } as const);
    return result.ok
      ? data<ActionData>({
          intent: "cancel",
          ok: true,
          notice: {
            tone: "success",
            title: "account:sos.cancelled",
            description: "account:sos.cancelledBody",
          },
        })
      : data<ActionData>(
          { intent: "cancel", ok: false, notice: { tone: "error", title: "account:sos.tooLate" } },
          { status: 409 },
        );
  }
  const fail = (description: string, status: number) =>
    data<ActionData>(
      {
        intent: "sos",
        ok: false,
        notice: { tone: "error", title: "account:sos.failed", description },
      },
      { status },
    );
  const tag = await firstActiveTag(context, user.id);
  if (!tag) return fail("account:sos.noTag", 409);
  const key = form.get("idempotencyKey");
  if (!isIdempotencyKey(key)) return fail("errors.generic", 400);
  const location = parseLocation(form.get("latitude"), form.get("longitude"));
  const raised = await raiseAlert(context.services, {
    source: "sos",
    userId: user.id,
    tagId: tag.id,
    idempotencyKey: key,
    location,
    clientAddress: context.clientAddress,
  });
  if (raised.contactsReached === 0) return fail("account:sos.noContacts", 409);
  return data<ActionData>({
    intent: "sos",
    ok: true,
    alertId: raised.alertId,
    count: raised.contactsReached,
    map: location ? mapUrl(location.latitude.toFixed(6), location.longitude.toFixed(6)) : null,
    sentAt: Date.now(),
  });
}

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
  const send = useFetcher<ActionData>({ key: `sos-${key}` });
  const cancel = useFetcher<ActionData>({ key: `sos-cancel-${key}` });
  // Without JavaScript the page is posted and re-rendered with the action's answer;
  // it belongs to the page as loaded, until "Send Another Alert" starts a new send.
  const [pagePosted, setPagePosted] = useState(true);
  const posted = pagePosted ? (actionData as ActionData | undefined) : undefined;
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
