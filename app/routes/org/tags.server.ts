import { type AppLoadContext, data } from "react-router";
import type { NoticeData } from "#app/components/notice.tsx";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { orgAbilities, requireOrg } from "#app/lib/org.server.ts";
import { tagIdFromScan } from "#core/reader.ts";
import {
  assignOrgTag,
  findOrgTag,
  isOrgTagState,
  listOrgTags,
  markOrgTagFound,
  markOrgTagLost,
  orgTagCounts,
  searchOrgPeople,
  unassignOrgTag,
} from "#server/domain/org-tags.ts";

/**
 * /org/{slug}/tags: the organisation's tags with their state and person, filtered by state and
 * by a piece of the id; for those who assign tags, whom to give one to (`who`, a name or
 * external id) and the tag to give (`tag`, from Assign or Reassign on a row).
 */
export async function orgTagsPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { tags: ["read"] });
  const { db } = context.services;
  const url = new URL(request.url);
  const params = url.searchParams;
  const state = params.get("state");
  const query = (params.get("q") ?? "").slice(0, 50);
  const after = params.get("after");
  const can = orgAbilities(org);
  const [counts, page] = await Promise.all([
    orgTagCounts(db, org),
    listOrgTags(db, org, {
      state: isOrgTagState(state) ? state : null,
      query,
      after: after && after.length <= 50 ? after : null,
    }),
  ]);

  let assign = null;
  if (can.assignTags) {
    const who = (params.get("who") ?? "").slice(0, 100);
    const wantedTag = tagIdFromScan(params.get("tag") ?? "");
    const tag = wantedTag ? await findOrgTag(db, org.org.id, wantedTag) : null;
    assign = {
      who,
      people: await searchOrgPeople(db, org, who),
      tag: tag
        ? { id: tag.id, profileId: tag.profileId, personName: tag.personName, lost: tag.isLost }
        : null,
      /** A tag id from the address that is not the organisation's. */
      unknownTag: wantedTag && !tag ? wantedTag : null,
    };
  }
  const t = requestTranslator(request);
  return {
    seo: { title: t("org-tags:title", { name: org.org.name }), description: "" },
    slug: org.org.slug,
    canAssign: can.assignTags,
    filter: { state: isOrgTagState(state) ? state : "all", query },
    counts,
    tags: page.tags.map((tag) => ({
      ...tag,
      linkedAt: tag.linkedAt?.toISOString() ?? null,
      lastScannedAt: tag.lastScannedAt?.toISOString() ?? null,
    })),
    next: page.next,
    assign,
  };
}

export type OrgTagIntent = "assign" | "reassign" | "unassign" | "lost" | "found";
const INTENTS = new Set<string>(["assign", "reassign", "unassign", "lost", "found"]);
/** Unassign and Mark lost act only on the second, confirming submit (`confirm=yes`). */
const CONFIRMED = new Set<string>(["unassign", "lost"]);

export interface OrgTagActionData {
  notice: NoticeData;
  intent: OrgTagIntent | null;
  tagId: string | null;
}

const ns = (key: string) => `org-tags:${key}`;

/**
 * Assign, Reassign, Unassign, Mark lost and Found it, for those who assign tags. The tag and the
 * person are looked up inside the organisation: another organisation's tag or person is refused
 * and nothing changes.
 */
export async function orgTagsAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { tags: ["assign"] });
  const { services, clientAddress } = context;
  const form = await request.formData();
  const rawIntent = String(form.get("intent") ?? "");
  const intent = INTENTS.has(rawIntent) ? (rawIntent as OrgTagIntent) : null;
  const tagId = tagIdFromScan(form.get("tag"));
  const reply = (
    tone: NoticeData["tone"],
    title: string,
    description?: string,
    values?: NoticeData["values"],
    status = tone === "error" ? 400 : 200,
  ) =>
    data<OrgTagActionData>(
      {
        notice: {
          tone,
          title: ns(title),
          description: description ? ns(description) : undefined,
          values: { tagId: tagId ?? "", ...values },
        },
        intent,
        tagId,
      },
      { status },
    );

  if (!intent) return reply("error", "errors.title", "errors.unknownAction");
  if (!tagId) return reply("error", "errors.title", "errors.tagRequired");
  if (CONFIRMED.has(intent) && form.get("confirm") !== "yes") {
    return reply("error", "errors.title", "errors.notConfirmed");
  }
  const actor = { context: org, clientAddress };
  const { db, logger } = services;

  if (intent === "assign" || intent === "reassign") {
    const person = form.get("person");
    if (typeof person !== "string" || !person) {
      return reply("error", "errors.assignFailed", "errors.personRequired");
    }
    const result = await assignOrgTag(db, logger, actor, {
      tagId,
      profileId: person,
      move: intent === "reassign",
    });
    if (result.ok) {
      const name = result.personName ?? "";
      if (!result.changed) return reply("success", "notices.alreadyTheirs", undefined, { name });
      return reply(
        "success",
        intent === "reassign" ? "notices.moved" : "notices.assigned",
        "notices.assignedBody",
        { name },
      );
    }
    switch (result.reason) {
      case "not_org_tag":
        return reply("error", "errors.assignFailed", "errors.notOrgTag", {}, 404);
      case "not_org_person":
        return reply("error", "errors.assignFailed", "errors.notOrgPerson", {}, 404);
      case "assigned_to_other":
        return reply(
          "error",
          "errors.assignFailed",
          "errors.assignedToOther",
          {
            name: result.personName ?? "",
          },
          409,
        );
      case "tag_limit":
        return reply(
          "error",
          "errors.assignFailed",
          "errors.tagLimit",
          { limit: result.limit },
          409,
        );
    }
  }

  // The tag must be the organisation's; its state decides whether the change applies.
  const tag = await findOrgTag(db, org.org.id, tagId);
  if (!tag) return reply("error", "errors.title", "errors.notOrgTag", {}, 404);
  switch (intent) {
    case "unassign":
      return (await unassignOrgTag(db, logger, actor, tagId))
        ? reply("success", "notices.unassigned", "notices.unassignedBody")
        : reply("error", "errors.unassignFailed", "errors.notAssigned", {}, 409);
    case "lost":
      return (await markOrgTagLost(db, logger, actor, tagId))
        ? reply("success", "notices.lost", "notices.lostBody")
        : reply("error", "errors.lostFailed", "errors.cannotLose", {}, 409);
    default:
      return (await markOrgTagFound(db, logger, actor, tagId))
        ? reply("success", "notices.found", "notices.foundBody")
        : reply("error", "errors.foundFailed", "errors.notLost", {}, 409);
  }
}
