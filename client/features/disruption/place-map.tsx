import { useEffect, useRef } from "react";
import type { Map as LeafletMap, Marker } from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png?url";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png?url";
import markerShadow from "leaflet/dist/images/marker-shadow.png?url";
import { useT } from "#client/i18n/i18n-context.tsx";
import { disruptionIt } from "./texts.ts";

export type PlaceMapProps = {
  tileUrl: string;
  centre: { lat: number; lon: number };
  /** Demo tiles (the sandbox's): their own attribution instead of OpenStreetMap's. */
  demo: boolean;
  place: { lat: number; lon: number } | null;
  /** A point chosen on the map (a click, or "Usa il centro della mappa"). */
  onPick(lat: number, lon: number): void;
};

/**
 * The Leaflet map, an extra on top of the address field: loaded in the browser only (`import("leaflet")` inside an
 * effect, so the server never touches `window`), labelled for assistive technologies, the marker titled. Keyboard:
 * the map pans with the arrow keys and "Usa il centro della mappa" places the marker where the map is centred.
 */
export function PlaceMap({ tileUrl, centre, demo, place, onPick }: PlaceMapProps) {
  const t = useT(disruptionIt);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const leaflet = useRef<typeof import("leaflet") | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const texts = useRef({ marker: t("disruption.map.marker"), attribution: t("disruption.map.attribution") });

  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((module) => {
      const L = (module as unknown as { default?: typeof import("leaflet") }).default ?? module;
      if (cancelled || !container.current) return;
      leaflet.current = L;
      const created = L.map(container.current, {
        center: [place?.lat ?? centre.lat, place?.lon ?? centre.lon],
        zoom: 17,
        minZoom: 13,
        maxZoom: 18,
        keyboard: true,
      });
      created.attributionControl.setPrefix(false);
      L.tileLayer(tileUrl, {
        minZoom: 13,
        maxZoom: 18,
        attribution: demo
          ? texts.current.attribution
          : '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      }).addTo(created);
      created.on("click", (event) => pick.current(event.latlng.lat, event.latlng.lng));
      map.current = created;
      if (place) placeMarker(place.lat, place.lon);
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once per tile URL and centre; the marker follows `place` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, centre.lat, centre.lon, demo]);

  function placeMarker(lat: number, lon: number) {
    const L = leaflet.current;
    if (!L || !map.current) return;
    if (!marker.current) {
      const icon = L.icon({
        iconUrl: markerIcon,
        iconRetinaUrl: markerIcon2x,
        shadowUrl: markerShadow,
        iconSize: [25, 41],
        iconAnchor: [12, 41],
        shadowSize: [41, 41],
      });
      marker.current = L.marker([lat, lon], {
        icon,
        title: texts.current.marker,
        alt: texts.current.marker,
        keyboard: false,
      }).addTo(map.current);
    } else marker.current.setLatLng([lat, lon]);
  }

  useEffect(() => {
    if (place) {
      placeMarker(place.lat, place.lon);
      map.current?.panTo([place.lat, place.lon]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place?.lat, place?.lon]);

  const useCentre = () => {
    const at = map.current?.getCenter();
    if (at) pick.current(at.lat, at.lng);
  };

  return (
    <div className="mb-3">
      <p id="mappa-aiuto" className="form-text mb-2">
        {t("disruption.map.hint")}
      </p>
      <div
        ref={container}
        className="disruption-map border rounded"
        role="region"
        aria-label={t("disruption.map.label")}
        aria-describedby="mappa-aiuto"
        style={{ height: "320px", width: "100%" }}
        data-testid="mappa-disservizio"
      />
      <button type="button" className="btn btn-outline-primary btn-sm mt-2" onClick={useCentre}>
        {t("disruption.map.useCentre")}
      </button>
    </div>
  );
}
