import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { alertTexts, deliveryTexts, type Translate } from "#app/lib/alert-texts.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { seesOnlyTheirLocations } from "#server/domain/org-directory.ts";
import { type OrgContext, orgCan } from "#server/domain/organizations.ts";
import {
  alertsPage,
  attendanceDays,
  attendancePeople,
  attendanceScansPage,
  findRollCall,
  localSecond,
  REPORT_EXPORT_RULE,
  REPORT_MAX_DAYS,
  REPORT_PDF_ROW_LIMIT,
  type ReportScope,
  ROLL_CALL_LIST_LIMIT,
  reportLocations,
  rollCallEventsPage,
  rollCallPeopleOf,
  rollCallsInRange,
} from "#server/reports/org-reports.ts";
import { csvStream, keysetPages, pdfStream } from "#server/reports/streams.ts";
import { type PdfColumn, TablePdf } from "#server/reports/table-pdf.ts";

/**
 * /org/{slug}/reports and its downloads (issue 17 item 4, decision 145): attendance, alerts and
 * roll-call reports for a range of days and a location, as CSV and PDF, streamed from the
 * database a page at a time. Owners and admins read and download everything; staff download the
 * reports of roll calls at their own locations.
 */

export type ReportFieldError = "from" | "to" | "range" | "tooLong" | "location";

const dateSchema = z.iso.date();
const DAY = 86_400_000;

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);

/** Where the asker may look: the admin's every location, a restricted member's own. */
function locationScope(org: OrgContext): string[] | null {
  return seesOnlyTheirLocations(org) ? org.locationIds : null;
}

/**
 * The form's range and location from the address. With no dates, the last seven days; every bad
 * value is named (field by field) and nothing is reported.
 */
export async function parseReportQuery(context: AppLoadContext, org: OrgContext, url: URL) {
  const read = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 100);
  const values = { from: read("from"), to: read("to"), location: read("location") };
  const errors: Partial<Record<"from" | "to" | "location", ReportFieldError>> = {};
  const to = values.to || today();
  const from = values.from || daysBefore(to, 6);
  if (!dateSchema.safeParse(from).success) errors.from = "from";
  if (!dateSchema.safeParse(to).success) errors.to = "to";
  if (!errors.from && !errors.to) {
    const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
    if (days < 1) errors.to = "range";
    else if (days > REPORT_MAX_DAYS) errors.to = "tooLong";
  }
  const only = locationScope(org);
  const locations = await reportLocations(context.services.db, org.org.id, only);
  let locationIds = only;
  if (values.location) {
    const chosen = locations.find((l) => l.id === values.location);
    if (chosen) locationIds = [chosen.id];
    else errors.location = "location";
  }
  const scope: ReportScope = { organizationId: org.org.id, from, to, locationIds };
  const locationName = values.location
    ? (locations.find((l) => l.id === values.location)?.name ?? "")
    : null;
  return {
    values: { from, to, location: values.location },
    errors,
    valid: Object.keys(errors).length === 0,
    scope,
    locations,
    locationName,
  };
}

const errorKey = (error: ReportFieldError) => `org-reports:errors.${error}`;

/** What /org/{slug}/reports shows; staff see the roll calls at their locations only. */
export async function reportsPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug);
  const full = orgCan(org, { reports: ["read"] });
  if (!full && !orgCan(org, { rollCall: ["run"] })) {
    await requireOrg(request, context, slug, { reports: ["read"] });
  }
  const url = new URL(request.url);
  const query = await parseReportQuery(context, org, url);
  const t = requestI18n(request).t;
  const rollCalls = query.valid
    ? await rollCallsInRange(context.services.db, query.scope, ROLL_CALL_LIST_LIMIT + 1)
    : [];
  const search = new URLSearchParams({ from: query.values.from, to: query.values.to });
  if (query.values.location) search.set("location", query.values.location);
  return {
    seo: { title: t("org-reports:seo.title", { name: org.org.name }), description: "" },
    full,
    canExport: orgCan(org, { reports: ["export"] }),
    values: query.values,
    fieldErrors: Object.fromEntries(
      Object.entries(query.errors).map(([field, error]) => [
        field,
        error === "tooLong"
          ? { key: errorKey(error), values: { count: REPORT_MAX_DAYS } }
          : errorKey(error),
      ]),
    ),
    locations: query.locations.map((l) => ({ id: l.id, name: l.name, timeZone: l.timeZone })),
    search: query.valid ? search.toString() : null,
    rollCalls: rollCalls.slice(0, ROLL_CALL_LIST_LIMIT),
    rollCallsLimited: rollCalls.length > ROLL_CALL_LIST_LIMIT,
    maxDays: REPORT_MAX_DAYS,
  };
}

