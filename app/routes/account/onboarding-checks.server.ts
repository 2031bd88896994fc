import type { AppLoadContext } from "react-router";
import { isImplantedDevice } from "#core/medical-record.ts";
import { type ContactInput, type FieldProblem, validateContactRows } from "#core/validation.ts";
import { riskyContactError } from "#server/alerts/toll-limits.ts";
import type { ProfileData } from "#server/domain/profiles.ts";

/** The form's fields, the ticked device choices being several values of one name. */
export const formInput = (form: FormData) => ({
  ...Object.fromEntries(form),
  implantedDevices: form.getAll("implantedDevices"),
});

/** The fuller record's fields as the medical step shows them (decision 130). */
export function medicalRecordForm(profile: ProfileData | null) {
  const devices = profile?.implantedDevices ?? [];
  return {
    conditions: profile?.conditions.join(", ") ?? "",
    implantedDevices: devices.filter(isImplantedDevice),
    implantedDevicesOther: devices.filter((d) => !isImplantedDevice(d)).join(", "),
    organDonor: profile?.organDonor === true ? "yes" : profile?.organDonor === false ? "no" : "",
    advanceDirective: profile?.advanceDirective ?? "",
    advanceDirectiveLocation: profile?.advanceDirectiveLocation ?? "",
    preferredHospital: profile?.preferredHospital ?? "",
  };
}

/** A form field as text ("" when absent). */
export const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The wizard's contact rows (step 3), checked: valid, none risky, at least one. The same rule for
 * the account's own first onboarding and for a person added to it.
 */
export function checkContactRows(
  context: AppLoadContext,
  form: FormData,
):
  | { ok: true; contacts: ContactInput[] }
  | { ok: false; problem: Omit<FieldProblem, "field"> & { field?: string } } {
  const rows = [0, 1, 2].map((i) => ({
    name: field(form, `contacts.${i}.name`),
    channel: field(form, `contacts.${i}.channel`),
    value: field(form, `contacts.${i}.value`),
  }));
  const checked = validateContactRows(rows);
  if (!checked.ok) return checked;
  if (checked.contacts.some((c) => riskyContactError(context.services, c))) {
    return {
      ok: false,
      problem: {
        title: "account:onboarding.errors.invalidContact",
        description: "validation.highRiskNumber",
        step: 3,
      },
    };
  }
  if (checked.contacts.length === 0) {
    return {
      ok: false,
      problem: {
        title: "account:onboarding.errors.invalidContact",
        description: "validation.contactRequired",
        step: 3,
        field: "contacts.0.name",
      },
    };
  }
  return checked;
}
