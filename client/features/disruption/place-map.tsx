import { useEffect, useRef } from "react";
import type { Map as LeafletMap, Marker } from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png?url";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png?url";
import markerShadow from "leaflet/dist/images/marker-shadow.png?url";
import { useT } from "#client/i18n/i18n-context.tsx";
import { disruptionIt } from "./texts.ts";

type Leaflet = typeof import("leaflet");
type Point = { lat: number; lon: number };

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

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
  const leaflet = useRef<Leaflet | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const texts = useRef({ marker: t("disruption.map.marker"), attribution: t("disruption.map.attribution") });

  useEffect(() => {
    let cancelled = false;
    void import("leaflet").then((module) => {
      const L = (module as unknown as { default?: Leaflet }).default ?? module;
      if (cancelled || !container.current) return;
      leaflet.current = L;
      map.current = createMap(L, container.current, {
        centre: place ?? centre,
        tileUrl,
        attribution: demo ? texts.current.attribution : OSM_ATTRIBUTION,
        onClick: (lat, lon) => pick.current(lat, lon),
      });
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
    marker.current = moveMarker(L, map.current, marker.current, { lat, lon }, texts.current.marker);
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

/** The map on `element`, centred on `centre`, with its tiles; a click picks a point. */
function createMap(
  L: Leaflet,
  element: HTMLElement,
  options: { centre: Point; tileUrl: string; attribution: string; onClick(lat: number, lon: number): void },
): LeafletMap {
  const created = L.map(element, {
    center: [options.centre.lat, options.centre.lon],
    zoom: 17,
    minZoom: 13,
    maxZoom: 18,
    keyboard: true,
  });
  created.attributionControl.setPrefix(false);
  L.tileLayer(options.tileUrl, { minZoom: 13, maxZoom: 18, attribution: options.attribution }).addTo(created);
  created.on("click", (event) => options.onClick(event.latlng.lat, event.latlng.lng));
  return created;
}

/** The chosen place's marker, titled: made on first use with Leaflet's own icon, then moved. */
function moveMarker(L: Leaflet, map: LeafletMap, marker: Marker | null, at: Point, title: string): Marker {
  if (marker) return marker.setLatLng([at.lat, at.lon]);
  const icon = L.icon({
    iconUrl: markerIcon,
    iconRetinaUrl: markerIcon2x,
    shadowUrl: markerShadow,
    iconSize: [25, 41],
    iconAnchor: [12, 41],
    shadowSize: [41, 41],
  });
  return L.marker([at.lat, at.lon], { icon, title, alt: title, keyboard: false }).addTo(map);
}