const plain = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });

const download = (body: ReadableStream<Uint8Array>, name: string, type: "csv" | "pdf") =>
  new Response(body, {
    headers: {
      "Content-Type": type === "csv" ? "text/csv; charset=utf-8" : "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.${type}"`,
      "Cache-Control": "no-store",
    },
  });

type ReportName =
  | "attendance-days"
  | "attendance-people"
  | "attendance-scans"
  | "attendance"
  | "alerts"
  | "roll-call";

/** Writes the download's audit line, refused or not (decision 145). */
function audit(
  context: AppLoadContext,
  org: OrgContext,
  metadata: Record<string, string | number | null>,
  success = true,
) {
  return recordAudit(context.services.db, context.services.logger, {
    type: "org_report_exported",
    userId: org.userId,
    organizationId: org.org.id,
    success,
    clientAddress: context.clientAddress,
    metadata,
  });
}

/** The download limit per user; the refusal in words with its Retry-After. */
async function overLimit(context: AppLoadContext, org: OrgContext, t: Translate) {
  const limit = await context.services.limiter.consume(REPORT_EXPORT_RULE, org.userId);
  if (limit.allowed) return null;
  return plain(t("org-reports:errors.tooMany"), 429, {
    "Retry-After": String(limit.retryAfterSeconds),
  });
}

const FILES: Record<string, { report: ReportName; format: "csv" | "pdf" }> = {
  "attendance-days.csv": { report: "attendance-days", format: "csv" },
  "attendance-people.csv": { report: "attendance-people", format: "csv" },
  "attendance-scans.csv": { report: "attendance-scans", format: "csv" },
  "attendance.pdf": { report: "attendance", format: "pdf" },
  "alerts.csv": { report: "alerts", format: "csv" },
  "alerts.pdf": { report: "alerts", format: "pdf" },
};

/** /org/{slug}/reports/{file}: the attendance and alerts downloads (owners and admins). */
export async function reportFile(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
  file: string | undefined,
) {
  const org = await requireOrg(request, context, slug);
  const wanted = FILES[file ?? ""];
  if (!wanted) return plain("Not Found", 404);
  const i18n = requestI18n(request);
  const t = i18n.t as unknown as Translate;
  const url = new URL(request.url);
  const base = { report: wanted.report, format: wanted.format };
  if (!orgCan(org, { reports: ["export"] })) {
    await audit(context, org, { ...base, reason: "forbidden" }, false);
    return plain(t("org-reports:errors.forbidden"), 403);
  }
  const query = await parseReportQuery(context, org, url);
  const range = {
    from: query.values.from,
    to: query.values.to,
    location: query.values.location || "all",
  };
  if (!query.valid) {
    await audit(context, org, { ...base, ...range, reason: "invalid" }, false);
    const messages = Object.values(query.errors).map((error) =>
      t(errorKey(error), { count: REPORT_MAX_DAYS }),
    );
    return plain(messages.join("\n"), 400);
  }
  const refused = await overLimit(context, org, t);
  if (refused) {
    await audit(context, org, { ...base, ...range, reason: "rate_limited" }, false);
    return refused;
  }
  await audit(context, org, { ...base, ...range });
  const name = `safetap-${org.org.slug}-${wanted.report}-${query.values.from}-to-${query.values.to}`;
  const { db } = context.services;
  const scope = query.scope;
  const c = (key: string) => t(`org-reports:columns.${key}`);
  if (wanted.report !== "attendance" && wanted.report.startsWith("attendance-")) {
    const table = attendanceTables(db, scope, t)[wanted.report as AttendanceTable];
    return download(
      csvStream([{ header: table.columns.map(([key]) => c(key)), rows: table.rows() }]),
      name,
      "csv",
    );
  }
  if (wanted.report === "alerts" && wanted.format === "csv") {
    const header = [
      "time",
      "zone",
      "person",
      "location",
      "source",
      "status",
      "acknowledgedAt",
      "acknowledgedBy",
      "escalatedAt",
      "contact",
      "kind",
      "channel",
      "delivery",
      "sentAt",
      "note",
    ].map(c);
    const alertRows = async function* () {
      for await (const page of keysetPages(alertsPage.bind(null, db, scope), 500)) {
        yield page.flatMap((alert) => {
          const a = alertCells(t, alert);
          if (alert.deliveries.length === 0) return [[...a, "", "", "", "", "", ""]];
          return alert.deliveries.map((delivery) => {
            const d = deliveryTexts(t, delivery);
            return [...a, d.contact, d.kind, d.channel, d.status, delivery.sentAt, d.note];
          });
        });
      }
    };
    return download(csvStream([{ header, rows: alertRows() }]), name, "csv");
  }
  const lines = [
    t("org-reports:pdf.generated", { date: localSecond(new Date(), "UTC") }),
    t("org-reports:pdf.range", { from: query.values.from, to: query.values.to }),
    t("org-reports:pdf.location", {
      location: query.locationName ?? t("org-reports:form.allLocations"),
    }),
    t("org-reports:form.zoneNote"),
  ];
  if (wanted.report === "attendance") {
    return download(attendancePdf(db, scope, t, org.org.name, lines), name, "pdf");
  }
  return download(alertsPdf(db, scope, t, org.org.name, lines), name, "pdf");
}

type Rows = (string | number)[][];

async function* mapPages<T>(pages: AsyncIterable<T[]>, cells: (row: T) => (string | number)[]) {
  for await (const page of pages) yield page.map(cells);
}

/** A table's rows, page by page, stopping at the PDF's limit (then the note says so). */
async function* limitedPages<T>(pages: AsyncGenerator<T[]>, limit: number, cut: { cut: boolean }) {
  let seen = 0;
  for await (const page of pages) {
    if (seen + page.length > limit) {
      cut.cut = true;
      yield page.slice(0, limit - seen);
      await pages.return(undefined);
      return;
    }
    seen += page.length;
    yield page;
  }
}

function alertCells(t: Translate, alert: Awaited<ReturnType<typeof alertsPage>>[number]) {
  const texts = alertTexts(t, {
    source: alert.source,
    status: alert.status,
    acknowledgedAt: alert.acknowledgedAt || null,
  });
  const source = alert.isTest ? `${texts.source} (${t("org-reports:test")})` : texts.source;
  return [
    alert.time,
    alert.zone,
    alert.personName,
    alert.locationName,
    source,
    texts.status,
    alert.acknowledgedAt,
    alert.acknowledgedBy,
    alert.escalatedAt || t("org-reports:no"),
  ];
}

const cols = (t: Translate, entries: [string, number][]): PdfColumn[] =>
  entries.map(([key, share]) => ({ header: t(`org-reports:columns.${key}`), share }));

type AttendanceTable = "attendance-days" | "attendance-people" | "attendance-scans";

/**
 * The three attendance tables, for their CSV files and the PDF's sections alike: the PDF
 * heading, the columns (locale key, share of a PDF row) and the rows page by page.
 */
function attendanceTables(
  db: AppLoadContext["services"]["db"],
  scope: ReportScope,
  t: Translate,
): Record<
  AttendanceTable,
  { heading: string; columns: [string, number][]; rows: () => AsyncGenerator<Rows> }
> {
  const direction = (d: string) => t(`org-reports:direction.${d}`);
  return {
    "attendance-days": {
      heading: "daysHeading",
      columns: [
        ["day", 0.15],
        ["location", 0.4],
        ["people", 0.15],
        ["checkIns", 0.15],
        ["checkOuts", 0.15],
      ],
      rows: () =>
        mapPages(keysetPages(attendanceDays.bind(null, db, scope)), (r) => [
          r.day,
          r.locationName,
          r.people,
          r.checkIns,
          r.checkOuts,
        ]),
    },
    "attendance-people": {
      heading: "peopleHeading",
      columns: [
        ["day", 0.12],
        ["location", 0.2],
        ["person", 0.26],
        ["tags", 0.14],
        ["firstIn", 0.1],
        ["lastOut", 0.1],
        ["scans", 0.08],
      ],
      rows: () =>
        mapPages(keysetPages(attendancePeople.bind(null, db, scope)), (r) => [
          r.day,
          r.locationName,
          r.personName,
          r.tags,
          r.firstIn,
          r.lastOut,
          r.scans,
        ]),
    },
    "attendance-scans": {
      heading: "scansHeading",
      columns: [
        ["time", 0.17],
        ["zone", 0.13],
        ["direction", 0.1],
        ["person", 0.2],
        ["tag", 0.1],
        ["location", 0.15],
        ["reader", 0.15],
      ],
      rows: () =>
        mapPages(keysetPages(attendanceScansPage.bind(null, db, scope)), (r) => [
          r.time,
          r.zone,
          direction(r.direction),
          r.personName,
          r.tagId,
          r.locationName,
          r.readerName,
        ]),
    },
  };
}

/** A report's PDF document: its title, "Page N" in the asker's language, a banner if any. */
const reportPdf = (t: Translate, title: string, banner: string | null = null) =>
  new TablePdf({ title, pageLabel: (page) => t("org-reports:pdf.page", { page }), banner });

/** The attendance PDF: by day and location, by person, then every scan (each table capped). */
function attendancePdf(
  db: AppLoadContext["services"]["db"],
  scope: ReportScope,
  t: Translate,
  orgName: string,
  lines: string[],
) {
  const pdf = reportPdf(t, t("org-reports:pdf.attendanceTitle", { org: orgName }));
  pdf.lines(lines);
  const body = { font: "body", size: 8 } as const;
  const tables = attendanceTables(db, scope, t);
  const sections = (["attendance-days", "attendance-people", "attendance-scans"] as const).map(
    (key) => ({ ...tables[key], columns: cols(t, tables[key].columns) }),
  );
  return pdfStream(pdf, async function* (flush) {
    for (const section of sections) {
      pdf.heading(t(`org-reports:pdf.${section.heading}`)).table([{ columns: section.columns }]);
      const cut = { cut: false };
      let any = false;
      for await (const page of limitedPages(section.rows(), REPORT_PDF_ROW_LIMIT, cut)) {
        for (const row of page) pdf.row(row.map(String), section.columns, body);
        any ||= page.length > 0;
        yield* flush();
      }
      if (!any) pdf.gap().lines([t("org-reports:pdf.empty")]);
      if (cut.cut)
        pdf.gap().lines([t("org-reports:pdf.truncated", { count: REPORT_PDF_ROW_LIMIT })]);
    }
  });
}

/** The alerts PDF: each alert's row, then its messages indented under it. */
function alertsPdf(
  db: AppLoadContext["services"]["db"],
  scope: ReportScope,
  t: Translate,
  orgName: string,
  lines: string[],
) {
  const pdf = reportPdf(t, t("org-reports:pdf.alertsTitle", { org: orgName }));
  pdf.lines(lines).gap(0.6);
  const alertColumns = cols(t, [
    ["time", 0.11],
    ["zone", 0.1],
    ["person", 0.15],
    ["location", 0.12],
    ["source", 0.1],
    ["status", 0.1],
    ["acknowledgedAt", 0.1],
    ["acknowledgedBy", 0.12],
    ["escalatedAt", 0.1],
  ]);
  const deliveryColumns = cols(t, [
    ["contact", 0.22],
    ["kind", 0.12],
    ["channel", 0.12],
    ["delivery", 0.16],
    ["sentAt", 0.12],
    ["note", 0.26],
  ]);
  const indent = { size: 8, indent: 16, shade: false };
  return pdfStream(pdf, async function* (flush) {
    pdf.table([{ columns: alertColumns }, { columns: deliveryColumns, style: indent }]);
    const cut = { cut: false };
    let any = false;
    const pages = keysetPages(alertsPage.bind(null, db, scope), 500);
    for await (const page of limitedPages(pages, REPORT_PDF_ROW_LIMIT, cut)) {
      for (const alert of page) {
        any = true;
        pdf.gap(0.2).row(alertCells(t, alert), alertColumns, { font: "bold", size: 8 });
        for (const delivery of alert.deliveries) {
          const d = deliveryTexts(t, delivery);
          pdf.row(
            [d.contact, d.kind, d.channel, d.status, delivery.sentAt, d.note],
            deliveryColumns,
            {
              font: "body",
              size: 8,
              indent: 16,
            },
          );
        }
      }
      yield* flush();
    }
    if (!any) pdf.gap().lines([t("org-reports:pdf.empty")]);
    if (cut.cut) pdf.gap().lines([t("org-reports:pdf.truncated", { count: REPORT_PDF_ROW_LIMIT })]);
  });
}

/** "1 h 05 min", "12 min 30 s". */
function duration(t: Translate, from: Date, to: Date) {
  const seconds = Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0)
    return t("org-reports:duration.hours", { hours, minutes: String(minutes).padStart(2, "0") });
  return t("org-reports:duration.minutes", { minutes, seconds: seconds % 60 });
}

/**
 * /org/{slug}/reports/roll-calls/{id}/report.csv|pdf: one roll call's report. Owners and admins
 * download any; staff those at their own locations; anyone else's or another organisation's
 * roll call is not found. An open roll call's report says it is in progress.
 */
export async function rollCallReport(
  request: Request,
  context: AppLoadContext,
  params: { slug?: string; rollCallId?: string; file?: string },
) {
  const org = await requireOrg(request, context, params.slug);
  const format = params.file === "report.csv" ? "csv" : params.file === "report.pdf" ? "pdf" : null;
  if (!format) return plain("Not Found", 404);
  const t = requestI18n(request).t as unknown as Translate;
  const base = { report: "roll-call", format, rollCall: params.rollCallId?.slice(0, 40) ?? null };
  const full = orgCan(org, { reports: ["export"] });
  if (!full && !orgCan(org, { rollCall: ["run"] })) {
    await audit(context, org, { ...base, reason: "forbidden" }, false);
    return plain(t("org-reports:errors.forbidden"), 403);
  }
  const { db } = context.services;
  const rollCall = await findRollCall(db, org.org.id, params.rollCallId);
  const scope = full ? locationScope(org) : org.locationIds;
  if (!rollCall || (scope !== null && !scope.includes(rollCall.locationId))) {
    await audit(context, org, { ...base, reason: "not_found" }, false);
    return plain("Not Found", 404);
  }
  const refused = await overLimit(context, org, t);
  if (refused) {
    await audit(context, org, { ...base, reason: "rate_limited" }, false);
    return refused;
  }
  const startedDay = localSecond(rollCall.startedAt, rollCall.zone).slice(0, 10);
  await audit(context, org, {
    ...base,
    from: startedDay,
    to: startedDay,
    location: rollCall.locationId,
  });
  const people = await rollCallPeopleOf(db, rollCall.id);
  const zone = rollCall.zone;
  const at = (date: Date | null) => localSecond(date, zone);
  const open = rollCall.status !== "ended";
  const kind = `${t(`org-reports:kind.${rollCall.kind}`)}${rollCall.drill ? ` — ${t("org-reports:drill")}` : ""}`;
  const total = people.safe.length + people.missing.length;
  const header: [string, string][] = [
    [t("org-reports:rollCall.location"), `${rollCall.locationName} (${zone})`],
    [t("org-reports:rollCall.kind"), kind],
    [
      t("org-reports:rollCall.status"),
      open ? t("org-reports:rollCall.inProgress") : t("org-reports:rollCall.ended"),
    ],
    [t("org-reports:rollCall.startedBy"), `${rollCall.startedByName} · ${at(rollCall.startedAt)}`],
    [
      t("org-reports:rollCall.endedBy"),
      open
        ? t("org-reports:rollCall.notEnded")
        : `${rollCall.endedByName ?? ""} · ${at(rollCall.endedAt)}`,
    ],
    [
      t("org-reports:rollCall.duration"),
      duration(t, rollCall.startedAt, rollCall.endedAt ?? new Date()),
    ],
    [
      t("org-reports:rollCall.counts"),
      t("org-reports:rollCall.countsValue", {
        total,
        safe: people.safe.length,
        missing: people.missing.length,
      }),
    ],
  ];
  const method = (m: string | null) => (m ? t(`org-reports:method.${m}`, { defaultValue: m }) : "");
  const alerted = (p: (typeof people.missing)[number]) =>
    rollCall.drill
      ? t("org-reports:rollCall.alertedDrill")
      : p.alertId
        ? t("org-reports:rollCall.alertedYes", { at: at(p.alertedAt) })
        : t("org-reports:rollCall.alertedNo");
  const safeRows = people.safe.map((p) => [
    p.personName,
    p.groupName ?? "",
    at(p.markedAt),
    p.markedByName ?? "",
    method(p.method),
  ]);
  const missingRows = people.missing.map((p) => [p.personName, p.groupName ?? "", alerted(p)]);
  const events = () =>
    mapPages(keysetPages(rollCallEventsPage.bind(null, db, rollCall.id)), (e) => [
      at(e.createdAt),
      t(`org-reports:event.${e.type}`, { defaultValue: e.type }),
      e.personName ?? "",
      e.actorName ?? "",
      method(e.method),
    ]);
  const name = `safetap-${org.org.slug}-roll-call-${startedDay}-${rollCall.kind}${rollCall.drill ? "-drill" : ""}`;
  const c = (key: string) => t(`org-reports:columns.${key}`);
  const once = async function* (rows: Rows) {
    if (rows.length) yield rows;
  };
  const title = t("org-reports:pdf.rollCallTitle", { org: org.org.name });
  if (format === "csv") {
    const status = open ? [[t("org-reports:rollCall.inProgressBanner")]] : [];
    return download(
      csvStream([
        {
          title: rollCall.drill ? `${title} — ${t("org-reports:drillBanner")}` : title,
          header: [c("field"), c("value")],
          rows: once([...header, ...status]),
        },
        {
          title: t("org-reports:pdf.timeline"),
          header: ["time", "event", "person", "actor", "method"].map(c),
          rows: events(),
        },
        {
          title: t("org-reports:pdf.safe"),
          header: ["person", "group", "markedAt", "markedBy", "method"].map(c),
          rows: once(safeRows),
        },
        {
          title: t("org-reports:pdf.missing"),
          header: ["person", "group", "alerted"].map(c),
          rows: once(missingRows),
        },
      ]),
      name,
      "csv",
    );
  }
  const banner = [
    rollCall.drill ? t("org-reports:drillBanner") : null,
    open ? t("org-reports:rollCall.inProgressShort") : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const pdf = reportPdf(t, title, banner || null);
  pdf.lines([t("org-reports:pdf.generated", { date: localSecond(new Date(), "UTC") })]);
  const body = { font: "body", size: 9 } as const;
  return download(
    pdfStream(pdf, async function* (flush) {
      const facts = cols(t, [
        ["field", 0.25],
        ["value", 0.75],
      ]);
      pdf.gap(0.4);
      for (const row of header) pdf.row(row, facts, body);
      const timeline = cols(t, [
        ["time", 0.18],
        ["event", 0.2],
        ["person", 0.22],
        ["actor", 0.22],
        ["method", 0.18],
      ]);
      pdf.heading(t("org-reports:pdf.timeline")).table([{ columns: timeline }]);
      for await (const page of events()) {
        for (const row of page) pdf.row(row.map(String), timeline, body);
        yield* flush();
      }
      const safe = cols(t, [
        ["person", 0.26],
        ["group", 0.12],
        ["markedAt", 0.2],
        ["markedBy", 0.24],
        ["method", 0.18],
      ]);
      pdf.heading(t("org-reports:pdf.safe")).table([{ columns: safe }]);
      for (const row of safeRows) pdf.row(row, safe, body);
      if (safeRows.length === 0) pdf.gap().lines([t("org-reports:pdf.noneSafe")]);
      yield* flush();
      const missing = cols(t, [
        ["person", 0.4],
        ["group", 0.2],
        ["alerted", 0.4],
      ]);
      pdf.heading(t("org-reports:pdf.missing")).table([{ columns: missing }]);
      for (const row of missingRows) pdf.row(row, missing, body);
      if (missingRows.length === 0) pdf.gap().lines([t("org-reports:pdf.noneMissing")]);
    }),
    name,
    "pdf",
  );
}
