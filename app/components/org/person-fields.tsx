import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { LANGUAGE_NAMES, LANGUAGES } from "#core/languages.ts";
import { ORG_LIMITS } from "#core/org-forms.ts";
import type { PRESET_DEFAULTS } from "#core/organizations.ts";
import { LIMITS } from "#core/validation.ts";

export interface PersonFieldValues {
  fullName: string;
  externalId: string;
  groupName: string;
  locationId: string;
  language: string;
  expiresOn: string;
  dateOfBirth?: string;
}

/**
 * A person's details as the organisation keeps them: name, external id, group (the preset's
 * word), location, the language of messages about them, date of birth when adding, and for an
 * events organisation the date after which their data is erased.
 */
export function PersonFields({
  values,
  errors,
  locations,
  groups,
  groupWord,
  expiring,
}: {
  values: PersonFieldValues;
  errors: Record<string, string>;
  locations: { id: string; name: string }[];
  groups: string[];
  groupWord: (typeof PRESET_DEFAULTS)[keyof typeof PRESET_DEFAULTS]["group"];
  expiring: boolean;
}) {
  const { t } = useTranslation("org");
  const id = useId();
  const optional = (label: string) => (
    <>
      {label} <span className="text-muted-foreground">({t("person.optional")})</span>
    </>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-name`} label={t("person.fullName")} error={errors.fullName}>
        {(props) => (
          <Input
            {...props}
            name="fullName"
            required
            maxLength={LIMITS.name}
            defaultValue={values.fullName}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        id={`${id}-external`}
        label={optional(t("person.externalId"))}
        hint={t("person.externalIdHint")}
        error={errors.externalId}
      >
        {(props) => (
          <Input
            {...props}
            name="externalId"
            maxLength={ORG_LIMITS.externalId}
            defaultValue={values.externalId}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        id={`${id}-group`}
        label={optional(t(`people.groups.${groupWord}`))}
        error={errors.groupName}
      >
        {(props) => (
          <>
            <Input
              {...props}
              name="groupName"
              list={`${id}-groups`}
              maxLength={ORG_LIMITS.group}
              defaultValue={values.groupName}
              autoComplete="off"
            />
            <datalist id={`${id}-groups`}>
              {groups.map((group) => (
                <option key={group} value={group} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field id={`${id}-location`} label={t("person.location")} error={errors.locationId}>
        {(props) => (
          <Select {...props} name="locationId" defaultValue={values.locationId}>
            <option value="">{t("person.noLocation")}</option>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id={`${id}-language`}
        label={t("person.language")}
        hint={t("person.languageHint")}
        error={errors.language}
      >
        {(props) => (
          <Select {...props} name="language" defaultValue={values.language}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {values.dateOfBirth !== undefined ? (
        <Field
          id={`${id}-dob`}
          label={optional(t("person.dateOfBirth"))}
          error={errors.dateOfBirth}
        >
          {(props) => (
            <Input {...props} type="date" name="dateOfBirth" defaultValue={values.dateOfBirth} />
          )}
        </Field>
      ) : null}
      {expiring || values.expiresOn ? (
        <Field
          id={`${id}-expires`}
          label={optional(t("person.expiresOn"))}
          hint={t("person.expiresOnHint")}
          error={errors.expiresOn}
        >
          {(props) => (
            <Input {...props} type="date" name="expiresOn" defaultValue={values.expiresOn} />
          )}
        </Field>
      ) : null}
    </div>
  );
}
