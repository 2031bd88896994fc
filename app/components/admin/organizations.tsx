import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/input.tsx";
import { MAX_EXTRA_ORG_SEATS } from "#core/org-admin.ts";
import { ORG_PRESETS, type OrgPreset } from "#core/organizations.ts";

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  preset: string;
  extraSeats: number;
  used: number;
  limit: number;
  createdAt: string;
}

/**
 * The fields of a new organisation: its name, its address (/org/{slug}) and its preset. A won
 * enquiry's form comes prefilled.
 */
export function OrganizationFields({
  defaults,
}: {
  defaults?: { name: string; slug: string; preset: OrgPreset };
}) {
  const { t } = useTranslation("org-admin");
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="space-y-1">
        <Label htmlFor={`${id}-name`}>{t("admin.name")}</Label>
        <Input
          id={`${id}-name`}
          name="name"
          required
          minLength={2}
          maxLength={100}
          defaultValue={defaults?.name}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-slug`}>{t("admin.slug")}</Label>
        <Input
          id={`${id}-slug`}
          name="slug"
          required
          minLength={3}
          maxLength={48}
          pattern="[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,47}"
          aria-describedby={`${id}-slug-hint`}
          defaultValue={defaults?.slug}
        />
        <p id={`${id}-slug-hint`} className="text-xs text-muted-foreground">
          {t("admin.slugHint")}
        </p>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-preset`}>{t("admin.preset")}</Label>
        <Select id={`${id}-preset`} name="preset" defaultValue={defaults?.preset ?? "school"}>
          {ORG_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`presets.${preset}`)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** /admin's organisations: create one; each one's seats (used of limit), extra seats, page. */
export function Organizations({ organizations }: { organizations: OrganizationRow[] }) {
  const { t, i18n } = useTranslation("org-admin");
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <Card id="organizations">
      <CardHeader>
        <CardTitle>{t("admin.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <Form method="post" className="space-y-3" data-testid="create-org">
          <OrganizationFields />
          <Button type="submit" name="intent" value="createOrg" disabled={busy}>
            {t("admin.create")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("admin.createNote")}</p>
        </Form>
        {organizations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.none")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="organizations">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3">{t("admin.name")}</th>
                  <th className="py-2 pr-3">{t("admin.slug")}</th>
                  <th className="py-2 pr-3">{t("admin.preset")}</th>
                  <th className="py-2 pr-3">{t("admin.seats")}</th>
                  <th className="py-2 pr-3">{t("admin.createdAt")}</th>
                  <th className="py-2">{t("admin.extraSeats")}</th>
                </tr>
              </thead>
              <tbody>
                {organizations.map((o) => (
                  <tr key={o.id} className="border-t align-top" data-testid={`org-${o.slug}`}>
                    <td className="py-2 pr-3 font-medium">{o.name}</td>
                    <td className="py-2 pr-3">
                      <Link to={`/org/${o.slug}`} className="font-mono underline">
                        {o.slug}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{t(`presets.${o.preset}`)}</td>
                    <td className="py-2 pr-3">
                      {t("admin.seatsValue", { used: o.used, limit: o.limit })}
                    </td>
                    <td className="py-2 pr-3" suppressHydrationWarning>
                      {date.format(new Date(o.createdAt))}
                    </td>
                    <td className="py-2">
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="slug" value={o.slug} />
                        <Label htmlFor={`${id}-seats-${o.id}`} className="sr-only">
                          {t("admin.extraSeatsOf", { name: o.name })}
                        </Label>
                        <Input
                          id={`${id}-seats-${o.id}`}
                          name="extraSeats"
                          type="number"
                          min={0}
                          max={MAX_EXTRA_ORG_SEATS}
                          defaultValue={o.extraSeats}
                          required
                          className="h-9 w-28"
                        />
                        <Button
                          type="submit"
                          name="intent"
                          value="orgSeats"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                        >
                          {t("admin.setSeats")}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
