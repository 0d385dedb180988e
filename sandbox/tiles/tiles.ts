import type { GeoAddress } from "../seed/content-types.ts";
import { Canvas, encodePng, type Rgb } from "./png.ts";

/*
 * Local map tiles for the fictional towns (slippy-map scheme, `z/x/y`, 256 px): a plain background, a faint grid,
 * a regular pattern of "streets" and a dot for every address the sandbox geocoder knows. Clearly not a real map,
 * and nothing leaves the machine. Outside the covered area (zoom or bounding box) there is no tile (404).
 */

export const TILE_SIZE = 256;
export const MIN_ZOOM = 13;
export const MAX_ZOOM = 18;
/** How far around a town's addresses tiles exist (degrees). */
const MARGIN = 0.02;

const BACKGROUND: Rgb = [242, 239, 233];
const GRID: Rgb = [225, 221, 212];
const STREET: Rgb = [255, 255, 255];
const STREET_EDGE: Rgb = [205, 199, 188];
const PLACE: Rgb = [0, 102, 204];

export type TileArea = { minLat: number; maxLat: number; minLon: number; maxLon: number };

/** One area per town, around its known addresses. */
export function coveredAreas(towns: GeoAddress[][]): TileArea[] {
  return towns
    .filter((addresses) => addresses.length > 0)
    .map((addresses) => ({
      minLat: Math.min(...addresses.map((a) => a.lat)) - MARGIN,
      maxLat: Math.max(...addresses.map((a) => a.lat)) + MARGIN,
      minLon: Math.min(...addresses.map((a) => a.lon)) - MARGIN,
      maxLon: Math.max(...addresses.map((a) => a.lon)) + MARGIN,
    }));
}

/** The world pixel (at zoom z) of a coordinate (Web Mercator). */
export function toWorldPixel(lat: number, lon: number, z: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** True when tile z/x/y touches one of the areas, at a covered zoom. */
export function isCovered(areas: TileArea[], z: number, x: number, y: number): boolean {
  if (!Number.isInteger(z) || z < MIN_ZOOM || z > MAX_ZOOM) return false;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z)
    return false;
  return areas.some((area) => {
    const topLeft = toWorldPixel(area.maxLat, area.minLon, z);
    const bottomRight = toWorldPixel(area.minLat, area.maxLon, z);
    const [tx0, ty0] = [x * TILE_SIZE, y * TILE_SIZE];
    return (
      tx0 + TILE_SIZE > topLeft.x && tx0 < bottomRight.x && ty0 + TILE_SIZE > topLeft.y && ty0 < bottomRight.y
    );
  });
}

/** Draws tile z/x/y (the caller checked it is covered). Streets continue across tile edges. */
export function drawTile(addresses: GeoAddress[], z: number, x: number, y: number): Buffer {
  const canvas = new Canvas(TILE_SIZE, TILE_SIZE, BACKGROUND);
  for (let at = 0; at < TILE_SIZE; at += 32) {
    canvas.fillRect(at, 0, 1, TILE_SIZE, GRID);
    canvas.fillRect(0, at, TILE_SIZE, 1, GRID);
  }
  // Streets: a regular pattern in world pixels scaled to the zoom, so it lines up between neighbouring tiles.
  const factor = 2 ** (z - 16);
  const spacing = { x: 180 * factor, y: 140 * factor };
  const width = Math.max(2, Math.round(8 * factor));
  const [ox, oy] = [x * TILE_SIZE, y * TILE_SIZE];
  for (let wx = Math.ceil(ox / spacing.x) * spacing.x; wx < ox + TILE_SIZE; wx += spacing.x) {
    canvas.fillRect(wx - ox - width / 2 - 1, 0, width + 2, TILE_SIZE, STREET_EDGE);
    canvas.fillRect(wx - ox - width / 2, 0, width, TILE_SIZE, STREET);
  }
  for (let wy = Math.ceil(oy / spacing.y) * spacing.y; wy < oy + TILE_SIZE; wy += spacing.y) {
    canvas.fillRect(0, wy - oy - width / 2 - 1, TILE_SIZE, width + 2, STREET_EDGE);
    canvas.fillRect(0, wy - oy - width / 2, TILE_SIZE, width, STREET);
  }
  for (const address of addresses) {
    const p = toWorldPixel(address.lat, address.lon, z);
    canvas.fillRect(p.x - ox - 4, p.y - oy - 4, 8, 8, PLACE);
  }
  return encodePng(canvas);
}
