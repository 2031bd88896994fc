import { Siren } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { answerFor } from "#app/components/org/form-answer.ts";
import { OrgForm } from "#app/components/org/org-form.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { DrillBadge } from "#app/components/org/roll-call-parts.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/roll-calls";
import { rollCallsAction, rollCallsPage } from "./roll-calls.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  rollCallsPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  rollCallsAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

type RollCallRow = Route.ComponentProps["loaderData"]["rollCalls"][number];

/**
 * Roll calls (issue 17 item 2, decision 143): the open ones at the asker's locations, the past
 * ones with their reports, and Start (which joins the one already open at that location).
 */
export default function RollCalls({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("roll-call");
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const { locations, rollCalls, minutes, slug } = loaderData;
  const open = rollCalls.filter((c) => c.open);
  const past = rollCalls.filter((c) => !c.open);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Siren className="size-5 text-primary" aria-hidden="true" /> {t("heading")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("intro")}</p>
      </div>

      <section aria-labelledby={`${id}-open`} className="space-y-2">
        <h3 id={`${id}-open`} className="font-semibold">
          {t("list.open")}
        </h3>
        {open.length ? (
          <RollCallList rows={open} slug={slug} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("list.noneOpen")}</p>
        )}
      </section>

      <Card>
        <CardHeader>
          <CardTitle>{t("start.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {locations.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("start.noLocations")}</p>
          ) : (
            <OrgForm answer={answerFor(actionData, "start")} testId="roll-call-start">
              {({ errors, value }) => (
                <>
                  <Field
                    id={`${id}-location`}
                    label={t("start.location")}
                    error={errors.locationId}
                  >
                    {(props) => (
                      <Select
                        {...props}
                        name="locationId"
                        defaultValue={value("locationId", locations[0]!.id)}
                      >
                        {locations.map((l) => (
                          <option key={l.id} value={l.id}>
                            {l.name}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field id={`${id}-kind`} label={t("start.kind")} error={errors.kind}>
                    {(props) => (
                      <Select {...props} name="kind" defaultValue={value("kind", "evacuation")}>
                        {loaderData.kinds.map((kind) => (
                          <option key={kind} value={kind}>
                            {t(`kinds.${kind}`)}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field
                    id={`${id}-minutes`}
                    label={t("start.minutes")}
                    error={errors.minutes ? { key: errors.minutes, values: minutes } : undefined}
                    hint={t("start.minutesHint", minutes)}
                  >
                    {(props) => (
                      <Input
                        {...props}
                        name="minutes"
                        type="number"
                        inputMode="numeric"
                        min={minutes.min}
                        max={minutes.max}
                        step={1}
                        required
                        defaultValue={value("minutes", String(minutes.default))}
                        className="w-32"
                      />
                    )}
                  </Field>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="drill"
                      className="mt-1 size-4"
                      defaultChecked={value("drill", "") === "on"}
                    />
                    <span>{t("start.drill")}</span>
                  </label>
                  <Button type="submit" size="lg" variant="destructive" disabled={busy}>
                    {t("start.submit")}
                  </Button>
                </>
              )}
            </OrgForm>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby={`${id}-past`} className="space-y-2">
        <h3 id={`${id}-past`} className="font-semibold">
          {t("list.past")}
        </h3>
        {past.length ? (
          <RollCallList rows={past} slug={slug} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("list.none")}</p>
        )}
      </section>
    </div>
  );
}

function RollCallList({ rows, slug }: { rows: RollCallRow[]; slug: string }) {
  const { t } = useTranslation("roll-call");
  return (
    <ul className="space-y-2" data-testid="roll-call-list">
      {rows.map((call) => (
        <li
          key={call.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
          data-testid="roll-call-row"
        >
          <div className="min-w-0 text-sm">
            <p className="font-medium">
              {call.drill ? <DrillBadge /> : null}
              {t("list.summary", {
                kind: t(`kinds.${call.kind}`),
                place: call.place,
                time: call.started.time,
                name: call.startedBy,
              })}
            </p>
            <p className="text-muted-foreground">
              {t("list.counts", { safe: call.safe, total: call.people })}
            </p>
          </div>
          <Link
            to={`/org/${slug}/roll-call/${call.id}`}
            className={buttonVariants({ variant: call.open ? "default" : "outline", size: "sm" })}
          >
            {call.open ? t("list.openLink") : t("list.reportLink")}
          </Link>
        </li>
      ))}
    </ul>
  );
}
