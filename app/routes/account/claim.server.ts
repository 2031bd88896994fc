import { eq } from "drizzle-orm";
import { type AppLoadContext, data, redirect } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { claimablePeople, claimFailureNotice, formPersonId } from "#app/lib/claim.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import type { NoticeKey } from "#app/lib/notices.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { tags } from "#server/db/schema.ts";
import { normaliseTagId } from "#server/domain/public-card.ts";
import { claimTag } from "#server/domain/tag-lifecycle.ts";

/** To the dashboard's QR Tags card, with a notice about this tag there (decision 023). */
const toTags = (notice: NoticeKey, context: AppLoadContext, person?: string, userId?: string) =>
  redirect(
    person && person !== userId
      ? `/dashboard?person=${encodeURIComponent(person)}&tab=tags`
      : "/dashboard?tab=tags",
    {
      headers: { "Set-Cookie": noticeCookie(notice, context.services.config.isProduction) },
    },
  );

/**
 * Who is looking at /claim/{tagId}. One answer for every well-formed id,
 * whether it exists, is free or is taken, so the page cannot be used to list
 * tags (issue 13 item 6, decision 112); only a claim, which needs the token,
 * says more. A malformed id goes home; the tag's own owner goes to the dashboard.
 */
export async function claimVisitor(request: Request, context: AppLoadContext, rawTagId: string) {
  const tagId = normaliseTagId(rawTagId);
  if (!tagId) throw redirect("/");
  const user = await getSessionUser(request, context);
  if (user) {
    const [tag] = await context.services.db
      .select({ userId: tags.userId })
      .from(tags)
      .where(eq(tags.id, tagId))
      .limit(1);
    if (tag?.userId === user.id) throw toTags("tag-already-owned", context);
  }
  return {
    tagId,
    signedIn: Boolean(user),
    people: user ? await claimablePeople(context.services.db, user.id) : [],
  };
}

/** The claim form: signed in, a claim with the token goes to the dashboard's tags; else why not. */
export async function claimWithToken(request: Request, context: AppLoadContext, rawTagId: string) {
  const user = await getSessionUser(request, context);
  if (!user) {
    return data(
      { notice: { tone: "error", title: "tags:errors.signInRequired" } as NoticeData },
      { status: 401 },
    );
  }
  const form = await request.formData();
  const person = formPersonId(form);
  const result = await claimTag(context.services, {
    userId: user.id,
    profileId: person,
    tagId: rawTagId,
    token: form.get("token"),
    clientAddress: context.clientAddress,
  });
  if (result.ok) return toTags("tag-claimed", context, person, user.id);
  if (result.reason === "already_owned") return toTags("tag-already-owned", context);
  return data(
    { notice: claimFailureNotice(result, "tags:errors.claimFailed") },
    { status: result.reason === "rate_limited" ? 429 : 400 },
  );
}
