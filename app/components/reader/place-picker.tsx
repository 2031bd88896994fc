import { Building2 } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Notice } from "#app/components/notice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Label, Select } from "#app/components/ui/input.tsx";

export interface ReaderPlaceChoice {
  /** The reader holds SafeTap's own reader role: they may scan for no organisation. */
  safetap: boolean;
  organizations: { slug: string; name: string }[];
  organization: string | null;
  organizationName: string | null;
  locations: { id: string; name: string }[];
  location: string | null;
  problem: string | null;
  chosen: boolean;
}

/**
 * Where the reader scans: an organisation and one of the locations they work at (decision 138).
 * A plain GET form, so it works without JavaScript; with it, choosing an organisation shows its
 * locations at once. Shown only to readers who scan for an organisation.
 */
export function PlacePicker({ place }: { place: ReaderPlaceChoice }) {
  const { t } = useTranslation("reader");
  const id = useId();
  if (place.organizations.length === 0) return null;
  const submitOnChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.name === "org") {
      const location = event.currentTarget.form?.elements.namedItem("location");
      if (location instanceof HTMLSelectElement) location.value = "";
    }
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <Form method="get" replace className="space-y-3" data-testid="reader-place">
      <div className="flex items-center gap-2 text-sm font-medium">
        <Building2 className="size-4 text-primary" aria-hidden="true" />
        {place.organizationName && place.location
          ? t("place.scanningAt", {
              organization: place.organizationName,
              location: place.locations.find((l) => l.id === place.location)?.name ?? "",
            })
          : place.organizationName && !place.problem
            ? t("place.scanningFor", { organization: place.organizationName })
            : t("place.choose")}
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-org`}>{t("place.organization")}</Label>
          <Select
            key={place.organization ?? ""}
            id={`${id}-org`}
            name="org"
            defaultValue={place.organization ?? ""}
            onChange={submitOnChange}
          >
            {place.safetap || !place.organization ? (
              <option value="">{place.safetap ? t("place.safetap") : t("place.pick")}</option>
            ) : null}
            {place.organizations.map((org) => (
              <option key={org.slug} value={org.slug}>
                {org.name}
              </option>
            ))}
          </Select>
        </div>
        {place.locations.length > 0 ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-location`}>{t("place.location")}</Label>
            <Select
              key={`${place.organization}-${place.location ?? ""}`}
              id={`${id}-location`}
              name="location"
              defaultValue={place.location ?? ""}
              onChange={submitOnChange}
            >
              {place.locations.length > 1 ? <option value="">{t("place.pick")}</option> : null}
              {place.locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="flex items-end">
          <Button type="submit" variant="secondary">
            {t("place.use")}
          </Button>
        </div>
      </div>
      {place.problem && place.chosen ? (
        <Notice
          notice={{ tone: "error", title: "reader:notices.error", description: place.problem }}
        />
      ) : null}
    </Form>
  );
}
