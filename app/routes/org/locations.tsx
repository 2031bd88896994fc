import { MapPin } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { answerFor, type OrgFormAnswer } from "#app/components/org/form-answer.ts";
import { EditOrRemove, OrgForm } from "#app/components/org/org-form.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input, Select } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { ORG_LIMITS } from "#core/org-forms.ts";
import type { Route } from "./+types/locations";
import { locationsAction, locationsPage } from "./locations.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  locationsPage(request, context, params.slug);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  locationsAction(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

const ZONES_LIST = "org-time-zones";

type LocationsData = Route.ComponentProps["loaderData"];
type LocationRow = LocationsData["locations"][number];

/**
 * The organisation's locations (issue 16 item 5): name, address, time zone and country (whose
 * emergency number cards show there), with how many people are at each. Admins add, change and
 * remove them; removing one leaves its people without a location.
 */
export default function OrgLocations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const busy = useNavigation().state === "submitting";
  const { locations, canManage } = loaderData;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">{t("locations.heading")}</h2>
      <Notice notice={answerFor(actionData, "location:removed")?.notice} />
      {canManage ? (
        <datalist id={ZONES_LIST}>
          {loaderData.timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      ) : null}
      {locations.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="locations-empty">
          {t("locations.empty")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="location-list">
          {locations.map((location) => {
            const answer = answerFor(actionData, `location:${location.id}`);
            return (
              <li key={location.id} data-testid="location-row">
                <Card>
                  <CardContent className="space-y-3 p-4">
                    <Notice notice={answer && !answer.fieldErrors ? answer.notice : null} />
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="flex items-center gap-2 font-semibold">
                          <MapPin className="size-4 text-primary" aria-hidden="true" />
                          {location.name}
                        </p>
                        {location.address ? (
                          <p className="text-sm text-muted-foreground">{location.address}</p>
                        ) : null}
                        <p className="text-sm text-muted-foreground">
                          {t("locations.summary", {
                            zone: location.timeZone,
                            country: location.countryName,
                            number: location.emergencyNumber,
                          })}
                        </p>
                      </div>
                      <p className="text-sm" data-testid="location-people">
                        {t("locations.people", { count: location.people })}
                      </p>
                    </div>
                    {canManage ? (
                      <EditOrRemove
                        editLabel={t("locations.edit", { name: location.name })}
                        editOpen={Boolean(answer?.fieldErrors)}
                        form={
                          <LocationForm
                            location={location}
                            countries={loaderData.countries}
                            answer={answer?.fieldErrors ? answer : undefined}
                            busy={busy}
                          />
                        }
                        removeLabel={t("locations.remove", { name: location.name })}
                        removeMessage={t("locations.removeConfirm", {
                          name: location.name,
                          count: location.people,
                        })}
                        removeConfirm={t("locations.removeConfirmYes")}
                        intent="remove"
                        fields={{ locationId: location.id }}
                        busy={busy}
                      />
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {canManage ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("locations.addTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <LocationForm
              countries={loaderData.countries}
              answer={answerFor(actionData, "location:new")}
              busy={busy}
            />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function LocationForm({
  location,
  countries,
  answer,
  busy,
}: {
  location?: LocationRow;
  countries: LocationsData["countries"];
  answer: OrgFormAnswer | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("org");
  const id = useId();
  return (
    <OrgForm
      answer={answer}
      row={location ? { field: "locationId", id: location.id } : undefined}
      testId={location ? "edit-location-form" : "add-location-form"}
    >
      {({ errors, value }) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-name`} label={t("locations.name")} error={errors.name}>
              {(props) => (
                <Input
                  {...props}
                  name="name"
                  required
                  maxLength={ORG_LIMITS.locationName}
                  defaultValue={value("name", location?.name ?? "")}
                />
              )}
            </Field>
            <Field id={`${id}-address`} label={t("locations.address")} error={errors.address}>
              {(props) => (
                <Input
                  {...props}
                  name="address"
                  maxLength={ORG_LIMITS.address}
                  defaultValue={value("address", location?.address ?? "")}
                />
              )}
            </Field>
            <Field
              id={`${id}-zone`}
              label={t("locations.timeZone")}
              hint={t("locations.timeZoneHint")}
              error={errors.timeZone}
            >
              {(props) => (
                <Input
                  {...props}
                  name="timeZone"
                  required
                  list={ZONES_LIST}
                  autoComplete="off"
                  defaultValue={value("timeZone", location?.timeZone ?? "")}
                />
              )}
            </Field>
            <Field
              id={`${id}-country`}
              label={t("locations.country")}
              hint={t("locations.countryHint")}
              error={errors.country}
            >
              {(props) => (
                <Select
                  {...props}
                  name="country"
                  required
                  defaultValue={value("country", location?.country ?? "")}
                >
                  <option value="">{t("locations.chooseCountry")}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Button type="submit" name="intent" value={location ? "edit" : "add"} disabled={busy}>
            {location ? t("locations.save") : t("locations.add")}
          </Button>
        </>
      )}
    </OrgForm>
  );
}
