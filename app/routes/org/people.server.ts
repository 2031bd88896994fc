import { type AppLoadContext, data } from "react-router";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { takeNotice } from "#app/lib/notices.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { ORG_LIMITS } from "#core/org-forms.ts";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import { sanitizeText } from "#core/validation.ts";
import {
  listOrgGroups,
  listOrgPeople,
  type PeopleCursor,
  seesOnlyTheirLocations,
} from "#server/domain/org-directory.ts";
import { listLocations, orgCan } from "#server/domain/organizations.ts";

/** A page's place in the name order, as it travels in the address: base64url of [name, id]. */
export function encodeCursor(key: { name: string; id: string }): string {
  return Buffer.from(JSON.stringify([key.name, key.id])).toString("base64url");
}

function decodeCursor(token: string | null): { name: string; id: string } | null {
  if (!token || token.length > 600) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string"
    ) {
      return { name: value[0], id: value[1] };
    }
  } catch {}
  return null;
}

/**
 * /org/{slug}/people: the organisation's people by name, 50 a page, searched by name or external
 * id and filtered by location and group (decision 137). Staff read it; a staff member who works
 * at some locations sees the people at those. A filter naming something that is not the
 * organisation's is dropped.
 */
export async function orgPeoplePage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { people: ["read"] });
  const { db } = context.services;
  const t = requestTranslator(request);
  const params = new URL(request.url).searchParams;
  const [allLocations, groups] = await Promise.all([
    listLocations(db, org.org.id),
    listOrgGroups(db, org),
  ]);
  const locations = seesOnlyTheirLocations(org)
    ? allLocations.filter((l) => org.locationIds.includes(l.id))
    : allLocations;
  const location = params.get("location");
  const group = params.get("group");
  const filter = {
    search: sanitizeText(params.get("q"), ORG_LIMITS.search),
    locationId: locations.some((l) => l.id === location) ? location : null,
    group: group && groups.includes(group) ? group : null,
  };
  const after = decodeCursor(params.get("after"));
  const before = after ? null : decodeCursor(params.get("before"));
  const cursor: PeopleCursor = after ? { after } : before ? { before } : null;
  const page = await listOrgPeople(db, org, filter, cursor);
  // "Person removed" arrives here after the removal's redirect (decision 023).
  const arrival = takeNotice(request, "page", context.services.config.isProduction);
  const answer = {
    notice: arrival?.notice ?? null,
    seo: { title: t("org:people.title", { name: org.org.name }), description: "" },
    filter,
    filtered: Boolean(filter.search || filter.locationId || filter.group),
    people: page.people,
    total: page.total,
    previous: page.previous ? encodeCursor(page.previous) : null,
    next: page.next ? encodeCursor(page.next) : null,
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
    groups,
    groupWord: PRESET_DEFAULTS[org.org.preset].group,
    canAdd: orgCan(org, { people: ["create"] }),
  };
  return arrival ? data(answer, { headers: arrival.headers }) : answer;
}
