import { Download, FileText, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { HistoryNav } from "#app/components/history/history-nav.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { alertTexts, deliveryTexts, type Translate } from "#app/lib/alert-texts.ts";
import { cn } from "#app/lib/cn.ts";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/history";
import { historyPage } from "./history.server.ts";

export const loader = ({ request, context }: Route.LoaderArgs) => historyPage(request, context);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/**
 * Every alert of everyone the user sees in the household (issue 15 item 6): filters by person,
 * source and days, 50 a page with plain links, each message's fate, and CSV/PDF exports of the
 * same selection. Works without JavaScript (a GET form and links).
 */
export default function AlertHistory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("history");
  const translate = t as unknown as Translate;
  const { values, errors, alerts, search, page } = loaderData;
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const pageLink = (n: number) => {
    const params = new URLSearchParams(search);
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return query ? `/dashboard/history?${query}` : "/dashboard/history";
  };
  const exportLink = (kind: "csv" | "pdf") =>
    `/dashboard/history.${kind}${search ? `?${search}` : ""}`;

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <HistoryNav current="history" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{t("page.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("page.intro")}</p>
      {loaderData.freeLimit !== null ? (
        <p
          className="mt-4 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
          data-testid="free-limit"
        >
          <Link to="/pricing" className="underline-offset-4 hover:underline">
            {t("page.freeLimit", { count: loaderData.freeLimit })}
          </Link>
        </p>
      ) : null}

      {errors.length > 0 ? (
        <div
          role="alert"
          data-testid="history-errors"
          className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <p className="font-semibold">{t("errors.title")}</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{t(`errors.${error}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <Card className="mt-6">
        <CardContent className="pt-6">
          <Form method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
            <div className="space-y-1.5">
              <Label htmlFor="history-person">{t("filters.person")}</Label>
              <Select
                id="history-person"
                name="person"
                defaultValue={values.person}
                aria-invalid={errors.includes("person") || undefined}
              >
                <option value="">{t("filters.everyone")}</option>
                {loaderData.people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name || "—"}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="history-source">{t("filters.source")}</Label>
              <Select
                id="history-source"
                name="source"
                defaultValue={values.source}
                aria-invalid={errors.includes("source") || undefined}
              >
                <option value="">{t("filters.anySource")}</option>
                {loaderData.sources.map((source) => (
                  <option key={source} value={source}>
                    {t(`source.${source}`)}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="history-from">{t("filters.from")}</Label>
              <Input
                id="history-from"
                name="from"
                type="date"
                defaultValue={values.from}
                aria-invalid={errors.includes("from") || errors.includes("range") || undefined}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="history-to">{t("filters.to")}</Label>
              <Input
                id="history-to"
                name="to"
                type="date"
                defaultValue={values.to}
                aria-invalid={errors.includes("to") || errors.includes("range") || undefined}
              />
            </div>
            <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
              <button type="submit" className={buttonVariants()}>
                {t("filters.apply")}
              </button>
              <Link to="/dashboard/history" className={buttonVariants({ variant: "ghost" })}>
                {t("filters.clear")}
              </Link>
            </div>
          </Form>
        </CardContent>
      </Card>

      <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="history-exports">
        <span className="text-sm font-medium">{t("page.export")}</span>
        <a
          href={exportLink("csv")}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden="true" /> {t("page.csv")}
        </a>
        <a
          href={exportLink("pdf")}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <FileText aria-hidden="true" /> {t("page.pdf")}
        </a>
      </div>

      {alerts.length === 0 ? (
        <p className="mt-6 text-sm text-muted-foreground" data-testid="history-empty">
          {t("page.empty")}
        </p>
      ) : (
        <ol className="mt-6 space-y-3" data-testid="history-alerts">
          {alerts.map((alert) => {
            const texts = alertTexts(translate, alert);
            return (
              <li
                key={alert.id}
                className="rounded-lg border p-3 text-sm"
                data-testid="history-alert"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold">
                    {texts.source}
                  </span>
                  <time dateTime={alert.createdAt} suppressHydrationWarning className="font-medium">
                    {format.format(new Date(alert.createdAt))}
                  </time>
                  <span className="font-semibold" data-testid="history-person">
                    {alert.personName}
                  </span>
                  {alert.tagId ? (
                    <span className="font-mono text-xs text-muted-foreground">{alert.tagId}</span>
                  ) : null}
                  <span className="text-xs text-muted-foreground">{texts.status}</span>
                  {alert.mapUrl ? (
                    <a
                      href={alert.mapUrl}
                      className="ml-auto flex items-center gap-1 text-primary underline"
                      rel="noopener"
                      target="_blank"
                    >
                      <MapPin className="size-3.5" aria-hidden="true" /> {t("map.open")}
                    </a>
                  ) : null}
                </div>
                {alert.deliveries.length === 0 ? (
                  <p className="mt-2 text-muted-foreground">{t("page.noDeliveries")}</p>
                ) : (
                  <div className="mt-2 overflow-x-auto">
                    <table className="w-full text-left" data-testid="history-deliveries">
                      <thead className="text-xs text-muted-foreground">
                        <tr>
                          <th className="py-0.5 pr-3 font-medium">{t("columns.contact")}</th>
                          <th className="py-0.5 pr-3 font-medium">{t("columns.channel")}</th>
                          <th className="py-0.5 pr-3 font-medium">{t("columns.delivery")}</th>
                          <th className="py-0.5 pr-3 font-medium">{t("page.sentAt")}</th>
                          <th className="py-0.5 font-medium">{t("page.answeredAt")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {alert.deliveries.map((delivery) => {
                          const d = deliveryTexts(translate, delivery);
                          return (
                            <tr key={delivery.id} className="align-top">
                              <td className="break-words py-0.5 pr-3">
                                {d.contact}
                                {delivery.kind !== "alert" && delivery.kind !== "quota_notice" ? (
                                  <span className="text-muted-foreground"> · {d.kind}</span>
                                ) : null}
                              </td>
                              <td className="py-0.5 pr-3 text-muted-foreground">{d.channel}</td>
                              <td
                                className={cn(
                                  "py-0.5 pr-3",
                                  delivery.status === "failed" && "text-destructive",
                                  delivery.acknowledgedAt && "font-semibold text-success",
                                )}
                              >
                                {d.status}
                                {d.note ? (
                                  <span className="block text-xs text-muted-foreground">
                                    {d.note}
                                  </span>
                                ) : null}
                              </td>
                              <td className="py-0.5 pr-3 text-muted-foreground">
                                <Time value={delivery.sentAt} format={format} />
                              </td>
                              <td className="py-0.5 text-muted-foreground">
                                <Time value={delivery.acknowledgedAt} format={format} />
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}

      <nav
        className="mt-6 flex items-center justify-between gap-2"
        aria-label={t("page.pageOf", { page })}
      >
        {page > 1 ? (
          <Link
            to={pageLink(page - 1)}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {t("page.previous")}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-sm text-muted-foreground">{t("page.pageOf", { page })}</span>
        {loaderData.hasMore ? (
          <Link
            to={pageLink(page + 1)}
            rel="next"
            data-testid="history-next"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {t("page.next")}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </main>
  );
}

function Time({ value, format }: { value: string | null; format: Intl.DateTimeFormat }) {
  if (!value) return null;
  return (
    <time dateTime={value} suppressHydrationWarning>
      {format.format(new Date(value))}
    </time>
  );
}
