import type { AppLoadContext } from "react-router";
import { requestI18n } from "#app/lib/i18n.server.ts";
import { requireOrg } from "#app/lib/org.server.ts";
import { EMERGENCY_NUMBER_COUNTRIES, emergencyNumberFor } from "#core/emergency-numbers.ts";
import { checkForm, orgLocationSchema, timeZones } from "#core/org-forms.ts";
import { UUID } from "#core/validation.ts";
import {
  addOrgLocation,
  listLocationsWithCounts,
  removeOrgLocation,
  updateOrgLocation,
} from "#server/domain/org-locations.ts";
import { orgCan } from "#server/domain/organizations.ts";
import { answer, notFound, postedValues } from "./org-page.server.ts";

const LOCATION_FIELDS = ["name", "address", "timeZone", "country"] as const;

/** Country names in the reader's language, sorted by name (Intl.DisplayNames). */
function countryChoices(language: string) {
  const names = new Intl.DisplayNames([language], { type: "region" });
  return EMERGENCY_NUMBER_COUNTRIES.map((code) => ({
    code: code.toUpperCase(),
    name: names.of(code.toUpperCase()) ?? code.toUpperCase(),
  })).sort((a, b) => a.name.localeCompare(b.name, language));
}

/**
 * /org/{slug}/locations: the organisation's sites with their people; its admins add, change and
 * remove them (decision 137). Staff read the list.
 */
export async function locationsPage(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { locations: ["read"] });
  const i18n = requestI18n(request);
  const countries = countryChoices(i18n.language);
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const locations = await listLocationsWithCounts(context.services.db, org.org.id);
  return {
    seo: { title: i18n.t("org:locations.title", { name: org.org.name }), description: "" },
    canManage: orgCan(org, { locations: ["manage"] }),
    locations: locations.map((l) => ({
      ...l,
      countryName: names.get(l.country.toUpperCase()) ?? l.country,
      emergencyNumber: emergencyNumberFor(l.country),
    })),
    countries,
    timeZones: timeZones(),
  };
}

/**
 * Adds, changes or removes a location (`locations:manage`: admins and owners; 403 for others).
 * A location id from the form is looked up inside the organisation: another organisation's is
 * not found and nothing changes.
 */
export async function locationsAction(request: Request, context: AppLoadContext, slug?: string) {
  const org = await requireOrg(request, context, slug, { locations: ["manage"] });
  const { db } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  const by = { organizationId: org.org.id, userId: org.userId };
  const locationId = form.get("locationId");
  if (intent !== "add" && (typeof locationId !== "string" || !UUID.test(locationId))) notFound();
  const formName = intent === "add" ? "location:new" : `location:${locationId}`;

  if (intent === "remove") {
    if (form.get("confirm") !== "yes") {
      return answer(
        formName,
        {
          tone: "error",
          title: "org:locations.removeFailed",
          description: "org:locations.notConfirmed",
        },
        400,
      );
    }
    const removed = await removeOrgLocation(db, by, locationId as string);
    if (!removed.ok && removed.reason === "not_found") notFound();
    if (!removed.ok) {
      return answer(
        formName,
        {
          tone: "error",
          title: "org:locations.removeFailed",
          description: "org:locations.onlyLocation",
          values: { names: "names" in removed ? removed.names.join(", ") : "" },
        },
        409,
      );
    }
    return answer("location:removed", {
      tone: "success",
      title: "org:locations.removed",
      description: "org:locations.removedBody",
      values: { count: removed.unlinked },
    });
  }
  if (intent !== "add" && intent !== "edit") {
    return answer(formName, { tone: "error", title: "errors.generic" }, 400);
  }

  const values = postedValues(form, LOCATION_FIELDS);
  const failed = intent === "add" ? "org:locations.addFailed" : "org:locations.saveFailed";
  const refuse = (fieldErrors: Record<string, string>) =>
    answer(formName, { tone: "error", title: failed, description: "org:person.checkFields" }, 400, {
      fieldErrors,
      values,
    });
  const checked = checkForm(orgLocationSchema, form);
  if (!checked.ok) return refuse(checked.errors);
  const result =
    intent === "add"
      ? await addOrgLocation(db, by, checked.values)
      : await updateOrgLocation(db, by, locationId as string, checked.values);
  if (!result.ok && result.reason === "not_found") notFound();
  if (!result.ok) return refuse({ name: "org:locations.errors.nameTaken" });
  return answer(formName, {
    tone: "success",
    title: intent === "add" ? "org:locations.added" : "org:locations.saved",
    values: { name: checked.values.name },
  });
}
