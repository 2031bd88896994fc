import { Search, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Notice, useArrivalNotice } from "#app/components/notice.tsx";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import { ORG_LIMITS } from "#core/org-forms.ts";
import type { Route } from "./+types/people";
import { orgPeoplePage } from "./people.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  orgPeoplePage(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/**
 * The organisation's people (issue 16 item 5): search by name or external id, filter by
 * location and group, 50 a page; each row opens the person. A plain GET form: it works without
 * JavaScript and every page has its own address.
 */
export default function OrgPeople({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const { org } = useOrg();
  const { filter, people, total, locations, groups, groupWord } = loaderData;
  const base = `/org/${org.slug}/people`;
  const pageLink = (cursor: { after: string } | { before: string }) => {
    const params = new URLSearchParams();
    if (filter.search) params.set("q", filter.search);
    if (filter.locationId) params.set("location", filter.locationId);
    if (filter.group) params.set("group", filter.group);
    for (const [key, value] of Object.entries(cursor)) params.set(key, value);
    return `${base}?${params}`;
  };
  const group = t(`people.groups.${groupWord}`);
  const arrival = useArrivalNotice(loaderData.notice);
  return (
    <div className="space-y-4">
      <Notice notice={arrival} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t("people.heading")}</h2>
        {loaderData.canAdd ? (
          <Link to={`${base}/new`} className={buttonVariants()}>
            <UserPlus aria-hidden="true" /> {t("people.add")}
          </Link>
        ) : null}
      </div>
      <Form
        method="get"
        action={base}
        className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        role="search"
      >
        <div className="space-y-1.5">
          <Label htmlFor="people-q">{t("people.search")}</Label>
          <Input
            id="people-q"
            name="q"
            type="search"
            maxLength={ORG_LIMITS.search}
            defaultValue={filter.search}
            placeholder={t("people.searchPlaceholder")}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="people-location">{t("people.location")}</Label>
          <Select id="people-location" name="location" defaultValue={filter.locationId ?? ""}>
            <option value="">{t("people.allLocations")}</option>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="people-group">{group}</Label>
          <Select id="people-group" name="group" defaultValue={filter.group ?? ""}>
            <option value="">{t("people.allGroups")}</option>
            {groups.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden="true" /> {t("people.searchButton")}
          </Button>
          {loaderData.filtered ? (
            <Link to={base} className={buttonVariants({ variant: "ghost" })}>
              {t("people.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="text-sm text-muted-foreground" data-testid="people-total" aria-live="polite">
        {loaderData.filtered
          ? t("people.matching", { count: total })
          : t("people.count", { count: total })}
      </p>
      <Card>
        <CardContent className="overflow-x-auto p-0">
          {people.length === 0 ? (
            <p className="p-6 text-sm text-muted-foreground" data-testid="people-empty">
              {loaderData.filtered ? t("people.noMatch") : t("people.empty")}
            </p>
          ) : (
            <table className="w-full text-left text-sm" data-testid="people-table">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("people.name")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("people.externalId")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {group}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("people.location")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("people.tags")}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t("people.contacts")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {people.map((person) => (
                  <tr key={person.id} data-testid="person-row">
                    <td className="px-4 py-3">
                      <Link to={`${base}/${person.id}`} className="font-medium hover:underline">
                        {person.fullName}
                      </Link>
                    </td>
                    <td className="px-4 py-3 font-mono text-xs">{person.externalId ?? "—"}</td>
                    <td className="px-4 py-3">{person.groupName ?? "—"}</td>
                    <td className="px-4 py-3">{person.locationName ?? "—"}</td>
                    <td className="px-4 py-3 font-mono text-xs">
                      {person.tagIds.length ? person.tagIds.join(", ") : t("people.noTag")}
                    </td>
                    <td className="px-4 py-3 text-right">{person.contactCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <nav className="flex justify-between gap-2" aria-label={t("people.pages")}>
        {loaderData.previous ? (
          <Link
            to={pageLink({ before: loaderData.previous })}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            rel="prev"
          >
            {t("people.previous")}
          </Link>
        ) : (
          <span />
        )}
        {loaderData.next ? (
          <Link
            to={pageLink({ after: loaderData.next })}
            className={buttonVariants({ variant: "outline", size: "sm" })}
            rel="next"
          >
            {t("people.next")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
