import { useTranslation } from "react-i18next";
import { Field, type FieldErrors } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { CONTACT_CHANNELS, DEFAULT_CONTACT_CHANNEL } from "#core/channels.ts";
import { LIMITS } from "#core/validation.ts";

/**
 * Name, channel and value of one emergency contact: the onboarding rows and
 * the dashboard's add form. `namePrefix` gives the form field names
 * (e.g. "contacts.0." in onboarding); `errors` are keyed by those full names.
 */
export function ContactFields({
  idPrefix,
  namePrefix = "",
  defaults,
  errors = {},
}: {
  idPrefix: string;
  namePrefix?: string;
  defaults?: { name?: string; channel?: string; value?: string };
  errors?: FieldErrors;
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <Field
        id={`${idPrefix}-name`}
        label={t("contacts.name")}
        error={errors[`${namePrefix}name`]}
        className="space-y-1"
      >
        {(props) => (
          <Input
            {...props}
            name={`${namePrefix}name`}
            maxLength={LIMITS.name}
            defaultValue={defaults?.name}
          />
        )}
      </Field>
      <Field
        id={`${idPrefix}-channel`}
        label={t("contacts.channel")}
        error={errors[`${namePrefix}channel`]}
        className="space-y-1"
      >
        {(props) => (
          <Select
            {...props}
            name={`${namePrefix}channel`}
            defaultValue={defaults?.channel ?? DEFAULT_CONTACT_CHANNEL}
          >
            {CONTACT_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`channels.${c}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id={`${idPrefix}-value`}
        label={t("contacts.value")}
        error={errors[`${namePrefix}value`]}
        className="space-y-1"
      >
        {(props) => (
          <Input
            {...props}
            name={`${namePrefix}value`}
            maxLength={LIMITS.email}
            defaultValue={defaults?.value}
          />
        )}
      </Field>
    </>
  );
}
