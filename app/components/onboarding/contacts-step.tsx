import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContactFields } from "#app/components/contact-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { FieldErrors } from "#app/components/ui/field.tsx";

/**
 * Onboarding step 3, emergency contacts: as many rows as the plan offers at
 * sign-up (one at least, which cannot be removed). When editing, the contacts
 * already saved are listed, with a link to manage them on the dashboard.
 */
export function ContactsStep({
  id,
  hidden,
  errors,
  editing,
  contacts,
  contactRows,
}: {
  id: string;
  hidden: boolean;
  errors: FieldErrors;
  editing: boolean;
  contacts: { id: string; name: string; channel: string; value: string }[];
  contactRows: number;
}) {
  const { t } = useTranslation("account");
  const [rows, setRows] = useState([0]);
  const [nextRow, setNextRow] = useState(1);
  return (
    <fieldset hidden={hidden} className="space-y-4">
      <legend className="text-lg font-semibold">{t("onboarding.step3")}</legend>
      {editing ? (
        <div className="space-y-2 text-sm">
          <p className="text-muted-foreground">{t("onboarding.editContacts")}</p>
          <ul className="list-disc pl-5">
            {contacts.map((c) => (
              <li key={c.id}>
                {c.name} · {t(`channels.${c.channel}`)} · {c.value}
              </li>
            ))}
          </ul>
          <Link to="/dashboard#contacts" className="text-primary underline">
            {t("onboarding.manageContacts")}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t("onboarding.contactsHint", { count: contactRows })}
          </p>
          {rows.map((row, index) => (
            <div
              key={row}
              className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_8rem_1fr_auto]"
              data-testid="contact-row"
            >
              <ContactFields
                idPrefix={`${id}-c${row}`}
                namePrefix={`contacts.${index}.`}
                errors={errors}
              />
              <div className="flex items-end">
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={rows.length <= 1}
                  onClick={() => setRows((r) => r.filter((x) => x !== row))}
                  aria-label={t("contacts.removeRow")}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
          ))}
          {rows.length < contactRows ? (
            <Button
              variant="outline"
              onClick={() => {
                setRows((r) => [...r, nextRow]);
                setNextRow((n) => n + 1);
              }}
            >
              <Plus aria-hidden="true" /> {t("contacts.addRow")}
            </Button>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
