import { useTranslation } from "react-i18next";
import { Field, type FieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { LANGUAGES } from "#core/languages.ts";
import { BLOOD_TYPES, COUNTRIES, LIMITS, stripAngleBrackets } from "#core/validation.ts";

/**
 * Onboarding step 1, about the person: name, language and country (all three
 * needed to go on), and the optional date of birth and blood type.
 */
export function AboutYouStep({
  id,
  hidden,
  errors,
  name,
  onName,
  language,
  onLanguage,
  country,
  onCountry,
  dateOfBirth,
  bloodType,
}: {
  id: string;
  hidden: boolean;
  errors: FieldErrors;
  name: string;
  onName: (name: string) => void;
  language: string;
  onLanguage: (language: string) => void;
  country: string;
  onCountry: (country: string) => void;
  dateOfBirth: string;
  bloodType: string;
}) {
  const { t } = useTranslation("account");
  return (
    <fieldset hidden={hidden} className="space-y-4">
      <legend className="text-lg font-semibold">{t("onboarding.step1")}</legend>
      <Field id={`${id}-name`} label={t("onboarding.fullName")} error={errors.fullName}>
        {(props) => (
          <Input
            {...props}
            name="fullName"
            value={name}
            maxLength={LIMITS.name}
            autoComplete="name"
            onChange={(e) => onName(stripAngleBrackets(e.target.value))}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-language`} label={t("onboarding.language")} error={errors.language}>
          {(props) => (
            <Select
              {...props}
              name="language"
              value={language}
              onChange={(e) => onLanguage(e.target.value)}
            >
              <option value="">{t("onboarding.choose")}</option>
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`languages.${lng}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-country`} label={t("onboarding.country")} error={errors.country}>
          {(props) => (
            <Select
              {...props}
              name="country"
              value={country}
              onChange={(e) => onCountry(e.target.value)}
            >
              <option value="">{t("onboarding.choose")}</option>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {t(`countries.${c}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${id}-dob`}
          label={
            <>
              {t("onboarding.dateOfBirth")}{" "}
              <span className="text-muted-foreground">({t("onboarding.optional")})</span>
            </>
          }
          error={errors.dateOfBirth}
        >
          {(props) => (
            <Input {...props} name="dateOfBirth" type="date" defaultValue={dateOfBirth} />
          )}
        </Field>
        <Field
          id={`${id}-blood`}
          label={
            <>
              {t("onboarding.bloodType")}{" "}
              <span className="text-muted-foreground">({t("onboarding.optional")})</span>
            </>
          }
          error={errors.bloodType}
        >
          {(props) => (
            <Select {...props} name="bloodType" defaultValue={bloodType}>
              <option value="">{t("onboarding.unknown")}</option>
              {BLOOD_TYPES.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}
