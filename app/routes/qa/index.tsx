import { CircleCheck, CircleX, ClipboardCopy, LoaderCircle, RotateCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice, type NoticeData } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";
import { loadLanguage } from "#app/lib/i18n.client.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import {
  buildReport,
  type LocaleBundles,
  QA_CHECK_IDS,
  type QaCheckId,
  type QaStatus,
  type QaVerdict,
  runQaChecks,
} from "#app/lib/qa-checks.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { LANGUAGES, type Language, matchLanguage } from "#core/languages.ts";
import type { Route } from "./+types/index";

export const loader = ({ request }: Route.LoaderArgs) => ({ seo: seoFor(request, "pages.qa") });
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

interface Row {
  id: QaCheckId;
  status: QaStatus;
  verdict?: QaVerdict;
}

const runningRows = (): Row[] => QA_CHECK_IDS.map((id) => ({ id, status: "running" }));

async function loadAllLocales(): Promise<LocaleBundles> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => [language, await loadLanguage(language)] as const),
  );
  return Object.fromEntries(entries) as LocaleBundles;
}

/** The Clipboard API, or the older copy command where it is missing (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** The self-check (spec section 2): ten checks against the live site, run on load. */
export default function Qa() {
  const { t, i18n } = useTranslation("qa");
  const signedIn = Boolean(useRootData()?.signedIn);
  const [rows, setRows] = useState<Row[]>(runningRows);
  const [running, setRunning] = useState(true);
  const [notice, setNotice] = useState<NoticeData | null>(null);
  const runId = useRef(0);

  const run = useCallback(async () => {
    const id = ++runId.current;
    setRows(runningRows());
    setRunning(true);
    setNotice(null);
    const language: Language = matchLanguage(i18n.language) ?? "en";
    await runQaChecks(
      {
        origin: window.location.origin,
        fetch: (path, init) => window.fetch(path, init),
        parseHtml: (html) => new DOMParser().parseFromString(html, "text/html"),
        history: window.history,
        serviceWorker: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
        caches: "caches" in window ? window.caches : undefined,
        loadLocales: loadAllLocales,
        t: i18n.getFixedT(language),
        language,
        signedIn,
      },
      (check, verdict) => {
        if (id !== runId.current) return;
        setRows((current) =>
          current.map((row) =>
            row.id === check ? { id: check, status: verdict.ok ? "pass" : "fail", verdict } : row,
          ),
        );
      },
    );
    if (id === runId.current) setRunning(false);
  }, [i18n, signedIn]);

  useEffect(() => {
    void run();
  }, [run]);

  const name = (id: QaCheckId) => t(`checks.${id}.name`);
  const message = (row: Row) =>
    row.verdict ? t(row.verdict.key, row.verdict.values) : t("running");
  const passed = rows.filter((r) => r.status === "pass").length;
  const failed = rows.filter((r) => r.status === "fail").length;

  const copyReport = async () => {
    const report = buildReport(
      rows.map((row) => ({ name: name(row.id), status: row.status, message: message(row) })),
    );
    const copied = await copyText(JSON.stringify(report, null, 2));
    setNotice(
      copied ? { tone: "success", title: "qa:copied" } : { tone: "error", title: "qa:copyFailed" },
    );
  };

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <p className="text-2xl font-bold" data-testid="qa-summary" aria-live="polite">
            {t("summary", { passed, total: rows.length })}
          </p>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {(
              [
                ["total", rows.length],
                ["passed", passed],
                ["failed", failed],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border p-3">
                <dt className="text-sm text-muted-foreground">{t(key)}</dt>
                <dd className="text-2xl font-bold" data-testid={`qa-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void run()} disabled={running} data-testid="qa-rerun">
              <RotateCw aria-hidden="true" className={cn(running && "animate-spin")} />
              {t("rerun")}
            </Button>
            <Button
              variant="outline"
              onClick={() => void copyReport()}
              disabled={running}
              data-testid="qa-copy"
            >
              <ClipboardCopy aria-hidden="true" />
              {t("copy")}
            </Button>
          </div>
          <Notice notice={notice} />
        </CardContent>
      </Card>
      <section aria-labelledby="qa-results-title">
        <h2 id="qa-results-title" className="mb-3 text-xl font-semibold">
          {t("results")}
        </h2>
        <ul className="space-y-2" data-testid="qa-results">
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid={`qa-check-${row.id}`}
              data-status={row.status}
              className="flex items-start gap-3 rounded-lg border bg-card p-3"
            >
              <StatusBadge status={row.status} />
              <div className="min-w-0">
                <p className="font-medium">{name(row.id)}</p>
                <p className="break-words text-sm text-muted-foreground" data-testid="qa-message">
                  {message(row)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

function StatusBadge({ status }: { status: QaStatus }) {
  const { t } = useTranslation("qa");
  const Icon = status === "pass" ? CircleCheck : status === "fail" ? CircleX : LoaderCircle;
  return (
    <span
      data-testid="qa-badge"
      className={cn(
        "inline-flex w-24 shrink-0 items-center justify-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold",
        status === "pass" && "bg-success text-success-foreground",
        status === "fail" && "bg-destructive text-destructive-foreground",
        status === "running" && "bg-muted text-muted-foreground",
      )}
    >
      <Icon aria-hidden="true" className={cn("size-3.5", status === "running" && "animate-spin")} />
      {t(`status.${status}`)}
    </span>
  );
}
