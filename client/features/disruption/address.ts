import type { GeoPlace } from "#client/context.ts";

/** "Via Roma 12, Valverde" from a geocoding answer (road, house number, city/town/village); the full name otherwise. */
export function formatGeoAddress(place: Pick<GeoPlace, "address" | "display_name">): string {
  const a = place.address;
  const street = [a.road, a.house_number].filter(Boolean).join(" ");
  const town = a.city ?? a.town ?? a.village;
  const text = [street, town].filter(Boolean).join(", ");
  return (text || place.display_name).slice(0, 300);
}

/** A search result as a radio value (no JavaScript): "lat;lon;address". */
export function encodePlaceChoice(place: { lat: number; lon: number; address: string }): string {
  return `${place.lat};${place.lon};${place.address}`;
}

export function decodePlaceChoice(value: string): { lat: number; lon: number; address: string } | null {
  const match = /^(-?\d+(?:\.\d+)?);(-?\d+(?:\.\d+)?);(.{1,300})$/s.exec(value);
  if (!match) return null;
  const [lat, lon] = [Number(match[1]), Number(match[2])];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon, address: match[3]!.trim() };
}
