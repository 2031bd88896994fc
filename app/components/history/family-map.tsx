import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface MapGroup {
  profileId: string;
  name: string;
  places: { id: string; source: string; createdAt: string; latitude: number; longitude: number }[];
}

/** One colour per person, in the order the groups come (newest place first). */
export const PERSON_COLOURS = ["#dc2626", "#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0891b2"];

const TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * The places on an OpenStreetMap map (decision 133). Leaflet and the tiles load only in the
 * browser, after the page has loaded; the page lists every place as text and links either way,
 * so a blocked tile server or no JavaScript loses nothing but the picture.
 */
export function FamilyMap({ groups }: { groups: MapGroup[] }) {
  const { t, i18n } = useTranslation("history");
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | null = null;
    const format = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: "medium",
      timeStyle: "short",
    });
    const start = async () => {
      try {
        const L = (await import("leaflet")).default;
        if (cancelled || !container.current) return;
        const map = L.map(container.current, { scrollWheelZoom: false });
        remove = () => map.remove();
        const tiles = L.tileLayer(TILES, {
          maxZoom: 19,
          attribution: `<a href="https://www.openstreetmap.org/copyright">${t("map.attribution")}</a>`,
        });
        tiles.once("tileload", () => setState("ready"));
        tiles.once("tileerror", () => setState((now) => (now === "ready" ? now : "failed")));
        tiles.addTo(map);
        const points: [number, number][] = [];
        groups.forEach((group, index) => {
          const colour = PERSON_COLOURS[index % PERSON_COLOURS.length]!;
          for (const place of group.places) {
            // Text nodes, never HTML: names are typed by users.
            const label = document.createElement("span");
            label.textContent = `${group.name} · ${t(`source.${place.source}`)} · ${format.format(new Date(place.createdAt))}`;
            L.circleMarker([place.latitude, place.longitude], {
              radius: 8,
              color: colour,
              fillColor: colour,
              fillOpacity: 0.6,
            })
              .bindPopup(label)
              .addTo(map);
            points.push([place.latitude, place.longitude]);
          }
        });
        if (points.length === 1) map.setView(points[0]!, 14);
        else map.fitBounds(points, { padding: [24, 24], maxZoom: 15 });
      } catch {
        if (!cancelled) setState("failed");
      }
    };
    const onLoad = () => void start();
    if (document.readyState === "complete") onLoad();
    else window.addEventListener("load", onLoad, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", onLoad);
      remove?.();
    };
  }, [groups, t, i18n.language]);

  return (
    <div>
      <div
        ref={container}
        className="h-80 w-full overflow-hidden rounded-lg border bg-secondary sm:h-96"
        data-testid="family-map"
        data-state={state}
      />
      {state === "ready" ? null : (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {state === "failed" ? t("map.failed") : t("map.loading")}
        </p>
      )}
    </div>
  );
}
