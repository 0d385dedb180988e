export const DEFAULT_AFTER_LOGIN = "/area-personale";

const BASE = "http://portal.invalid";
// Characters a browser may drop or turn into a slash while reading a URL: controls, backslash, and the Unicode
// look-alikes of "/" and "\" (some clients normalise them). A raw space has no place in a serialised URL either.
// eslint-disable-next-line no-control-regex
const SUSPICIOUS = /[\u0000-\u001f\u007f\\\u2044\u2215\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

function decodeFully(value: string): string | undefined {
  let decoded = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return undefined;
}

/**
 * True when `path` can only lead to a page of the origin it is read against: it starts with one "/" (not "//" or
 * "/\"), carries nothing a browser would strip or reinterpret, and still resolves to the same origin.
 */
export function isSameOriginPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes(" ") || SUSPICIOUS.test(path))
    return false;
  const decoded = decodeFully(path);
  if (decoded === undefined || decoded.startsWith("//") || SUSPICIOUS.test(decoded)) return false;
  // Both the path and what a decoding intermediary would make of it must resolve to a path on this origin.
  return resolvesHere(path) && resolvesHere(decoded);
}

function resolvesHere(path: string): boolean {
  try {
    const url = new URL(path, BASE);
    return url.origin === BASE && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

/**
 * A redirect target taken from input (`redirector`, `redirectTo`, a form's page path), as a normalised path on this
 * origin, or `fallback`. The *result* is what is checked: normalising dot segments can turn a harmless-looking
 * `/.//evil.example` into `//evil.example`, which a browser reads as another host.
 */
export function safeRedirectPath(value: unknown, fallback = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  const path = pathFrom(value);
  if (path === undefined || !isSameOriginPath(path)) return fallback;
  const url = new URL(path, BASE);
  const result = url.href.slice(url.origin.length);
  return isSameOriginPath(result) ? result : fallback;
}

/** The spec's redirector may arrive percent-encoded as a whole (`%2Ffaq%3Fq%3D1`): decode it until it is a path. */
function pathFrom(value: string): string | undefined {
  let path = value;
  for (let i = 0; i < 3 && /^%2f/i.test(path); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  return path;
}

/** The current page as a link target: a request for `//evil.example` must never yield a link off the site. */
export function currentPathHref(pathname: string, search = ""): string {
  const path = `/${pathname.replace(/^[/\\]+/, "")}`;
  return isSameOriginPath(path) ? `${path}${search}` : `/${search}`;
}
