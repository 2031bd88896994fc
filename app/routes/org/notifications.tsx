import { BellRing, Trash2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { ConfirmAction } from "#app/components/dashboard/confirm-action.tsx";
import { Notice } from "#app/components/notice.tsx";
import { answerFor, type OrgFormAnswer } from "#app/components/org/form-answer.ts";
import { OrgForm } from "#app/components/org/org-form.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { type Audience, RULE_DIRECTIONS } from "#core/attendance-rules.ts";
import { LANGUAGE_NAMES, type Language } from "#core/languages.ts";
import { LIMITS } from "#core/validation.ts";
import type { Route } from "./+types/notifications";
import { notificationsAction, notificationsPage } from "./notifications.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  notificationsPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  notificationsAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

type PageData = Route.ComponentProps["loaderData"];
type Rule = PageData["locations"][number]["rules"][Audience];

/**
 * Attendance notifications (issue 17 item 1): per location, who is told of a check-in or
 * check-out (guardians; the HR / security list), for which direction and outside which quiet
 * hours; and the HR / security list itself. Every form posts without JavaScript.
 */
export default function OrgNotifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org-notify");
  const busy = useNavigation().state === "submitting";
  const { locations, recipients } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">{t("heading")}</h2>
        <p className="text-sm text-muted-foreground">{t("intro")}</p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="preset-defaults">
          {t(`defaults.${loaderData.preset}`)}
        </p>
      </div>
      {locations.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="notify-no-locations">
          {t("noLocations")} <Link to="../locations">{t("addLocation")}</Link>
        </p>
      ) : (
        <ul className="space-y-4" data-testid="notify-locations">
          {locations.map((location) => (
            <li key={location.id}>
              <Card data-testid="notify-location">
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <BellRing className="size-4 text-primary" aria-hidden="true" />
                    {location.name}
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">
                    {t("rules.zone", { zone: location.timeZone })}
                  </p>
                </CardHeader>
                <CardContent className="grid gap-6 md:grid-cols-2">
                  {(["guardians", "staff_list"] as const).map((audience) => (
                    <RuleForm
                      key={audience}
                      locationId={location.id}
                      locationName={location.name}
                      audience={audience}
                      rule={location.rules[audience]}
                      answer={answerFor(actionData, `rule:${location.id}:${audience}`)}
                      busy={busy}
                    />
                  ))}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <NotifyList recipients={recipients} data={loaderData} actionData={actionData} busy={busy} />
    </div>
  );
}

function RuleForm({
  locationId,
  locationName,
  audience,
  rule,
  answer,
  busy,
}: {
  locationId: string;
  locationName: string;
  audience: Audience;
  rule: Rule;
  answer: OrgFormAnswer | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("org-notify");
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`rule-${audience}`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t(`audiences.${audience}`)}
      </h3>
      <p className="text-xs text-muted-foreground" data-testid="rule-state">
        {rule.preset ? t("rules.preset") : t("rules.custom")}
      </p>
      <OrgForm answer={answer} row={{ field: "locationId", id: locationId }} testId="rule-form">
        {({ errors, value }) => (
          <>
            <Notice notice={answer?.notice} />
            <input type="hidden" name="audience" value={audience} />
            <div className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                id={`${id}-enabled`}
                name="enabled"
                defaultChecked={
                  answer?.fieldErrors ? answer.values?.enabled === "on" : rule.enabled
                }
              />
              <Label htmlFor={`${id}-enabled`} className="font-normal">
                {t(`rules.enabled.${audience}`, { location: locationName })}
              </Label>
            </div>
            <Field id={`${id}-directions`} label={t("rules.directions")} error={errors.directions}>
              {(props) => (
                <Select
                  {...props}
                  name="directions"
                  defaultValue={value("directions", rule.directions)}
                >
                  {RULE_DIRECTIONS.map((d) => (
                    <option key={d} value={d}>
                      {t(`directions.${d}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("rules.quiet")}</legend>
              <p id={`${id}-quiet-hint`} className="text-xs text-muted-foreground">
                {t("rules.quietHint")}
              </p>
              <div className="grid grid-cols-2 gap-3">
                <Field id={`${id}-from`} label={t("rules.quietStart")} error={errors.quietStart}>
                  {(props) => (
                    <Input
                      {...props}
                      type="time"
                      name="quietStart"
                      defaultValue={value("quietStart", rule.quietStart ?? "")}
                    />
                  )}
                </Field>
                <Field id={`${id}-to`} label={t("rules.quietEnd")} error={errors.quietEnd}>
                  {(props) => (
                    <Input
                      {...props}
                      type="time"
                      name="quietEnd"
                      defaultValue={value("quietEnd", rule.quietEnd ?? "")}
                    />
                  )}
                </Field>
              </div>
            </fieldset>
            <Button type="submit" name="intent" value="rule" disabled={busy}>
              {t("rules.save", { audience: t(`audiences.${audience}`) })}
            </Button>
          </>
        )}
      </OrgForm>
    </section>
  );
}

function NotifyList({
  recipients,
  data,
  actionData,
  busy,
}: {
  recipients: PageData["recipients"];
  data: PageData;
  actionData: OrgFormAnswer | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("org-notify");
  const { t: common } = useTranslation();
  const id = useId();
  const answer = answerFor(actionData, "recipient:new");
  return (
    <Card data-testid="notify-list">
      <CardHeader>
        <CardTitle>{t("list.title")}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t("list.intro", { limit: data.listLimit })}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Notice notice={answerFor(actionData, "recipient:removed")?.notice} />
        {recipients.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="notify-list-empty">
            {t("list.empty")}
          </p>
        ) : (
          <ul className="divide-y rounded-md border">
            {recipients.map((recipient) => (
              <li
                key={recipient.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                data-testid="notify-recipient"
              >
                <span>
                  <span className="font-medium">{recipient.name}</span> ·{" "}
                  {common(`account:channels.${recipient.channel}`)} · {recipient.value} ·{" "}
                  {LANGUAGE_NAMES[recipient.language as Language] ?? recipient.language}
                </span>
                <ConfirmAction
                  trigger={<Trash2 aria-hidden="true" />}
                  triggerLabel={t("list.remove", { name: recipient.name })}
                  message={t("list.removeConfirm", { name: recipient.name })}
                  confirmLabel={t("list.removeYes")}
                  intent="removeRecipient"
                  fields={{ recipientId: recipient.id }}
                  disabled={busy}
                />
              </li>
            ))}
          </ul>
        )}
        <h3 className="font-semibold">{t("list.addTitle")}</h3>
        <OrgForm answer={answer} testId="add-recipient-form">
          {({ errors, value }) => (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id={`${id}-name`} label={t("list.name")} error={errors.name}>
                  {(props) => (
                    <Input
                      {...props}
                      name="name"
                      required
                      maxLength={LIMITS.name}
                      defaultValue={value("name", "")}
                    />
                  )}
                </Field>
                <Field id={`${id}-channel`} label={t("list.channel")} error={errors.channel}>
                  {(props) => (
                    <Select {...props} name="channel" defaultValue={value("channel", "email")}>
                      {data.channels.map((channel) => (
                        <option key={channel} value={channel}>
                          {common(`account:channels.${channel}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field
                  id={`${id}-value`}
                  label={t("list.value")}
                  hint={t("list.valueHint")}
                  error={errors.value}
                >
                  {(props) => (
                    <Input
                      {...props}
                      name="value"
                      required
                      maxLength={LIMITS.email}
                      autoComplete="off"
                      defaultValue={value("value", "")}
                    />
                  )}
                </Field>
                <Field id={`${id}-language`} label={t("list.language")} error={errors.language}>
                  {(props) => (
                    <Select {...props} name="language" defaultValue={value("language", "en")}>
                      {data.languages.map((language) => (
                        <option key={language} value={language}>
                          {LANGUAGE_NAMES[language]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              </div>
              <Button type="submit" name="intent" value="addRecipient" disabled={busy}>
                {t("list.add")}
              </Button>
            </>
          )}
        </OrgForm>
      </CardContent>
    </Card>
  );
}
