import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { type AppLoadContext, data, redirect } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { checkNoticeForm, NOTICE_LIMITS, type NoticeInput } from "#core/mass-notices.ts";
import type { OrgPermission } from "#core/organizations.ts";
import { orgLocations, user } from "#server/db/schema.ts";
import {
  findNotice,
  listNotices,
  type NoticeCounts,
  noticeReplies,
  orgLocationsIn,
  previewNotice,
  sendNotice,
} from "#server/domain/mass-notices.ts";
import { notFound, timeWriter, viewerTimeZone } from "./org-page.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEND: OrgPermission = { notices: ["send"] };

/** What the compose page's action answers: field messages, or the preview to confirm. */
export interface ComposeAnswer {
  values: { locationIds: string[]; audience: string; message: string; withReply: boolean };
  fieldErrors?: Record<string, string>;
  preview?: NoticeCounts & { locations: string[] };
  key: string;
}

/** /org/{slug}/notices: the notices sent, newest first, with their replies (owners and admins). */
export async function noticesPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, SEND);
  const { db } = context.services;
  const i18n = requestI18n(request);
  const time = timeWriter(request, await viewerTimeZone(context, org.userId));
  const notices = await listNotices(db, org.org.id);
  return {
    seo: { title: i18n.t("mass-notices:list.title", { name: org.org.name }), description: "" },
    notices: notices.map((n) => ({
      id: n.id,
      message: n.message,
      by: n.createdByName,
      sent: time(n.createdAt, null),
      withReply: n.withReply,
      counts: n.counts,
      replies: n.replies,
    })),
  };
}

async function locationChoices(context: AppLoadContext, organizationId: string) {
  return context.services.db
    .select({ id: orgLocations.id, name: orgLocations.name })
    .from(orgLocations)
    .where(eq(orgLocations.organizationId, organizationId))
    .orderBy(asc(orgLocations.name));
}

/** /org/{slug}/notices/new: the compose form, with a fresh idempotency key for its send. */
export async function composePage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, SEND);
  const i18n = requestI18n(request);
  return {
    seo: { title: i18n.t("mass-notices:compose.title", { name: org.org.name }), description: "" },
    locations: await locationChoices(context, org.org.id),
    key: randomUUID(),
    limit: NOTICE_LIMITS.message,
  };
}

/**
 * The compose form's three steps, all plain POSTs: `preview` checks the form and counts people,
 * messages and what the plan holds back; `edit` goes back to the form with its values; `send`
 * checks everything again and sends once per key (a repeated POST finds the first notice).
 */
export async function composeAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, SEND);
  const { services } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  const key = form.get("key");
  if (typeof key !== "string" || !UUID.test(key)) {
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
  const raw = form.get("message");
  const values: ComposeAnswer["values"] = {
    locationIds: form
      .getAll("locationId")
      .slice(0, NOTICE_LIMITS.locations)
      .filter((v): v is string => typeof v === "string"),
    audience: String(form.get("audience") ?? ""),
    message: typeof raw === "string" ? raw.slice(0, NOTICE_LIMITS.message * 4) : "",
    withReply: form.get("withReply") === "on" || form.get("withReply") === "yes",
  };
  const refuse = (fieldErrors: Record<string, string>) =>
    data<ComposeAnswer>({ values, fieldErrors, key }, { status: 400 });
  if (intent === "edit") return data<ComposeAnswer>({ values, key });
  const checked = checkNoticeForm(form);
  if (!checked.ok) return refuse(checked.errors);
  const input: NoticeInput = checked.values;
  const locations = await orgLocationsIn(services.db, org.org.id, input.locationIds);
  if (!locations) return refuse({ locationId: "mass-notices:errors.location" });

  if (intent === "preview") {
    const counts = await previewNotice(services.db, services.cipher, org.org, input);
    return data<ComposeAnswer>({
      values,
      key,
      preview: { ...counts, locations: locations.map((l) => l.name) },
    });
  }
  if (intent !== "send") throw data(null, { status: 400, statusText: "Bad Request" });
  const [asker] = await services.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, org.userId));
  const sent = await sendNotice(
    services,
    org.org,
    { userId: org.userId, name: asker?.name ?? "", clientAddress: context.clientAddress },
    key,
    input,
  );
  if (!sent.ok) notFound();
  return redirect(`/org/${org.org.slug}/notices/${sent.noticeId}`, 303);
}

/** /org/{slug}/notices/{id}: one notice, its counts and its replies (polled live by the page). */
export async function noticePage(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
  noticeId: string | undefined,
) {
  const org = await requireOrg(request, context, slug, SEND);
  const { db } = context.services;
  if (!noticeId || !UUID.test(noticeId)) notFound();
  const notice = await findNotice(db, org.org.id, noticeId);
  if (!notice) notFound();
  const i18n = requestI18n(request);
  const time = timeWriter(request, await viewerTimeZone(context, org.userId));
  const locations = (await orgLocationsIn(db, org.org.id, notice.locationIds)) ?? [];
  return {
    seo: { title: i18n.t("mass-notices:notice.title", { name: org.org.name }), description: "" },
    notice: {
      id: notice.id,
      message: notice.message,
      by: notice.createdByName,
      sent: time(notice.createdAt, null),
      audience: notice.audience,
      withReply: notice.withReply,
      counts: notice.counts,
      locations: locations.map((l) => l.name),
    },
    replies: await repliesNow(db, notice.id, time),
  };
}

async function repliesNow(
  db: AppLoadContext["services"]["db"],
  noticeId: string,
  time: ReturnType<typeof timeWriter>,
) {
  const replies = await noticeReplies(db, noticeId);
  const row = (r: (typeof replies.safe)[number]) => ({
    profileId: r.profileId,
    name: r.name,
    at: r.repliedAt ? time(r.repliedAt, null) : null,
  });
  return {
    tally: replies.tally,
    needHelp: replies.needHelp.map(row),
    safe: replies.safe.map(row),
  };
}

export type NoticeRepliesData = Awaited<ReturnType<typeof repliesNow>>;

/** /org/{slug}/notices/{id}/replies.json: the replies now, for the notice page's live counts. */
export async function noticeRepliesJson(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
  noticeId: string | undefined,
) {
  const org = await requireOrg(request, context, slug, SEND);
  const { db } = context.services;
  if (!noticeId || !UUID.test(noticeId)) notFound();
  const notice = await findNotice(db, org.org.id, noticeId);
  if (!notice) notFound();
  const time = timeWriter(request, await viewerTimeZone(context, org.userId));
  return Response.json(await repliesNow(db, notice.id, time), {
    headers: { "Cache-Control": "no-store" },
  });
}
