import { useTranslation } from "react-i18next";
import { CONTACT_CHANNELS, LIMITS } from "../lib/validation.ts";
import { Input, Label, Select } from "./ui/input.tsx";

/**
 * Name, channel and value of one emergency contact: the onboarding rows and
 * the dashboard's add form. `namePrefix` gives the form field names
 * (e.g. "contacts.0." in onboarding).
 */
export function ContactFields({
  idPrefix,
  namePrefix = "",
  defaults,
}: {
  idPrefix: string;
  namePrefix?: string;
  defaults?: { name?: string; channel?: string; value?: string };
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-name`}>{t("contacts.name")}</Label>
        <Input
          id={`${idPrefix}-name`}
          name={`${namePrefix}name`}
          maxLength={LIMITS.name}
          defaultValue={defaults?.name}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-channel`}>{t("contacts.channel")}</Label>
        <Select
          id={`${idPrefix}-channel`}
          name={`${namePrefix}channel`}
          defaultValue={defaults?.channel ?? "sms"}
        >
          {CONTACT_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`channels.${c}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-value`}>{t("contacts.value")}</Label>
        <Input
          id={`${idPrefix}-value`}
          name={`${namePrefix}value`}
          maxLength={LIMITS.email}
          defaultValue={defaults?.value}
        />
      </div>
    </>
  );
}
