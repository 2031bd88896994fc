import { and, asc, eq, inArray } from "drizzle-orm";
import { type AppLoadContext, redirect } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { isRollCallKind, ROLL_CALL_ALERT_MINUTES, ROLL_CALL_KINDS } from "#core/roll-call.ts";
import { orgLocations } from "#server/db/schema.ts";
import type { OrgContext } from "#server/domain/organizations.ts";
import { listRollCalls, ROLL_CALL_RULES, startRollCall } from "#server/domain/roll-calls.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import { answer, postedValues, timeWriter, viewerTimeZone } from "./org-page.server.ts";

const START_FIELDS = ["locationId", "kind", "drill", "minutes"] as const;

/** The locations the asker may run a roll call at (all of them for owners and admins). */
async function rollCallLocations(context: AppLoadContext, org: OrgContext) {
  return context.services.db
    .select({ id: orgLocations.id, name: orgLocations.name })
    .from(orgLocations)
    .where(
      and(
        eq(orgLocations.organizationId, org.org.id),
        org.locationIds ? inArray(orgLocations.id, org.locationIds) : undefined,
      ),
    )
    .orderBy(asc(orgLocations.name));
}

/** /org/{slug}/roll-call: open and past roll calls at the asker's locations, and the Start form. */
export async function rollCallsPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { rollCall: ["run"] });
  const { db } = context.services;
  const write = timeWriter(request, await viewerTimeZone(context, org.userId));
  const calls = await listRollCalls(db, org);
  return {
    seo: {
      title: requestI18n(request).t("roll-call:title", { name: org.org.name }),
      description: "",
    },
    slug: org.org.slug,
    locations: await rollCallLocations(context, org),
    kinds: ROLL_CALL_KINDS,
    minutes: ROLL_CALL_ALERT_MINUTES,
    rollCalls: calls.map((call) => ({
      id: call.id,
      kind: call.kind,
      drill: call.drill,
      open: call.status === "open",
      place: call.locationName,
      startedBy: call.startedByName,
      started: write(call.createdAt, call.timeZone),
      people: call.people,
      safe: call.safe,
    })),
  };
}

/**
 * Starts a roll call (or joins the open one at that location, and says so). The location is
 * looked up inside the organisation and among the asker's own locations.
 */
export async function rollCallsAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { rollCall: ["run"] });
  const form = await request.formData();
  const values = postedValues(form, START_FIELDS);
  const fieldErrors: Record<string, string> = {};
  const locationId = typeof values.locationId === "string" ? values.locationId : "";
  const kind = values.kind;
  if (!isRollCallKind(kind)) fieldErrors.kind = "roll-call:notices.kindRequired";
  const minutesText = typeof values.minutes === "string" ? values.minutes.trim() : "";
  const minutes = /^\d{1,3}$/.test(minutesText) ? Number(minutesText) : Number.NaN;
  if (
    !Number.isInteger(minutes) ||
    minutes < ROLL_CALL_ALERT_MINUTES.min ||
    minutes > ROLL_CALL_ALERT_MINUTES.max
  ) {
    fieldErrors.minutes = "roll-call:notices.minutesRange";
  }
  const locations = await rollCallLocations(context, org);
  if (!locations.some((l) => l.id === locationId)) {
    fieldErrors.locationId = "roll-call:notices.unknownLocation";
  }
  const refuse = (description: string, status = 400, extra: Record<string, number> = {}) =>
    answer(
      "start",
      {
        tone: "error",
        title: "roll-call:notices.error",
        description,
        values: { ...ROLL_CALL_ALERT_MINUTES, ...extra },
      },
      status,
      { fieldErrors, values },
    );
  if (Object.keys(fieldErrors).length) return refuse(Object.values(fieldErrors)[0]!);

  const limited = await consumeAll(context.services.limiter, [
    [ROLL_CALL_RULES.startUser, org.userId],
  ]);
  if (!limited.allowed) {
    return refuse("roll-call:notices.tooMany", 429, {
      count: Math.max(1, Math.ceil(limited.retryAfterSeconds / 60)),
    });
  }
  const started = await startRollCall(
    context.services,
    org,
    {
      locationId,
      kind: kind as (typeof ROLL_CALL_KINDS)[number],
      drill: values.drill === "on" || values.drill === "yes",
      alertAfterMinutes: minutes,
    },
    context.clientAddress,
  );
  if (!started.ok) {
    fieldErrors.locationId = "roll-call:notices.unknownLocation";
    return refuse("roll-call:notices.unknownLocation");
  }
  const notice = started.joined ? "joined" : `started-${started.listed}`;
  throw redirect(`/org/${org.org.slug}/roll-call/${started.rollCallId}?notice=${notice}`);
}
