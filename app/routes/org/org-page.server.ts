import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import type { OrgFormAnswer } from "#app/components/org/form-answer.ts";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { formatAlertTime, timeZoneForCountry } from "#server/alerts/compose.ts";
import { profiles } from "#server/db/schema.ts";

/**
 * What the organisation's pages share on the server (decision 137): their refusals, their
 * forms' answers, and times written in a place's time zone.
 */

/** 404: not the organisation's, or not for the asker to see (the two are answered alike). */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** 403: the asker's role may not do this. */
export function forbidden(): never {
  throw data({ forbidden: true }, { status: 403, statusText: "Forbidden" });
}

/** A form's answer: which form, its notice, and on a refusal the fields' messages and values. */
export function answer(
  form: string,
  notice: NoticeData,
  status = 200,
  extra: Pick<OrgFormAnswer, "fieldErrors" | "values"> = {},
) {
  return data<OrgFormAnswer>({ form, notice, ...extra }, { status });
}

/** The form's text fields as posted, to put back in the form beside its messages. */
export function postedValues(form: FormData, names: readonly string[]) {
  const values: Record<string, string | string[]> = {};
  for (const name of names) {
    const all = form.getAll(name).filter((v): v is string => typeof v === "string");
    values[name] = all.length > 1 ? all : (all[0] ?? "");
  }
  return values;
}

/** The viewer's own time zone: their profile's country's (UTC when unknown). */
export async function viewerTimeZone(context: AppLoadContext, userId: string) {
  const [row] = await context.services.db
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return timeZoneForCountry(row?.country);
}

/**
 * Writes times in the request's language and the place's time zone (a location's), else the
 * viewer's, naming the zone: "Nov 24, 2026, 9:02 AM GMT".
 */
export function timeWriter(request: Request, viewerZone: string) {
  const { language } = requestI18n(request);
  return (at: Date, zone: string | null) => ({
    at: at.toISOString(),
    time: formatAlertTime(at, language, zone ?? viewerZone),
  });
}
