import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import type { MedicalRecordForm } from "#app/components/onboarding/medical-record-fields.tsx";
import { MedicalStep } from "#app/components/onboarding/medical-step.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { BLOOD_TYPES } from "#core/validation.ts";
import type { OrgFormAnswer } from "./form-answer.ts";
import { useOrgForm } from "./org-form.tsx";
import { ReasonField } from "./reason-field.tsx";

export interface MedicalFormData {
  dateOfBirth: string | null;
  bloodType: string | null;
  allergies: string[];
  medications: string[];
  medicalNotes: string | null;
}

/**
 * The person's medical record, changed by the organisation's admins (who say why) or by the
 * person themself: the onboarding's medical step (decision 130) with date of birth and blood
 * type. Saving confirms the record is current.
 */
export function OrgMedicalForm({
  medical,
  record,
  reasonRequired,
  answer,
}: {
  medical: MedicalFormData;
  record: MedicalRecordForm;
  reasonRequired: boolean;
  answer: OrgFormAnswer | undefined;
}) {
  const { t } = useTranslation(["org", "account"]);
  const id = useId();
  const busy = useNavigation().state === "submitting";
  // A saved record: the form shows what is stored now, and the reason is asked afresh.
  const { formRef, errors, value } = useOrgForm(answer, true);
  const [notes, setNotes] = useState(() => value("medicalNotes", medical.medicalNotes ?? ""));
  const posted = answer?.fieldErrors ? answer.values : undefined;
  const devices = posted?.implantedDevices;
  const shownRecord: MedicalRecordForm = posted
    ? {
        conditions: value("conditions", record.conditions),
        implantedDevices: Array.isArray(devices) ? devices : devices ? [devices] : [],
        implantedDevicesOther: value("implantedDevicesOther", record.implantedDevicesOther),
        organDonor: value("organDonor", record.organDonor),
        advanceDirective: value("advanceDirective", record.advanceDirective),
        advanceDirectiveLocation: value(
          "advanceDirectiveLocation",
          record.advanceDirectiveLocation,
        ),
        preferredHospital: value("preferredHospital", record.preferredHospital),
      }
    : record;
  return (
    <Form
      ref={formRef}
      method="post"
      replace
      preventScrollReset
      className="space-y-4"
      data-testid="medical-form"
    >
      <Notice notice={answer?.notice} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-dob`}
          label={t("account:onboarding.dateOfBirth")}
          error={errors.dateOfBirth}
        >
          {(props) => (
            <Input
              {...props}
              type="date"
              name="dateOfBirth"
              defaultValue={value("dateOfBirth", medical.dateOfBirth ?? "")}
            />
          )}
        </Field>
        <Field
          id={`${id}-blood`}
          label={t("account:onboarding.bloodType")}
          error={errors.bloodType}
        >
          {(props) => (
            <Select
              {...props}
              name="bloodType"
              defaultValue={value("bloodType", medical.bloodType ?? "")}
            >
              <option value="">{t("account:onboarding.unknown")}</option>
              {BLOOD_TYPES.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <MedicalStep
        id={id}
        hidden={false}
        errors={errors}
        allergies={value("allergies", medical.allergies.join(", "))}
        medications={value("medications", medical.medications.join(", "))}
        notes={notes}
        onNotes={setNotes}
        record={shownRecord}
      />
      <ReasonField
        required={reasonRequired}
        error={errors.reason}
        defaultValue={value("reason", "")}
      />
      <Button type="submit" name="intent" value="medical" disabled={busy}>
        {t("medical.save")}
      </Button>
    </Form>
  );
}
