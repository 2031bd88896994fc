import { ArrowLeft, BellRing, Check, Undo2 } from "lucide-react";
import { useEffect, useEffectEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Form,
  Link,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useNavigation,
  useRevalidator,
} from "react-router";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import type { OrgFormAnswer } from "#app/components/org/form-answer.ts";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import {
  applyFeedEvent,
  DrillBadge,
  matchesSearch,
  type RollCallPerson,
  TimelineLine,
} from "#app/components/org/roll-call-parts.tsx";
import { ScanControls } from "#app/components/reader/scan-controls.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { MAX_SCAN_INPUT } from "#core/reader.ts";
import { type RollCallFeedEvent, rollCallEventsPath } from "#core/roll-call.ts";
import type { Route } from "./+types/roll-call";
import { rollCallAction, rollCallPage } from "./roll-call.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  rollCallPage(request, context, params.slug, params.rollCallId);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  rollCallAction(request, context, params.slug, params.rollCallId);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/** Marks reach the page through its live feed; reloading everything after each would be waste. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "mark" || intent === "unmark" || intent === "scan") return false;
  return defaultShouldRevalidate;
}

type PageData = Route.ComponentProps["loaderData"];

/**
 * One roll call (issue 17 item 2, decision 143). Open: counts, the unaccounted and safe lists
 * (search, tap to mark safe, undo), scanning, "Alert contacts now" and End; every staff phone's
 * marks arrive live. Ended: the frozen report.
 */
export default function RollCallPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("roll-call");
  const { rollCall } = loaderData;
  return (
    <div className="space-y-5" data-testid="roll-call-page" data-open={rollCall.open}>
      {rollCall.drill ? (
        <p
          className="rounded-lg border-2 border-amber-400 bg-amber-100 p-3 font-semibold text-black"
          data-testid="drill-banner"
        >
          <DrillBadge />
          {t("drillNote")}
        </p>
      ) : null}
      <div>
        <h2 className="text-xl font-semibold" data-testid="roll-call-title">
          {rollCall.drill ? <DrillBadge /> : null}
          {t("page.title", { kind: t(`kinds.${rollCall.kind}`), place: rollCall.place })}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("page.started", { time: rollCall.started.time, name: rollCall.startedBy })}
        </p>
        {rollCall.ended ? (
          <p className="text-sm text-muted-foreground">
            {t("page.ended", { time: rollCall.ended.time, name: rollCall.endedBy ?? "" })}
          </p>
        ) : null}
      </div>
      {rollCall.open ? (
        <OpenRollCall data={loaderData} actionData={actionData} />
      ) : (
        <Report data={loaderData} actionData={actionData} />
      )}
      <Link
        to={`/org/${loaderData.slug}/roll-call`}
        className={buttonVariants({ variant: "outline" })}
      >
        <ArrowLeft aria-hidden="true" /> {t("page.back")}
      </Link>
    </div>
  );
}

/** The lists, kept current by the roll call's live feed (EventSource reconnects by itself). */
function useLivePeople(data: PageData) {
  const revalidator = useRevalidator();
  const [people, setPeople] = useState<RollCallPerson[]>(data.people);
  const [live, setLive] = useState<boolean | null>(null);
  const { id, timeZone } = data.rollCall;
  const { language, slug, seq } = data;
  const refresh = useEffectEvent(() => void revalidator.revalidate());
  // New loader data (after an action or reload) replaces what the feed built.
  useEffect(() => setPeople(data.people), [data.people]);
  useEffect(() => {
    if (!data.rollCall.open || typeof EventSource === "undefined") return;
    const format = new Intl.DateTimeFormat(language, { timeStyle: "short", timeZone });
    const time = (iso: string) => format.format(new Date(iso));
    const source = new EventSource(`${rollCallEventsPath(slug, id)}?after=${seq}`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as RollCallFeedEvent;
      setPeople((current) => applyFeedEvent(current, event, time));
      // Another phone ended it, or the alert went out: the page shows the new state.
      if (event.type === "ended" || event.type === "alerted") {
        source.close();
        refresh();
      }
    };
    return () => source.close();
  }, [id, slug, seq, language, timeZone, data.rollCall.open]);
  return { people, live };
}

