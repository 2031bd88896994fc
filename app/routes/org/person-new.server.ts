import { type AppLoadContext, redirect } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { noticeCookie } from "#app/lib/notices.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { checkForm, expiryOf, newOrgPersonSchema } from "#core/org-forms.ts";
import { PRESET_DEFAULTS } from "#core/organizations.ts";
import { listOrgGroups } from "#server/domain/org-directory.ts";
import { addOrgPerson } from "#server/domain/org-people.ts";
import { listLocations, locationOf, orgSeatUsage } from "#server/domain/organizations.ts";
import { answer, postedValues } from "./org-page.server.ts";

export const NEW_PERSON_FIELDS = [
  "fullName",
  "externalId",
  "groupName",
  "locationId",
  "language",
  "dateOfBirth",
  "expiresOn",
] as const;

/** /org/{slug}/people/new: the form, with the seats left (admins and owners only). */
export async function newPersonPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { people: ["create"] });
  const { db } = context.services;
  const i18n = requestI18n(request);
  const [locations, groups, seats] = await Promise.all([
    listLocations(db, org.org.id),
    listOrgGroups(db, org),
    orgSeatUsage(db, org.org),
  ]);
  const defaults = PRESET_DEFAULTS[org.org.preset];
  return {
    seo: { title: i18n.t("org:person.addTitle"), description: "" },
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
    groups,
    groupWord: defaults.group,
    expiring: defaults.expiring,
    seats,
    language: i18n.language,
  };
}

/**
 * Adds one person (`addOrgPerson`: within the seats, logged as org_person_added), then shows
 * them. Refused with every field's message, a location that is not the organisation's, an
 * external id already in use, or the seat limit; nothing is added then.
 */
export async function addPersonAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { people: ["create"] });
  const { db, cipher, logger, config } = context.services;
  const form = await request.formData();
  const values = postedValues(form, NEW_PERSON_FIELDS);
  const refuse = (fieldErrors: Record<string, string>, status = 400) =>
    answer(
      "person:new",
      { tone: "error", title: "org:person.addFailed", description: "org:person.checkFields" },
      status,
      { fieldErrors, values },
    );
  const checked = checkForm(newOrgPersonSchema, form);
  if (!checked.ok) return refuse(checked.errors);
  const input = checked.values;
  if (input.locationId && !(await locationOf(db, org.org.id, input.locationId))) {
    return refuse({ locationId: "org:person.errors.location" });
  }
  const added = await addOrgPerson(db, { cipher, logger }, org.org, org.userId, {
    fullName: input.fullName,
    externalId: input.externalId,
    groupName: input.groupName,
    locationId: input.locationId,
    language: input.language,
    dateOfBirth: input.dateOfBirth,
    expiresAt: input.expiresOn ? expiryOf(input.expiresOn) : null,
  });
  if (!added.ok && added.reason === "duplicate_external_id") {
    return refuse({ externalId: "org:person.errors.externalIdTaken" });
  }
  if (!added.ok) {
    return answer(
      "person:new",
      {
        tone: "error",
        title: "org:person.seatLimitTitle",
        description: "org:person.seatLimit",
        values: { limit: added.limit },
      },
      403,
      { values },
    );
  }
  return redirect(`/org/${org.org.slug}/people/${added.profileId}`, {
    headers: { "Set-Cookie": noticeCookie("org-person-added", config.isProduction) },
  });
}
