import { useTranslation } from "react-i18next";
import { Field, type FieldErrors, FieldMessage } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { ADVANCE_DIRECTIVES, IMPLANTED_DEVICES } from "#core/medical-record.ts";
import { LIMITS } from "#core/validation.ts";

/** The fuller record as the form holds it (decision 130): lists as comma text, choices as keys. */
export interface MedicalRecordForm {
  conditions: string;
  implantedDevices: string[];
  implantedDevicesOther: string;
  organDonor: string;
  advanceDirective: string;
  advanceDirectiveLocation: string;
  preferredHospital: string;
}

function Optional({ label }: { label: string }) {
  const { t } = useTranslation("account");
  return (
    <>
      {label} <span className="text-muted-foreground">({t("onboarding.optional")})</span>
    </>
  );
}

/** Conditions, the first of the fields responders look for; a comma list like allergies. */
export function ConditionsField({
  id,
  errors,
  value,
}: {
  id: string;
  errors: FieldErrors;
  value: string;
}) {
  const { t } = useTranslation("account");
  return (
    <Field
      id={`${id}-conditions`}
      label={<Optional label={t("onboarding.conditions")} />}
      hint={t("onboarding.commaHint")}
      error={errors.conditions}
    >
      {(props) => (
        <Input
          {...props}
          name="conditions"
          defaultValue={value}
          placeholder={t("onboarding.conditionsPlaceholder")}
        />
      )}
    </Field>
  );
}

/**
 * Implanted devices (common ones ticked, others typed), advance directive or DNR and where it
 * is kept, organ donor and preferred hospital. Plain form controls: no JavaScript needed.
 */
export function MedicalRecordFields({
  id,
  errors,
  record,
}: {
  id: string;
  errors: FieldErrors;
  record: MedicalRecordForm;
}) {
  const { t } = useTranslation("account");
  const devicesError = errors.implantedDevices ? `${id}-devices-error` : undefined;
  const donorError = errors.organDonor ? `${id}-donor-error` : undefined;
  return (
    <>
      <fieldset className="space-y-2" data-field aria-describedby={devicesError}>
        <legend className="text-sm font-medium">
          <Optional label={t("onboarding.implantedDevices")} />
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {IMPLANTED_DEVICES.map((device) => (
            <label key={device} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="implantedDevices"
                value={device}
                defaultChecked={record.implantedDevices.includes(device)}
                aria-invalid={errors.implantedDevices ? true : undefined}
                className="size-4 accent-primary"
              />
              {t(`common:devices.${device}`)}
            </label>
          ))}
        </div>
        <FieldMessage id={devicesError} error={errors.implantedDevices} />
      </fieldset>
      <Field
        id={`${id}-devices-other`}
        label={t("onboarding.devicesOther")}
        hint={t("onboarding.commaHint")}
        error={errors.implantedDevicesOther}
      >
        {(props) => (
          <Input
            {...props}
            name="implantedDevicesOther"
            defaultValue={record.implantedDevicesOther}
            placeholder={t("onboarding.devicesOtherPlaceholder")}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-directive`}
          label={<Optional label={t("onboarding.advanceDirective")} />}
          error={errors.advanceDirective}
        >
          {(props) => (
            <Select {...props} name="advanceDirective" defaultValue={record.advanceDirective}>
              <option value="">{t("onboarding.notSaid")}</option>
              {ADVANCE_DIRECTIVES.map((value) => (
                <option key={value} value={value}>
                  {t(`common:directives.${value}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${id}-directive-location`}
          label={<Optional label={t("onboarding.advanceDirectiveLocation")} />}
          error={errors.advanceDirectiveLocation}
        >
          {(props) => (
            <Input
              {...props}
              name="advanceDirectiveLocation"
              defaultValue={record.advanceDirectiveLocation}
              maxLength={LIMITS.place}
              placeholder={t("onboarding.advanceDirectiveLocationPlaceholder")}
            />
          )}
        </Field>
      </div>
      <fieldset className="space-y-2" data-field aria-describedby={donorError}>
        <legend className="text-sm font-medium">
          <Optional label={t("onboarding.organDonor")} />
        </legend>
        <div className="flex flex-wrap gap-4">
          {(["yes", "no", ""] as const).map((value) => (
            <label key={value || "unsaid"} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="organDonor"
                value={value}
                defaultChecked={record.organDonor === value}
                aria-invalid={errors.organDonor ? true : undefined}
                className="size-4 accent-primary"
              />
              {value ? t(`common:organDonor.${value}`) : t("onboarding.notSaid")}
            </label>
          ))}
        </div>
        <FieldMessage id={donorError} error={errors.organDonor} />
      </fieldset>
      <Field
        id={`${id}-hospital`}
        label={<Optional label={t("onboarding.preferredHospital")} />}
        error={errors.preferredHospital}
      >
        {(props) => (
          <Input
            {...props}
            name="preferredHospital"
            defaultValue={record.preferredHospital}
            maxLength={LIMITS.place}
            placeholder={t("onboarding.preferredHospitalPlaceholder")}
          />
        )}
      </Field>
    </>
  );
}
