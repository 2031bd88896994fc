import type { AppLoadContext } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { tagIdFromScan } from "#core/reader.ts";
import { alertRollCall } from "#server/alerts/roll-call.ts";
import {
  actorOf,
  endRollCall,
  findRollCall,
  lastRollCallSeq,
  type MarkResult,
  markSafe,
  markSafeByTag,
  ROLL_CALL_RULES,
  type RollCallDetail,
  rollCallEventsAfter,
  rollCallPeopleOf,
  type ScanMarkResult,
  unmarkSafe,
} from "#server/domain/roll-calls.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import { answer, notFound, timeWriter, viewerTimeZone } from "./org-page.server.ts";

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FORM = "roll-call";

/** The notice a start or join leaves in the address (`?notice=`), read once by the page. */
function arrivalNotice(value: string | null) {
  if (value === "joined") {
    return { tone: "success" as const, title: "roll-call:notices.joined" };
  }
  const started = value?.match(/^started-(\d{1,6})$/);
  if (started) {
    return {
      tone: "success" as const,
      title: "roll-call:notices.started",
      values: { count: Number(started[1]) },
    };
  }
  return null;
}

/**
 * /org/{slug}/roll-call/{id}: the two lists with their counts while it is open; the frozen report
 * once it has ended (decision 143). Another organisation's roll call, or one at a location the
 * asker does not work at, is not found.
 */
export async function rollCallPage(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  rollCallId?: string,
) {
  const org = await requireOrg(request, context, slug, { rollCall: ["run"] });
  const { db } = context.services;
  const call = await findRollCall(db, org, rollCallId);
  if (!call) notFound();
  const url = new URL(request.url);
  const write = timeWriter(request, await viewerTimeZone(context, org.userId));
  const zone = call.timeZone;
  const [people, seq] = await Promise.all([
    rollCallPeopleOf(db, call.id),
    lastRollCallSeq(db, call.id),
  ]);
  const open = call.status === "open";
  const timeline = open ? [] : await rollCallEventsAfter(db, call.id, 0, 20_000);
  const i18n = requestI18n(request);
  return {
    seo: {
      title: `${call.drill ? `${i18n.t("roll-call:drill")} · ` : ""}${i18n.t(
        "roll-call:page.title",
        {
          kind: i18n.t(`roll-call:kinds.${call.kind}`),
          place: call.locationName,
        },
      )}`,
      description: "",
    },
    slug: org.org.slug,
    language: i18n.language,
    query: (url.searchParams.get("q") ?? "").slice(0, 100),
    arrival: arrivalNotice(url.searchParams.get("notice")),
    rollCall: {
      id: call.id,
      kind: call.kind,
      drill: call.drill,
      open,
      place: call.locationName,
      timeZone: zone,
      startedBy: call.startedByName,
      started: write(call.createdAt, zone),
      alertAt: write(call.alertAt, zone),
      alerted: call.alertedAt ? write(call.alertedAt, zone) : null,
      ended: call.endedAt ? write(call.endedAt, zone) : null,
      endedBy: call.endedByName,
    },
    seq,
    people: people.map((p) => ({
      profileId: p.profileId,
      name: p.personName,
      group: p.groupName,
      safe: p.status === "safe",
      marked: p.markedAt ? write(p.markedAt, zone) : null,
      markedBy: p.markedByName,
      method: p.method,
      alerted: p.alertId !== null,
    })),
    timeline: timeline.map((e) => ({ ...e, time: write(new Date(e.at), zone).time })),
  };
}

const REFUSALS: Record<string, { key: string; status: number }> = {
  ended: { key: "endedRefused", status: 409 },
  gone: { key: "endedRefused", status: 404 },
  not_listed: { key: "notListed", status: 404 },
  invalid_tag: { key: "invalidTag", status: 404 },
  inactive_tag: { key: "inactiveTag", status: 409 },
  other_organization: { key: "otherOrganization", status: 403 },
  already_alerted: { key: "alreadyAlerted", status: 409 },
};

function refusal(reason: string, values?: Record<string, string | number>) {
  const refused = REFUSALS[reason] ?? { key: reason, status: 400 };
  return answer(
    FORM,
    {
      tone: "error",
      title: "roll-call:notices.error",
      description: `roll-call:notices.${refused.key}`,
      values,
    },
    refused.status,
  );
}

function marked(result: MarkResult | ScanMarkResult, undo = false) {
  if (!result.ok) return refusal(result.reason);
  const title = undo
    ? "roll-call:notices.unmarked"
    : result.added
      ? "roll-call:notices.added"
      : result.changed
        ? "roll-call:notices.marked"
        : "roll-call:notices.alreadySafe";
  return answer(FORM, { tone: "success", title, values: { name: result.personName } });
}

/** Marks (tap, undo, scan), "Alert contacts now" and End (which asks first). */
export async function rollCallAction(
  request: Request,
  context: AppLoadContext,
  slug?: string,
  rollCallId?: string,
) {
  const org = await requireOrg(request, context, slug, { rollCall: ["run"] });
  const { services } = context;
  const call: RollCallDetail | null = await findRollCall(services.db, org, rollCallId);
  if (!call) notFound();
  const form = await request.formData();
  const intent = form.get("intent");
  const actor = await actorOf(services.db, org.userId);
  const base = { rollCallId: call.id, actor, clientAddress: context.clientAddress };
  const profileId = form.get("profileId");

  if (intent === "mark" || intent === "unmark") {
    if (typeof profileId !== "string" || !PROFILE_ID.test(profileId)) {
      return refusal("not_listed");
    }
    return intent === "mark"
      ? marked(await markSafe(services, { ...base, profileId, method: "tap" }))
      : marked(await unmarkSafe(services, { ...base, profileId }), true);
  }
  if (intent === "scan") {
    if (call.status !== "open") return refusal("ended");
    const raw = form.get("tag");
    if (typeof raw !== "string" || !raw.trim()) return refusal("tagRequired");
    const limited = await consumeAll(services.limiter, [[ROLL_CALL_RULES.scanUser, org.userId]]);
    if (!limited.allowed) {
      return refusal("tooMany", { count: Math.max(1, Math.ceil(limited.retryAfterSeconds / 60)) });
    }
    const tagId = tagIdFromScan(raw);
    if (!tagId) return refusal("invalid_tag");
    return marked(await markSafeByTag(services, { ...base, organizationId: org.org.id, tagId }));
  }
  if (intent === "alert") {
    const result = await alertRollCall(services, call.id, actor, context.clientAddress);
    if (!result.ok) return refusal(result.reason);
    return answer(FORM, {
      tone: "success",
      title: result.drill ? "roll-call:notices.drillAlerted" : "roll-call:notices.alerted",
      values: { count: result.alerted },
    });
  }
  if (intent === "end") {
    if (form.get("confirm") !== "yes") return refusal("confirmEnd");
    const ended = await endRollCall(services, org, call.id, context.clientAddress);
    if (!ended) return refusal("ended");
    return answer(FORM, { tone: "success", title: "roll-call:notices.ended" });
  }
  return refusal("error");
}
