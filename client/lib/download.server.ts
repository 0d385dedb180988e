import { shownFileName } from "#shared/file-name.ts";

/** Drops control characters and the ones file systems refuse in names (`"*:<>?|`). */
function withoutUnsafe(text: string): string {
  return [...shownFileName(text)]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127 && !'"*:<>?|'.includes(c))
    .join("");
}

/**
 * A file name fit for `Content-Disposition`: no path, no control, bidi-control or quote characters, at most 120
 * characters, keeping the extension; `ascii` is the `filename="…"` fallback (accents dropped, other characters as
 * "_"), `utf8` the `filename*=UTF-8''…` value (RFC 5987).
 */
export function safeFileName(
  name: string | null | undefined,
  fallbackBase: string,
  extension?: string | null,
): { ascii: string; utf8: string } {
  const cleaned = withoutUnsafe((name ?? "").split(/[\\/]/).pop()!)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const ext = (extension ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 10);
  let full = cleaned || withoutUnsafe(fallbackBase.replace(/[\\/]/g, "")).trim() || "documento";
  if (ext && !full.toLowerCase().endsWith(`.${ext.toLowerCase()}`)) full = `${full}.${ext}`;
  if (full.length > 120) {
    const dot = full.lastIndexOf(".");
    const tail = dot > 0 && full.length - dot <= 11 ? full.slice(dot) : "";
    full = full.slice(0, 120 - tail.length) + tail;
  }
  const ascii = full
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/[%;\\]/g, "_");
  const utf8 = encodeURIComponent(full).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return { ascii, utf8 };
}

/**
 * The `Content-Disposition` of every download the portal serves (RFC 6266): an ASCII `filename="…"` for old clients
 * and the exact name as `filename*=UTF-8''…` (RFC 5987), so names in any script download under their own name.
 * `fallbackBase` names the file when `name` has nothing usable left; `extension` is added when the name lacks it.
 */
export function attachmentDisposition(
  name: string | null | undefined,
  options: { fallbackBase?: string; extension?: string | null } = {},
): string {
  const safe = safeFileName(name, options.fallbackBase ?? "", options.extension);
  return `attachment; filename="${safe.ascii}"; filename*=UTF-8''${safe.utf8}`;
}

const NO_STORE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/** A file that is not there (or not the citizen's): a plain-text 404, never cached. */
export function notFound(text: string): Response {
  return new Response(text, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
  });
}

/** A PDF as a download named `fileName`, never cached. */
export function pdfResponse(bytes: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": attachmentDisposition(fileName),
      ...NO_STORE,
    },
  });
}
