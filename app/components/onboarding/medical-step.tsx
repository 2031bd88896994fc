import { useTranslation } from "react-i18next";
import { Field, type FieldErrors } from "#app/components/ui/field.tsx";
import { Input, Textarea } from "#app/components/ui/input.tsx";
import { LIMITS, stripAngleBrackets } from "#core/validation.ts";
import {
  ConditionsField,
  MedicalRecordFields,
  type MedicalRecordForm,
} from "./medical-record-fields.tsx";

/**
 * Onboarding step 2, medical information: conditions, allergies and medications (comma lists),
 * the fuller record's fields (decision 130) and notes.
 */
export function MedicalStep({
  id,
  hidden,
  errors,
  allergies,
  medications,
  notes,
  onNotes,
  record,
}: {
  id: string;
  hidden: boolean;
  errors: FieldErrors;
  allergies: string;
  medications: string;
  notes: string;
  onNotes: (notes: string) => void;
  record: MedicalRecordForm;
}) {
  const { t } = useTranslation("account");
  return (
    <fieldset hidden={hidden} className="space-y-4">
      <legend className="text-lg font-semibold">{t("onboarding.step2")}</legend>
      <p className="text-sm text-muted-foreground">{t("onboarding.recordHint")}</p>
      <ConditionsField id={id} errors={errors} value={record.conditions} />
      <Field
        id={`${id}-allergies`}
        label={t("onboarding.allergies")}
        hint={t("onboarding.commaHint")}
      >
        {(props) => (
          <Input
            {...props}
            name="allergies"
            defaultValue={allergies}
            placeholder={t("onboarding.allergiesPlaceholder")}
          />
        )}
      </Field>
      <Field
        id={`${id}-medications`}
        label={t("onboarding.medications")}
        hint={t("onboarding.commaHint")}
      >
        {(props) => (
          <Input
            {...props}
            name="medications"
            defaultValue={medications}
            placeholder={t("onboarding.medicationsPlaceholder")}
          />
        )}
      </Field>
      <MedicalRecordFields id={id} errors={errors} record={record} />
      <Field
        id={`${id}-notes`}
        label={t("onboarding.medicalNotes")}
        hint={t("onboarding.notesCount", { count: notes.length, max: LIMITS.notes })}
        error={errors.medicalNotes}
      >
        {(props) => (
          <Textarea
            {...props}
            name="medicalNotes"
            value={notes}
            rows={5}
            onChange={(e) => onNotes(stripAngleBrackets(e.target.value))}
            placeholder={t("onboarding.notesPlaceholder")}
          />
        )}
      </Field>
    </fieldset>
  );
}
