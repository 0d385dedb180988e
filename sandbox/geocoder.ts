import type { GeoAddress } from "./seed/content-types.ts";

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

export function displayName(a: GeoAddress): string {
  const parts = [a.name, a.houseNumber, a.road, a.place.name, a.county, a.state, a.postcode, "Italia"];
  return parts.filter(Boolean).join(", ");
}

/** A Nominatim `format=json` result. */
export function toNominatim(a: GeoAddress, withAddress: boolean): object {
  const [lat, lon] = [a.lat.toFixed(7), a.lon.toFixed(7)];
  const box = [a.lat - 0.0001, a.lat + 0.0001, a.lon - 0.0001, a.lon + 0.0001].map((n) => n.toFixed(7));
  const result = {
    place_id: a.placeId,
    licence: "Dati fittizi dell'ambiente dimostrativo, in formato Nominatim",
    osm_type: "node",
    osm_id: a.placeId,
    lat,
    lon,
    class: a.houseNumber ? "place" : "highway",
    type: a.houseNumber ? "house" : "residential",
    importance: 0.1,
    display_name: displayName(a),
    boundingbox: box,
  };
  return withAddress ? { ...result, address: addressOf(a) } : result;
}

function addressOf(a: GeoAddress): Record<string, string> {
  return {
    ...(a.name ? { amenity: a.name } : {}),
    ...(a.houseNumber ? { house_number: a.houseNumber } : {}),
    road: a.road,
    [a.place.kind]: a.place.name,
    county: a.county,
    state: a.state,
    postcode: a.postcode,
    country: "Italia",
    country_code: "it",
  };
}

/** Every word of the query (case- and accent-insensitive) must occur in the display name. */
export function searchAddresses(addresses: GeoAddress[], query: string): GeoAddress[] {
  const words = fold(query)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  return addresses.filter((a) => {
    const name = fold(displayName(a));
    return words.every((w) => name.includes(w));
  });
}

function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The nearest known address within `maxMetres`, if any. */
export function nearestAddress(
  addresses: GeoAddress[],
  lat: number,
  lon: number,
  maxMetres = 1000,
): GeoAddress | null {
  let best: { address: GeoAddress; distance: number } | null = null;
  for (const address of addresses) {
    const distance = distanceMetres(lat, lon, address.lat, address.lon);
    if (distance <= maxMetres && (!best || distance < best.distance)) best = { address, distance };
  }
  return best?.address ?? null;
}