function OpenRollCall({
  data,
  actionData,
}: {
  data: PageData;
  actionData: OrgFormAnswer | undefined;
}) {
  const { t } = useTranslation("roll-call");
  const id = useId();
  const fetcher = useFetcher<OrgFormAnswer>();
  const busy = useNavigation().state === "submitting";
  const { people, live } = useLivePeople(data);
  const [query, setQuery] = useState(data.query);
  // The newest answer wins: a fetcher's (marks, scans), a form's (alert, end) or a scanner's problem.
  const [notice, setNotice] = useState<NoticeData | null>(actionData?.notice ?? data.arrival);
  useEffect(() => {
    if (fetcher.data) setNotice(fetcher.data.notice);
  }, [fetcher.data]);
  useEffect(() => {
    if (actionData) setNotice(actionData.notice);
  }, [actionData]);
  const [tag, setTag] = useState("");
  const { rollCall } = data;
  const shown = useMemo(() => people.filter((p) => matchesSearch(p, query)), [people, query]);
  const unaccounted = shown.filter((p) => !p.safe);
  const safe = shown
    .filter((p) => p.safe)
    .sort((a, b) => (b.marked?.at ?? "").localeCompare(a.marked?.at ?? ""));
  const totalSafe = people.filter((p) => p.safe).length;
  const submitScan = (value: string) => {
    setNotice(null);
    fetcher.submit({ intent: "scan", tag: value }, { method: "post" });
  };
  useEffect(() => {
    if (fetcher.data?.notice.tone === "success") setTag("");
  }, [fetcher.data]);

  return (
    <>
      <div className="grid grid-cols-2 gap-3" aria-live="polite">
        <p className="rounded-lg border-2 border-destructive/50 p-3 text-center">
          <span className="block text-3xl font-bold" data-testid="count-unaccounted">
            {people.length - totalSafe}
          </span>
          {t("page.unaccounted")}
        </p>
        <p className="rounded-lg border-2 border-success/50 p-3 text-center">
          <span className="block text-3xl font-bold" data-testid="count-safe">
            {totalSafe}
          </span>
          {t("page.safe")}
        </p>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="live-state" data-live={live ?? ""}>
        {live === false ? t("page.offline") : t("page.live")}
      </p>
      <p className="text-sm">
        {rollCall.alerted
          ? rollCall.drill
            ? t("page.drillAlertedAt", { time: rollCall.alerted.time })
            : t("page.alertedAt", { time: rollCall.alerted.time })
          : t("page.alertAt", { time: rollCall.alertAt.time })}
      </p>
      <div data-testid="roll-call-notice">
        <Notice notice={notice} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("page.scanTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">{t("page.scanHint")}</p>
          <ScanControls
            onScan={submitScan}
            onProblem={setNotice}
            disabled={fetcher.state !== "idle"}
          />
          <fetcher.Form
            method="post"
            className="flex flex-wrap items-end gap-2"
            data-testid="scan-form"
          >
            <input type="hidden" name="intent" value="scan" />
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-tag`}>{t("page.tagLabel")}</Label>
              <Input
                id={`${id}-tag`}
                name="tag"
                value={tag}
                onChange={(e) => setTag(e.target.value.toUpperCase())}
                maxLength={MAX_SCAN_INPUT}
                autoComplete="off"
                spellCheck={false}
                placeholder="WB-XXXXX"
                className="font-mono"
              />
            </div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("page.scanSubmit")}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>

      <Form
        method="get"
        className="flex items-end gap-2"
        role="search"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={`${id}-q`}>{t("page.search")}</Label>
          <Input
            id={`${id}-q`}
            name="q"
            type="search"
            value={query}
            maxLength={100}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <noscript>
          <Button type="submit" variant="outline">
            {t("page.searchSubmit")}
          </Button>
        </noscript>
      </Form>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby={`${id}-unaccounted`}>
          <h3 id={`${id}-unaccounted`} className="mb-2 font-semibold">
            {t("page.unaccounted")} ({unaccounted.length})
          </h3>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="mark" />
            <ul className="space-y-1" data-testid="unaccounted-list">
              {unaccounted.map((p) => (
                <li key={p.profileId} data-testid="unaccounted-person" data-name={p.name}>
                  <button
                    type="submit"
                    name="profileId"
                    value={p.profileId}
                    className="flex w-full items-center justify-between gap-2 rounded-md border p-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span>
                      <span className="font-medium">{p.name}</span>
                      {p.group ? (
                        <span className="ml-2 text-sm text-muted-foreground">{p.group}</span>
                      ) : null}
                    </span>
                    <span className="sr-only">, {t("page.markSafe")}</span>
                    <Check className="size-5 text-success" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </fetcher.Form>
          {unaccounted.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {query ? t("page.noMatch") : t("page.noneUnaccounted")}
            </p>
          ) : null}
        </section>
        <section aria-labelledby={`${id}-safe`}>
          <h3 id={`${id}-safe`} className="mb-2 font-semibold">
            {t("page.safe")} ({safe.length})
          </h3>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="unmark" />
            <ul className="space-y-1" data-testid="safe-list">
              {safe.map((p) => (
                <li
                  key={p.profileId}
                  className="flex items-center justify-between gap-2 rounded-md border border-success/40 p-3"
                  data-testid="safe-person"
                  data-name={p.name}
                >
                  <span className="min-w-0">
                    <span className="font-medium">{p.name}</span>
                    {p.group ? (
                      <span className="ml-2 text-sm text-muted-foreground">{p.group}</span>
                    ) : null}
                    <span className="block text-xs text-muted-foreground">
                      {t("page.markedBy", {
                        time: p.marked?.time ?? "",
                        method: p.method ? t(`page.methods.${p.method}`) : "",
                        name: p.markedBy ?? "",
                      })}
                    </span>
                  </span>
                  <Button
                    type="submit"
                    name="profileId"
                    value={p.profileId}
                    variant="ghost"
                    size="sm"
                    aria-label={t("page.undo", { name: p.name })}
                  >
                    <Undo2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          </fetcher.Form>
          {safe.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {query ? t("page.noMatch") : t("page.noneSafe")}
            </p>
          ) : null}
        </section>
      </div>

      <div className="flex flex-wrap items-start gap-3 border-t pt-4">
        {!rollCall.drill && !rollCall.alerted ? (
          <Form method="post" replace preventScrollReset>
            <input type="hidden" name="intent" value="alert" />
            <Button
              type="submit"
              variant="destructive"
              disabled={busy}
              aria-describedby={`${id}-alert-hint`}
            >
              <BellRing aria-hidden="true" /> {t("page.alertNow")}
            </Button>
            <p id={`${id}-alert-hint`} className="mt-1 max-w-xs text-xs text-muted-foreground">
              {t("page.alertNowHint")}
            </p>
          </Form>
        ) : null}
        <ConfirmAction
          trigger={t("page.end")}
          message={t("page.endConfirm")}
          confirmLabel={t("page.endYes")}
          intent="end"
          fields={{}}
          disabled={busy}
          testId="end-roll-call"
        />
      </div>
    </>
  );
}

function Report({ data, actionData }: { data: PageData; actionData: OrgFormAnswer | undefined }) {
  const { t } = useTranslation("roll-call");
  const { rollCall, people, timeline, slug } = data;
  const safe = people.filter((p) => p.safe);
  const missing = people.filter((p) => !p.safe);
  const base = `/org/${slug}/reports/roll-calls/${rollCall.id}`;
  return (
    <div className="space-y-5" data-testid="roll-call-report">
      <Notice notice={actionData?.notice} />
      <p className="font-medium">{t("report.frozen")}</p>
      <div className="grid grid-cols-2 gap-3">
        <p className="rounded-lg border p-3 text-center">
          <span className="block text-3xl font-bold" data-testid="count-unaccounted">
            {missing.length}
          </span>
          {t("page.unaccounted")}
        </p>
        <p className="rounded-lg border p-3 text-center">
          <span className="block text-3xl font-bold" data-testid="count-safe">
            {safe.length}
          </span>
          {t("page.safe")}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={`${base}/report.csv`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          download
        >
          {t("report.csv")}
        </a>
        <a
          href={`${base}/report.pdf`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          download
        >
          {t("report.pdf")}
        </a>
      </div>
      <section>
        <h3 className="mb-2 font-semibold">{t("report.missing")}</h3>
        {missing.length ? (
          <ul className="space-y-1" data-testid="report-missing">
            {missing.map((p) => (
              <li key={p.profileId} className="text-sm" data-testid="report-missing-person">
                <span className="font-medium">{p.name}</span>
                {p.group ? <span className="ml-2 text-muted-foreground">{p.group}</span> : null}
                {p.alerted ? (
                  <span className="ml-2 text-destructive">· {t("report.alerted")}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("report.noneMissing")}</p>
        )}
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("report.safe")}</h3>
        <ul className="space-y-1" data-testid="report-safe">
          {safe.map((p) => (
            <li key={p.profileId} className="text-sm" data-testid="report-safe-person">
              <span className="font-medium">{p.name}</span>{" "}
              <span className="text-muted-foreground">
                {t("page.markedBy", {
                  time: p.marked?.time ?? "",
                  method: p.method ? t(`page.methods.${p.method}`) : "",
                  name: p.markedBy ?? "",
                })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("report.timeline")}</h3>
        <ol className="space-y-1" data-testid="report-timeline">
          {timeline.map((event) => (
            <TimelineLine key={event.seq} event={event} />
          ))}
        </ol>
      </section>
    </div>
  );
}
