import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { ORG_LIMITS } from "#core/org-forms.ts";

/**
 * Why a change to someone's critical info is made (decision 137): required of the
 * organisation's admins and kept in its log; optional for the person changing their own.
 */
export function ReasonField({
  required,
  error,
  defaultValue = "",
}: {
  required: boolean;
  error?: string;
  defaultValue?: string;
}) {
  const { t } = useTranslation("org");
  const id = useId();
  return (
    <Field
      id={`${id}-reason`}
      label={required ? t("reason.label") : t("reason.labelOptional")}
      hint={t("reason.hint")}
      error={error}
    >
      {(props) => (
        <Input
          {...props}
          name="reason"
          required={required}
          maxLength={ORG_LIMITS.reason}
          defaultValue={defaultValue}
          autoComplete="off"
        />
      )}
    </Field>
  );
}
