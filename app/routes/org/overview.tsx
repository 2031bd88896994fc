import { BellRing, ScanLine } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OrgPageError } from "#app/components/org/org-page-error.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import { useOrg } from "#app/lib/org-data.ts";
import type { Route } from "./+types/overview";
import { orgOverview } from "./overview.server.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  orgOverview(request, context, params.slug);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <OrgPageError error={error} />
);

/**
 * The organisation's first page: seats used and what it has, then what happened lately (scans
 * and alerts), newest first.
 */
export default function OrgOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("org");
  const { org } = useOrg();
  const { seats, people, tags, locations, staff, scans, alerts, scoped } = loaderData;
  const figures = [
    { id: "seats", label: t("overview.seats"), value: t("overview.seatsValue", seats) },
    {
      id: "people",
      label: scoped ? t("overview.peopleHere") : t("overview.people"),
      value: String(people),
    },
    {
      id: "tags",
      label: t("overview.tags"),
      value: t("overview.tagsValue", { assigned: tags.assigned, owned: tags.owned }),
    },
    { id: "locations", label: t("overview.locations"), value: String(locations) },
    { id: "staff", label: t("overview.staff"), value: String(staff) },
  ];
  const personLink = (profileId: string | null, name: string | null) =>
    profileId ? (
      <Link to={`/org/${org.slug}/people/${profileId}`} className="font-medium hover:underline">
        {name || t("overview.unnamed")}
      </Link>
    ) : (
      <span className="font-medium">{name || t("overview.unnamed")}</span>
    );
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
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
      <div className="grid gap-6 lg:grid-cols-2">
        <Activity
          icon={<ScanLine className="size-5 text-primary" aria-hidden="true" />}
          title={t("overview.recentScans")}
          empty={t("overview.noScans")}
          testId="org-recent-scans"
          items={scans.map((scan) => ({
            id: scan.id,
            at: scan.at,
            time: scan.time,
            text: (
              <>
                {t(`overview.scan.${scan.kind}`)} · {personLink(scan.profileId, scan.personName)}
                <span className="text-muted-foreground">
                  {" · "}
                  {scan.tagId}
                  {scan.locationName ? ` · ${scan.locationName}` : ""}
                </span>
              </>
            ),
          }))}
        />
        <Activity
          icon={<BellRing className="size-5 text-primary" aria-hidden="true" />}
          title={t("overview.recentAlerts")}
          empty={t("overview.noAlerts")}
          testId="org-recent-alerts"
          items={alerts.map((alert) => ({
            id: alert.id,
            at: alert.at,
            time: alert.time,
            text: (
              <>
                {t(`overview.alert.${alert.isTest ? "test" : alert.source}`)} ·{" "}
                {personLink(alert.profileId, alert.personName)}
                <span className="text-muted-foreground">
                  {" · "}
                  {alert.acknowledged
                    ? t("overview.acknowledged")
                    : t(`overview.alertStatus.${alert.status}`, { defaultValue: alert.status })}
                  {alert.locationName ? ` · ${alert.locationName}` : ""}
                </span>
              </>
            ),
          }))}
        />
      </div>
    </div>
  );
}

function Activity({
  icon,
  title,
  empty,
  items,
  testId,
}: {
  icon: ReactNode;
  title: string;
  empty: string;
  items: { id: string; at: string; time: string; text: ReactNode }[];
  testId: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon} {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ol className="divide-y" data-testid={testId}>
            {items.map((item) => (
              <li key={item.id} className="py-2 text-sm">
                <time dateTime={item.at} className="block text-xs text-muted-foreground">
                  {item.time}
                </time>
                <span className="break-words">{item.text}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
