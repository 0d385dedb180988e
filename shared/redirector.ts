export const DEFAULT_AFTER_LOGIN = "/area-personale";

/**
 * Accepts a login `redirector` only when it is a path on this origin. Anything that a browser could read as
 * another origin (`//evil`, `/\evil`, `https://…`, control characters, their percent-encoded forms) falls back.
 */
export function safeRedirectPath(value: unknown, fallback = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!decoded.startsWith("/")) return fallback;
  if (decoded.startsWith("//") || decoded.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return fallback;
  try {
    const resolved = new URL(decoded, "http://portal.invalid");
    if (resolved.origin !== "http://portal.invalid") return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
