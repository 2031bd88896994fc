import { Download, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Field, useFieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import type { Route } from "./+types/reports";
import { reportsPage } from "./reports.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  reportsPage(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/** Each download's link text. */
const FILE_LABELS = {
  "attendance-days.csv": "attendance.days",
  "attendance-people.csv": "attendance.people",
  "attendance-scans.csv": "attendance.scans",
  "attendance.pdf": "attendance.pdf",
  "alerts.csv": "alerts.csv",
  "alerts.pdf": "alerts.pdf",
} as const;

function DownloadLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <a
      href={href}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
      data-testid={testId}
    >
      <Download aria-hidden="true" /> {label}
    </a>
  );
}

/**
 * /org/{slug}/reports (issue 17 item 4, decision 145): a GET form of days and location, the
 * attendance and alerts downloads, and the roll calls of those days with their reports. It works
 * without JavaScript; every download is a plain link carrying the form's values.
 */
export default function OrgReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("org-reports");
  const { org } = useOrg();
  const { values, locations, search, rollCalls, full, canExport } = loaderData;
  // A new answer with errors moves the focus to the first field named.
  const { formRef, errors: fieldErrors } = useFieldErrors(loaderData, loaderData.fieldErrors);
  const base = `/org/${org.slug}/reports`;
  const file = (name: string) => `${base}/${name}?${search}`;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">{t("heading")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{full ? t("intro") : t("staffIntro")}</p>
      </div>
      <Form
        ref={formRef}
        method="get"
        action={base}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start"
        aria-describedby="reports-zone-note"
      >
        <Field id="reports-from" label={t("form.from")} error={fieldErrors.from}>
          {(props) => <Input {...props} name="from" type="date" defaultValue={values.from} />}
        </Field>
        <Field id="reports-to" label={t("form.to")} error={fieldErrors.to}>
          {(props) => <Input {...props} name="to" type="date" defaultValue={values.to} />}
        </Field>
        <Field id="reports-location" label={t("form.location")} error={fieldErrors.location}>
          {(props) => (
            <Select {...props} name="location" defaultValue={values.location}>
              <option value="">{t("form.allLocations")}</option>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name} ({location.timeZone})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" className="sm:mt-7">
          {t("form.apply")}
        </Button>
      </Form>
      <p id="reports-zone-note" className="text-sm text-muted-foreground">
        {t("form.zoneNote")} {t("form.rangeNote", { count: loaderData.maxDays })}
      </p>
      {search === null ? (
        <p
          className="text-sm font-medium text-destructive"
          role="alert"
          data-testid="reports-invalid"
        >
          {t("form.fix")}
        </p>
      ) : (
        <>
          {full ? (
            <div className="grid gap-4 md:grid-cols-2">
              {(
                [
                  [
                    "attendance",
                    [
                      "attendance-days.csv",
                      "attendance-people.csv",
                      "attendance-scans.csv",
                      "attendance.pdf",
                    ],
                  ],
                  ["alerts", ["alerts.csv", "alerts.pdf"]],
                ] as const
              ).map(([report, files]) => (
                <Card key={report}>
                  <CardContent className="space-y-3 p-5">
                    <h3 className="font-semibold">{t(`${report}.title`)}</h3>
                    <p className="text-sm text-muted-foreground">{t(`${report}.description`)}</p>
                    {canExport ? (
                      <div className="flex flex-wrap gap-2">
                        {files.map((name) => (
                          <DownloadLink
                            key={name}
                            href={file(name)}
                            label={t(FILE_LABELS[name])}
                            testId={`report-${name.replace(".", "-")}`}
                          />
                        ))}
                      </div>
                    ) : null}
                  </CardContent>
                </Card>
              ))}
            </div>
          ) : null}
          <section aria-labelledby="reports-roll-calls" className="space-y-2">
            <h3 id="reports-roll-calls" className="font-semibold">
              {t("rollCalls.title")}
            </h3>
            <p className="text-sm text-muted-foreground">{t("rollCalls.description")}</p>
            <Card>
              <CardContent className="overflow-x-auto p-0">
                {rollCalls.length === 0 ? (
                  <p className="p-6 text-sm text-muted-foreground" data-testid="roll-calls-empty">
                    {t("rollCalls.empty")}
                  </p>
                ) : (
                  <table className="w-full text-left text-sm" data-testid="roll-calls-table">
                    <thead className="border-b text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-4 py-3 font-medium">
                          {t("rollCalls.started")}
                        </th>
                        <th scope="col" className="px-4 py-3 font-medium">
                          {t("rollCalls.location")}
                        </th>
                        <th scope="col" className="px-4 py-3 font-medium">
                          {t("rollCalls.kind")}
                        </th>
                        <th scope="col" className="px-4 py-3 font-medium">
                          {t("rollCalls.state")}
                        </th>
                        <th scope="col" className="px-4 py-3 font-medium">
                          {t("rollCalls.report")}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y">
                      {rollCalls.map((rollCall) => {
                        const kind = t(`kind.${rollCall.kind}`);
                        const report = `${base}/roll-calls/${rollCall.id}/report`;
                        return (
                          <tr key={rollCall.id} data-testid="roll-call-row">
                            <td className="px-4 py-3">
                              {rollCall.startedAt}{" "}
                              <span className="text-muted-foreground">({rollCall.zone})</span>
                            </td>
                            <td className="px-4 py-3">{rollCall.locationName}</td>
                            <td className="px-4 py-3">
                              {kind}
                              {rollCall.drill ? (
                                <span className="ml-2 rounded bg-destructive px-1.5 py-0.5 text-xs font-bold text-white">
                                  {t("drill")}
                                </span>
                              ) : null}
                            </td>
                            <td className="px-4 py-3">
                              {rollCall.status === "open"
                                ? t("rollCalls.inProgress")
                                : t("rollCalls.ended")}
                              {" · "}
                              {t("rollCalls.safeOf", {
                                safe: rollCall.safe,
                                people: rollCall.people,
                              })}
                            </td>
                            <td className="px-4 py-3">
                              <div className="flex gap-2">
                                {(["csv", "pdf"] as const).map((format) => (
                                  <a
                                    key={format}
                                    href={`${report}.${format}`}
                                    download
                                    className="inline-flex items-center gap-1 underline"
                                    aria-label={t(`rollCalls.${format}Label`, {
                                      kind,
                                      at: rollCall.startedAt,
                                    })}
                                  >
                                    <FileText className="size-4" aria-hidden="true" />{" "}
                                    {format.toUpperCase()}
                                  </a>
                                ))}
                              </div>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                )}
              </CardContent>
            </Card>
            {loaderData.rollCallsLimited ? (
              <p className="text-sm text-muted-foreground">
                {t("rollCalls.limited", { count: rollCalls.length })}
              </p>
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
