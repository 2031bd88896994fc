import type { LayerGroup, Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LivePosition } from "#core/live-location.ts";

const TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * The shared track on an OpenStreetMap map (decision 150), as the family map loads it (decision
 * 133): Leaflet and the tiles come only in the browser, after the page has loaded; the list beside
 * it has every position, so a blocked tile server or no JavaScript loses only the picture.
 * New positions move the latest marker and extend the line without rebuilding the map.
 */
export function LiveMap({ positions }: { positions: LivePosition[] }) {
  const { t } = useTranslation("card");
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<{ map: LeafletMap; layer: LayerGroup; L: typeof import("leaflet") } | null>(
    null,
  );
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      try {
        const L = (await import("leaflet")).default;
        if (cancelled || !container.current) return;
        const created = L.map(container.current, { scrollWheelZoom: false });
        const tiles = L.tileLayer(TILES, {
          maxZoom: 19,
          attribution: `<a href="https://www.openstreetmap.org/copyright">${t("follow.mapAttribution")}</a>`,
        });
        tiles.once("tileload", () => setState("ready"));
        tiles.once("tileerror", () => setState((now) => (now === "ready" ? now : "failed")));
        tiles.addTo(created);
        map.current = { map: created, layer: L.layerGroup().addTo(created), L };
        setLoaded(true);
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
      map.current?.map.remove();
      map.current = null;
    };
  }, [t]);

  useEffect(() => {
    const current = map.current;
    if (!loaded || !current || positions.length === 0) return;
    const { L, layer } = current;
    layer.clearLayers();
    // Oldest to newest for the line; the newest is the big marker.
    const points = positions
      .map((p) => [Number(p.latitude), Number(p.longitude)] as [number, number])
      .reverse();
    L.polyline(points, { color: "#2563eb", weight: 4, opacity: 0.7 }).addTo(layer);
    const latest = points[points.length - 1]!;
    L.circleMarker(latest, {
      radius: 10,
      color: "#dc2626",
      fillColor: "#dc2626",
      fillOpacity: 0.8,
    }).addTo(layer);
    current.map.setView(latest, Math.max(current.map.getZoom() || 0, 15));
  }, [loaded, positions]);

  return (
    <div>
      <div
        ref={container}
        role="img"
        aria-label={t("follow.mapLabel")}
        className="h-72 w-full overflow-hidden rounded-lg border bg-secondary"
        data-testid="live-map"
        data-state={state}
      />
      {state === "ready" ? null : (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {state === "failed" ? t("follow.mapFailed") : t("follow.mapLoading")}
        </p>
      )}
    </div>
  );
}
