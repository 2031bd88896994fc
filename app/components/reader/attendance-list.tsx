import { Download } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import type { ScanDirection } from "#core/reader.ts";

export interface Attendance {
  from: string;
  to: string;
  invalid: boolean;
  limit: number;
  /** The organisation whose scans these are (null: every scan, for SafeTap's admins). */
  organization: string | null;
  /** Whether the reader may download them (an organisation's staff may not). */
  exportable: boolean;
  rows: {
    id: string;
    createdAt: string;
    direction: ScanDirection;
    tagId: string;
    personName: string;
    readerName: string;
    readerContact: string;
    locationName: string;
  }[];
}

/**
 * For admins: every reader's scans in a date range, and the CSV export (SafeTap's admins: all;
 * an organisation's admins: its own, with the location of each).
 */
export function AttendanceList({ attendance }: { attendance: Attendance }) {
  const { t, i18n } = useTranslation("reader");
  const id = useId();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const range = new URLSearchParams();
  if (attendance.organization) range.set("org", attendance.organization);
  if (!attendance.invalid) {
    if (attendance.from) range.set("from", attendance.from);
    if (attendance.to) range.set("to", attendance.to);
  }
  const csvHref = `/reader/attendance.csv${range.size ? `?${range}` : ""}`;
  return (
    <Card data-testid="attendance">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t("attendance.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("attendance.intro")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3">
          {attendance.organization ? (
            <input type="hidden" name="org" value={attendance.organization} />
          ) : null}
          <div className="space-y-1">
            <Label htmlFor={`${id}-from`} className="block">
              {t("attendance.from")}
            </Label>
            <Input
              id={`${id}-from`}
              type="date"
              name="from"
              defaultValue={attendance.from}
              className="w-40"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-to`} className="block">
              {t("attendance.to")}
            </Label>
            <Input
              id={`${id}-to`}
              type="date"
              name="to"
              defaultValue={attendance.to}
              className="w-40"
            />
          </div>
          <Button type="submit" variant="secondary">
            {t("attendance.filter")}
          </Button>
          {/* A plain link: the browser downloads the file. */}
          {attendance.exportable ? (
            <a href={csvHref} download className={buttonVariants({ variant: "outline" })}>
              <Download aria-hidden="true" /> {t("attendance.download")}
            </a>
          ) : null}
        </Form>
        {attendance.invalid ? (
          <Notice
            notice={{
              tone: "error",
              title: "reader:notices.error",
              description: "reader:attendance.invalidRange",
            }}
          />
        ) : attendance.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("attendance.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="attendance-table">
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("attendance.columns.time")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("attendance.columns.direction")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("attendance.columns.person")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("attendance.columns.tag")}
                  </th>
                  {attendance.organization ? (
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t("attendance.columns.location")}
                    </th>
                  ) : null}
                  <th scope="col" className="py-2 font-medium">
                    {t("attendance.columns.reader")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {attendance.rows.map((row) => (
                  <tr key={row.id}>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <time dateTime={row.createdAt} suppressHydrationWarning>
                        {time.format(new Date(row.createdAt))}
                      </time>
                    </td>
                    <td className="py-2 pr-3">{t(`recent.${row.direction}`)}</td>
                    <td className="py-2 pr-3">{row.personName}</td>
                    <td className="py-2 pr-3 font-mono">{row.tagId}</td>
                    {attendance.organization ? (
                      <td className="py-2 pr-3">{row.locationName}</td>
                    ) : null}
                    <td className="py-2">{row.readerName || row.readerContact}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {attendance.rows.length >= attendance.limit ? (
              <p className="mt-2 text-xs text-muted-foreground">
                {t("attendance.truncated", { limit: attendance.limit })}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
