import { ArrowRightLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { type OrgFormAnswer, shown } from "#app/components/org/form-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select, Textarea } from "#app/components/ui/input.tsx";
import { HANDOVER_GROUP_MAX, HANDOVER_NOTE_MAX } from "#core/org-audit.ts";

/**
 * "Record a handover" (decision 146): where the person goes, as the preset names its groups
 * (ward, class…) and/or which location, and a short note that is not medical.
 */
export function HandoverForm({
  current,
  locations,
  groups,
  groupLabel,
  answer,
}: {
  current: { groupName: string; locationId: string };
  locations: { id: string; name: string }[];
  groups: string[];
  groupLabel: string;
  answer: OrgFormAnswer | undefined;
}) {
  const { t } = useTranslation("org-audit");
  const busy = useNavigation().state === "submitting";
  const errors = answer?.fieldErrors ?? {};
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ArrowRightLeft className="size-5 text-primary" aria-hidden="true" />{" "}
          {t("handover.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("handover.intro")}</p>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          replace
          preventScrollReset
          className="space-y-4"
          data-testid="handover-form"
        >
          <Notice notice={answer?.notice} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="handover-group"
              label={t("handover.to", { word: groupLabel })}
              error={errors.groupName}
            >
              {(props) => (
                <>
                  <Input
                    {...props}
                    name="groupName"
                    list="handover-groups"
                    maxLength={HANDOVER_GROUP_MAX}
                    defaultValue={shown(answer, "groupName", current.groupName)}
                  />
                  <datalist id="handover-groups">
                    {groups.map((group) => (
                      <option key={group} value={group} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
            <Field id="handover-location" label={t("handover.location")} error={errors.locationId}>
              {(props) => (
                <Select
                  {...props}
                  name="locationId"
                  defaultValue={shown(answer, "locationId", current.locationId)}
                >
                  <option value="">{t("handover.noLocation")}</option>
                  {locations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field
            id="handover-note"
            label={t("handover.note")}
            hint={t("handover.noteHint", { max: HANDOVER_NOTE_MAX })}
            error={errors.note}
          >
            {(props) => (
              <Textarea
                {...props}
                name="note"
                rows={2}
                maxLength={HANDOVER_NOTE_MAX}
                defaultValue={shown(answer, "note", "")}
              />
            )}
          </Field>
          <Button type="submit" name="intent" value="handover" disabled={busy}>
            {t("handover.submit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
