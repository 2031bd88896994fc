import leafletCssUrl from "leaflet/dist/leaflet.css?url";
import { MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FamilyMap, PERSON_COLOURS } from "#app/components/history/family-map.tsx";
import { HistoryNav } from "#app/components/history/history-nav.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { metaTags } from "#app/lib/meta.ts";
import type { Route } from "./+types/map";
import { mapPage } from "./history.server.ts";

export const loader = ({ request, context }: Route.LoaderArgs) => mapPage(request, context);
export const meta = ({ data }: Route.MetaArgs) => metaTags(data?.seo);
/** Leaflet's stylesheet, on this page only. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletCssUrl }];

/**
 * The family map (issue 15 item 7): where each person's alerts and SOS were raised with a
 * location, newest first, grouped per person; the list of places is the page's content and the
 * map a picture of it.
 */
export default function FamilyMapPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("history");
  const { groups } = loaderData;
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <HistoryNav current="map" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{t("map.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("map.intro")}</p>
      {loaderData.freeLimit !== null ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="free-limit">
          {t("page.freeLimit", { count: loaderData.freeLimit })}
        </p>
      ) : null}
      {groups.length === 0 ? (
        <p className="mt-6 text-sm text-muted-foreground" data-testid="map-empty">
          {t("map.empty")}
        </p>
      ) : (
        <>
          <div className="mt-6">
            <FamilyMap groups={groups} />
          </div>
          {loaderData.limited ? (
            <p className="mt-2 text-sm text-muted-foreground">
              {t("map.limited", { count: loaderData.limited })}
            </p>
          ) : null}
          <div className="mt-6 grid gap-4 md:grid-cols-2" data-testid="map-places">
            {groups.map((group, index) => (
              <Card key={group.profileId} data-testid="map-person">
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-lg">
                    <span
                      aria-hidden="true"
                      className="inline-block size-3 rounded-full"
                      style={{ backgroundColor: PERSON_COLOURS[index % PERSON_COLOURS.length] }}
                    />
                    {group.name || "—"}
                    <span className="text-sm font-normal text-muted-foreground">
                      {t("map.count", { count: group.places.length })}
                    </span>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <ol className="space-y-2 text-sm">
                    {group.places.map((place) => (
                      <li
                        key={place.id}
                        className="flex flex-wrap items-center gap-2"
                        data-testid="map-place"
                      >
                        <span className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold">
                          {t(`source.${place.source}`)}
                        </span>
                        <time dateTime={place.createdAt} suppressHydrationWarning>
                          {format.format(new Date(place.createdAt))}
                        </time>
                        <a
                          href={place.url}
                          className="ml-auto flex items-center gap-1 text-primary underline"
                          rel="noopener"
                          target="_blank"
                        >
                          <MapPin className="size-3.5" aria-hidden="true" />
                          {place.latitude.toFixed(5)}, {place.longitude.toFixed(5)} ·{" "}
                          {t("map.open")}
                        </a>
                      </li>
                    ))}
                  </ol>
                </CardContent>
              </Card>
            ))}
          </div>
        </>
      )}
    </main>
  );
}
