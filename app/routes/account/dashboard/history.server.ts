import { Readable } from "node:stream";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { alertTexts, deliveryTexts, type Translate, utcMinute } from "#app/lib/alert-texts.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { mapUrl } from "#core/alert-links.ts";
import {
  ALERT_SOURCES,
  type AlertSource,
  HISTORY_EXPORT_RULE,
  type HistoryAlert,
  type HistoryFilter,
  historyScope,
  listAlertHistory,
  listAlertPlaces,
} from "#server/alerts/history.ts";
import { historyPdf } from "#server/alerts/history-pdf.ts";
import { toCsv } from "#server/domain/csv.ts";
import { listPeople } from "#server/domain/people.ts";

/** Alerts on one page of /dashboard/history. */
export const HISTORY_PAGE_SIZE = 50;
/** At most this many alerts go into one export (newest first); the file says when cut. */
export const HISTORY_EXPORT_LIMIT = 5_000;
/** The family map shows the newest this many places. */
export const MAP_PLACES_LIMIT = 500;
const MAX_PAGE = 10_000;

export type HistoryFilterError = "from" | "to" | "range" | "person" | "source" | "page";

export interface HistoryQuery {
  filter: HistoryFilter;
  /** The filters as the form shows them again. */
  values: { person: string; source: string; from: string; to: string };
  page: number;
  errors: HistoryFilterError[];
}

/** The history's address: each field on its own, so each problem is named on its own. */
const historyQuerySchema = {
  source: z.enum(ALERT_SOURCES),
  from: z.iso.date(),
  to: z.iso.date(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE),
};

/**
 * The history's filters from the address: a person among those the viewer sees (anyone else's
 * id, or one that does not exist, is refused alike), a source, a day range in UTC (both days
 * included) and a page number. Every problem is named; nothing is guessed.
 */
export function parseHistoryQuery(url: URL, visiblePeople: readonly string[]): HistoryQuery {
  const read = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 100);
  const values = {
    person: read("person"),
    source: read("source"),
    from: read("from"),
    to: read("to"),
  };
  const errors: HistoryFilterError[] = [];
  const field = <T>(name: keyof typeof historyQuerySchema, raw: string): T | undefined => {
    if (!raw) return undefined;
    const parsed = historyQuerySchema[name].safeParse(raw);
    if (parsed.success) return parsed.data as T;
    errors.push(name);
    return undefined;
  };
  const filter: HistoryFilter = {};
  if (values.person) {
    if (visiblePeople.includes(values.person)) filter.profileId = values.person;
    else errors.push("person");
  }
  filter.source = field<AlertSource>("source", values.source);
  const from = field<string>("from", values.from);
  const to = field<string>("to", values.to);
  if (from) filter.from = new Date(`${from}T00:00:00.000Z`);
  if (to) filter.to = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000);
  if (filter.from && filter.to && filter.from >= filter.to) errors.push("range");
  const page = field<number>("page", read("page")) ?? 1;
  return { filter, values, page, errors };
}

