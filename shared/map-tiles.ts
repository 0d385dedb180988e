/*
 * The map tiles of the disruption report: a slippy-map URL template (`MAP_TILE_URL`, e.g.
 * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`). The CSP's img-src allows exactly its origin.
 */

const PLACEHOLDERS = ["{z}", "{x}", "{y}"] as const;

/** Why `template` is not a usable tile URL, or null when it is. */
export function tileUrlProblem(template: string): string | null {
  if (PLACEHOLDERS.some((p) => !template.includes(p))) return "must contain {z}, {x} and {y}";
  if (/\{(?!z\}|x\}|y\}|r\})/.test(template))
    return "only {z}, {x}, {y} and {r} are supported (no {s} subdomains)";
  let url: URL;
  try {
    url = new URL(template.replaceAll(/\{[a-z]\}/g, "0"));
  } catch {
    return "must be an http(s) URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http(s) URL";
  if (url.username || url.password) return "must not carry credentials";
  return null;
}

/** The origin the browser loads tiles from (`https://tile.example.org`). */
export function tileOrigin(template: string): string {
  return new URL(template.replaceAll(/\{[a-z]\}/g, "0")).origin;
}

/** The embedded sandbox's tiles (`GET /__sandbox/tiles/{z}/{x}/{y}.png`). */
export function sandboxTileUrl(sandboxUrl: string): string {
  return `${sandboxUrl.replace(/\/+$/, "")}/__sandbox/tiles/{z}/{x}/{y}.png`;
}
