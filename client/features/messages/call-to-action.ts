/**
 * The call to action's button ("Vai alla pagina indicata nel messaggio")'s target: a same-origin path ("/servizi/…", never "//host" or "/\\host") or an https address;
 * anything else (javascript:, data:, http:, relative paths) gives no button.
 */
export function safeCallToAction(value: string | null | undefined, origin: string): string | null {
  const target = value?.trim();
  if (!target) return null;
  if (target.startsWith("/")) {
    if (target.includes("\\") || [...target].some((char) => char.charCodeAt(0) < 32)) return null;
    if (target.startsWith("//")) return null;
    try {
      const url = new URL(target, origin);
      return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(target);
    return url.protocol === "https:" && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}
