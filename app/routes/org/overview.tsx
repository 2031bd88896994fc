import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/overview";
import { orgOverview } from "./overview.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  orgOverview(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);

/** The organisation's first page: seats used and what it has. */
export default function OrgOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const { seats, tags, locations, staff } = loaderData;
  const figures = [
    { id: "seats", label: t("overview.seats"), value: t("overview.seatsValue", seats) },
    {
      id: "tags",
      label: t("overview.tags"),
      value: t("overview.tagsValue", { assigned: tags.assigned, owned: tags.owned }),
    },
    { id: "locations", label: t("overview.locations"), value: String(locations) },
    { id: "staff", label: t("overview.staff"), value: String(staff) },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <Card key={figure.id} data-testid={`org-${figure.id}`}>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">
              {figure.label}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-2xl font-semibold">{figure.value}</CardContent>
        </Card>
      ))}
    </div>
  );
}
