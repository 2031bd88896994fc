import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DashboardActionData } from "#app/components/dashboard/action-data.ts";
import type { NoticeData } from "#app/components/notice.tsx";
import { isIdempotencyKey, raiseAlert } from "#server/alerts/create.ts";
import { consumeTestAlert } from "#server/alerts/toll-limits.ts";
import { tags } from "#server/db/schema.ts";
import { testReachedNobody } from "#server/domain/contact-consent.ts";
import { normaliseTagId } from "#server/domain/public-card.ts";
import {
  findAlertableTag,
  markTagFound,
  markTagLost,
  setScanNotices,
  setTagVisibility,
  unlinkTag,
} from "#server/domain/tag-lifecycle.ts";
import { formPerson } from "./people.server.ts";

export const TAG_INTENTS = new Set([
  "markLost",
  "found",
  "unlink",
  "testAlert",
  "visibility",
  "scanNotices",
]);

/** Mark Lost and Unlink act only on the second, confirming submit (`confirm=yes`). */
const CONFIRMED = new Set(["markLost", "unlink"]);

const notice = (tone: NoticeData["tone"], title: string, description?: string): NoticeData => ({
  tone,
  title: `account:tags.${title}`,
  description: description ? `account:tags.${description}` : undefined,
});

/**
 * The QR Tags card's actions. Every one is scoped to the signed-in owner in
 * the domain function it calls: another user's tag id changes nothing. The form's `person` must
 * be one the user manages and the tag that person's (decision 129); a test alert reaches that
 * person's contacts.
 */
export async function handleTagAction(
  context: AppLoadContext,
  userId: string,
  intent: string,
  form: FormData,
): Promise<DashboardActionData> {
  const { services, clientAddress } = context;
  const tagId = normaliseTagId(String(form.get("tagId") ?? ""));
  const reply = (n: NoticeData): DashboardActionData => ({
    notice: n,
    form: "tags",
    tagId: tagId ?? undefined,
  });
  if (!tagId) return reply(notice("error", "notYours"));
  const person = await formPerson(services.db, userId, form);
  if (!person) {
    return reply({
      tone: "error",
      title: "account:people.notFoundTitle",
      description: "account:people.notFound",
    });
  }
  const [tag] = await services.db
    .select({ profileId: tags.profileId, userId: tags.userId })
    .from(tags)
    .where(eq(tags.id, tagId))
    .limit(1);
  // A tag of another person (or nobody's) gets the same answer as another user's tag. A tag
  // without a person is its account's own (as an alert without one is).
  const ours = Boolean(tag) && (tag!.profileId ?? tag!.userId) === person.profileId;
  if (CONFIRMED.has(intent) && form.get("confirm") !== "yes") {
    return reply(
      notice("error", intent === "markLost" ? "lostFailed" : "unlinkFailed", "notConfirmed"),
    );
  }

  switch (intent) {
    case "markLost":
      return ours && (await markTagLost(services, userId, tagId, clientAddress))
        ? reply(notice("success", "lostDone", "lostDoneBody"))
        : reply(notice("error", "lostFailed", "notYours"));
    case "found":
      return ours && (await markTagFound(services, userId, tagId, clientAddress))
        ? reply(notice("success", "foundDone", "foundDoneBody"))
        : reply(notice("error", "foundFailed", "notYours"));
    case "unlink":
      return ours && (await unlinkTag(services, userId, tagId, clientAddress))
        ? reply(notice("success", "unlinked", "unlinkedBody"))
        : reply(notice("error", "unlinkFailed", "notYours"));
    case "visibility": {
      const saved =
        ours &&
        (await setTagVisibility(services, userId, tagId, {
          showMedical: form.get("showMedical") === "on",
          showContacts: form.get("showContacts") === "on",
        }));
      return saved
        ? reply(notice("success", "saved"))
        : reply(notice("error", "saveFailed", "notYours"));
    }
    case "scanNotices": {
      const on = form.get("notify") === "on";
      return ours && (await setScanNotices(services, userId, tagId, on))
        ? reply(notice("success", on ? "scanNoticesOnDone" : "scanNoticesOffDone"))
        : reply(notice("error", "saveFailed", "notYours"));
    }
    default: {
      if (!ours || !(await findAlertableTag(services, userId, tagId))) {
        return reply(notice("error", "testFailed", "notYours"));
      }
      if (!(await consumeTestAlert(services, userId)).allowed) {
        return reply(notice("error", "testFailed", "testTooMany"));
      }
      const key = String(form.get("idempotencyKey") ?? "");
      const raised = await raiseAlert(services, {
        source: "test",
        userId,
        profileId: person.profileId,
        tagId,
        idempotencyKey: isIdempotencyKey(key) ? `${key}-${tagId}` : crypto.randomUUID(),
        location: null,
        clientAddress,
      });
      if (raised.contactsReached === 0) {
        // None of the person's contacts confirmed yet, or there are none (decision 148).
        return reply({
          ...notice("error", "testFailed"),
          description: await testReachedNobody(services, person.profileId),
        });
      }
      // The same press again (a resent form): say so instead of claiming a new send.
      return raised.created
        ? reply(notice("success", "testSent", "testSentBody"))
        : reply(notice("success", "testSent", "testRepeat"));
    }
  }
}