/** The filters as an address query (no page), for the export links and the next page. */
function filterSearch(values: HistoryQuery["values"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

async function viewerData(context: AppLoadContext, userId: string) {
  const { db } = context.services;
  const [people, scope] = await Promise.all([listPeople(db, userId), historyScope(db, userId)]);
  return { people, scope };
}

/** What /dashboard/history shows: one page of the household's alerts under the filters. */
export async function historyPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/auth?mode=signin&redirect=/dashboard/history");
  const { db } = context.services;
  const { people, scope } = await viewerData(context, user.id);
  const url = new URL(request.url);
  const query = parseHistoryQuery(
    url,
    people.map((p) => p.id),
  );
  const valid = query.errors.length === 0;
  const result = valid
    ? await listAlertHistory(db, scope, query.filter, {
        limit: HISTORY_PAGE_SIZE,
        offset: (query.page - 1) * HISTORY_PAGE_SIZE,
      })
    : { alerts: [], hasMore: false };
  const t = requestI18n(request).t;
  return {
    seo: { title: t("history:seo.title"), description: t("history:seo.description") },
    people: people.map((p) => ({ id: p.id, name: p.fullName ?? "" })),
    sources: ALERT_SOURCES,
    values: query.values,
    errors: query.errors,
    page: query.page,
    hasMore: result.hasMore,
    search: filterSearch(query.values),
    freeLimit: scope.visible,
    alerts: result.alerts.map(serialiseAlert),
  };
}

function serialiseAlert(alert: HistoryAlert) {
  return {
    id: alert.id,
    personName: alert.personName ?? "",
    source: alert.source,
    status: alert.status,
    tagId: alert.tagId,
    createdAt: alert.createdAt.toISOString(),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    mapUrl: alert.latitude && alert.longitude ? mapUrl(alert.latitude, alert.longitude) : null,
    deliveries: alert.deliveries.map((d) => ({
      id: d.id,
      contactName: d.contactName,
      channel: d.channel,
      kind: d.kind,
      status: d.status,
      note: d.note,
      sentAt: d.sentAt?.toISOString() ?? null,
      acknowledgedAt: d.acknowledgedAt?.toISOString() ?? null,
    })),
  };
}

const plain = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * The alerts an export holds, scoped and filtered exactly like the page; a refusal (signed out,
 * bad filter) as a plain response.
 */
async function exportData(request: Request, context: AppLoadContext) {
  const i18n = requestI18n(request);
  const t = i18n.t as unknown as Translate;
  const user = await getSessionUser(request, context);
  if (!user) return { refusal: plain("Sign in required", 401) } as const;
  const { people, scope } = await viewerData(context, user.id);
  const query = parseHistoryQuery(
    new URL(request.url),
    people.map((p) => p.id),
  );
  if (query.errors.length > 0) {
    return {
      refusal: plain(query.errors.map((e) => t(`history:errors.${e}`)).join("\n"), 400),
    } as const;
  }
  const limit = await context.services.limiter.consume(HISTORY_EXPORT_RULE, user.id);
  if (!limit.allowed) {
    const refusal = plain(t("history:errors.tooMany"), 429);
    refusal.headers.set("Retry-After", String(limit.retryAfterSeconds));
    return { refusal } as const;
  }
  const { alerts, hasMore } = await listAlertHistory(context.services.db, scope, query.filter, {
    limit: HISTORY_EXPORT_LIMIT,
    offset: 0,
  });
  const person = people.find((p) => p.id === query.filter.profileId);
  const filters = [
    person ? `${t("history:filters.person")}: ${person.fullName ?? ""}` : null,
    query.filter.source
      ? `${t("history:filters.source")}: ${t(`history:source.${query.filter.source}`)}`
      : null,
    query.values.from ? `${t("history:filters.from")}: ${query.values.from}` : null,
    query.values.to ? `${t("history:filters.to")}: ${query.values.to}` : null,
  ].filter((line): line is string => line !== null);
  const name = [
    "safetap-alert-history",
    query.values.from ? `from-${query.values.from}` : null,
    query.values.to ? `to-${query.values.to}` : null,
  ]
    .filter(Boolean)
    .join("-");
  return { t, alerts, truncated: hasMore, filters, scope, name } as const;
}

const COLUMNS = [
  "date",
  "person",
  "source",
  "tag",
  "status",
  "location",
  "contact",
  "kind",
  "channel",
  "delivery",
  "note",
  "sentAt",
  "acknowledgedAt",
] as const;

/** /dashboard/history.csv: one row per message (an alert without messages gets one row). */
export async function historyCsv(request: Request, context: AppLoadContext) {
  const data = await exportData(request, context);
  if ("refusal" in data) return data.refusal;
  const { t, alerts } = data;
  const rows = alerts.flatMap((alert) => {
    const texts = alertTexts(t, alert);
    const head = [
      utcMinute(alert.createdAt),
      alert.personName ?? "",
      texts.source,
      alert.tagId ?? "",
      texts.status,
      alert.latitude && alert.longitude ? mapUrl(alert.latitude, alert.longitude) : "",
    ];
    if (alert.deliveries.length === 0) return [[...head, "", "", "", "", "", "", ""]];
    return alert.deliveries.map((delivery) => {
      const d = deliveryTexts(t, delivery);
      return [
        ...head,
        d.contact,
        d.kind,
        d.channel,
        d.status,
        d.note,
        utcMinute(delivery.sentAt),
        utcMinute(delivery.acknowledgedAt),
      ];
    });
  });
  const header = COLUMNS.map((column) => t(`history:columns.${column}`));
  // The byte order mark lets spreadsheet programs read accented names as UTF-8.
  return new Response(`\uFEFF${toCsv(header, rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${data.name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** /dashboard/history.pdf: the same alerts as a printable table, streamed as it is drawn. */
export async function historyPdfExport(request: Request, context: AppLoadContext) {
  const data = await exportData(request, context);
  if ("refusal" in data) return data.refusal;
  const { t, alerts } = data;
  const lines = [
    t("history:pdf.generated", { date: utcMinute(new Date()) }),
    t("history:filters.summary", {
      filters: data.filters.length > 0 ? data.filters.join(" · ") : t("history:filters.none"),
    }),
  ];
  if (data.scope.visible !== null) {
    lines.push(t("history:page.freeLimit", { count: data.scope.visible }));
  }
  if (data.truncated) lines.push(t("history:pdf.truncated", { count: HISTORY_EXPORT_LIMIT }));
  const doc = historyPdf({
    title: t("history:pdf.title"),
    lines,
    alertColumns: [
      { header: t("history:columns.date"), share: 0.14 },
      { header: t("history:columns.person"), share: 0.2 },
      { header: t("history:columns.source"), share: 0.12 },
      { header: t("history:columns.tag"), share: 0.1 },
      { header: t("history:columns.status"), share: 0.14 },
      { header: t("history:columns.location"), share: 0.3 },
    ],
    deliveryColumns: [
      { header: t("history:columns.contact"), share: 0.2 },
      { header: t("history:columns.kind"), share: 0.1 },
      { header: t("history:columns.channel"), share: 0.12 },
      { header: t("history:columns.delivery"), share: 0.16 },
      { header: t("history:columns.note"), share: 0.26 },
      {
        header: `${t("history:columns.sentAt")} / ${t("history:columns.acknowledgedAt")}`,
        share: 0.16,
      },
    ],
    alerts: alerts.map((alert) => {
      const texts = alertTexts(t, alert);
      return {
        cells: [
          utcMinute(alert.createdAt),
          alert.personName ?? "",
          texts.source,
          alert.tagId ?? "",
          texts.status,
          alert.latitude && alert.longitude ? mapUrl(alert.latitude, alert.longitude) : "",
        ],
        deliveries: alert.deliveries.map((delivery) => {
          const d = deliveryTexts(t, delivery);
          const times = [
            delivery.sentAt ? t("history:pdf.sent", { date: utcMinute(delivery.sentAt) }) : "",
            delivery.acknowledgedAt
              ? t("history:pdf.answered", { date: utcMinute(delivery.acknowledgedAt) })
              : "",
          ]
            .filter(Boolean)
            .join("\n");
          return [d.contact, d.kind, d.channel, d.status, d.note, times];
        }),
      };
    }),
    empty: t("history:page.empty"),
    pageLabel: (page) => t("history:pdf.page", { page }),
  });
  return new Response(Readable.toWeb(doc) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${data.name}.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}

/** What /dashboard/map shows: the located alerts, grouped per person, newest first. */
export async function mapPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/auth?mode=signin&redirect=/dashboard/map");
  const { people, scope } = await viewerData(context, user.id);
  const places = await listAlertPlaces(context.services.db, scope, MAP_PLACES_LIMIT);
  const names = new Map(people.map((p) => [p.id, p.fullName ?? ""]));
  // Groups in the order of each person's newest place (the places come newest first).
  const groups = new Map<
    string,
    {
      profileId: string;
      name: string;
      places: {
        id: string;
        source: string;
        createdAt: string;
        latitude: number;
        longitude: number;
        url: string;
      }[];
    }
  >();
  for (const place of places) {
    const latitude = Number(place.latitude);
    const longitude = Number(place.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const group = groups.get(place.profileId) ?? {
      profileId: place.profileId,
      name: names.get(place.profileId) ?? place.personName ?? "",
      places: [],
    };
    group.places.push({
      id: place.id,
      source: place.source,
      createdAt: place.createdAt.toISOString(),
      latitude,
      longitude,
      url: mapUrl(place.latitude, place.longitude),
    });
    groups.set(place.profileId, group);
  }
  const t = requestI18n(request).t;
  return {
    seo: { title: t("history:seo.mapTitle"), description: t("history:seo.mapDescription") },
    groups: [...groups.values()],
    limited: places.length >= MAP_PLACES_LIMIT ? MAP_PLACES_LIMIT : null,
    freeLimit: scope.visible,
  };
}
