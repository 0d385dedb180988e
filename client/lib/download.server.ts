import type { RouterContextProvider } from "react-router";
import { shownFileName } from "#shared/file-name.ts";
import { readRouteError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "#client/lib/services.ts";

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

/** What every download answer carries: never cached by a shared cache, never sniffed into another type. */
const DOWNLOAD_HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/** What a download is: its name (made safe by {@link attachmentDisposition}) and its media type. */
export type DownloadFile = {
  name: string | null | undefined;
  type: string;
  fallbackBase?: string;
  extension?: string | null;
};

/** The answer of every file download: the bytes (or text), their type and length, the disposition, no caching. */
export function fileResponse(body: Uint8Array | string, file: DownloadFile): Response {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);
  return new Response(bytes, {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(bytes.length),
      "Content-Disposition": attachmentDisposition(file.name, {
        fallbackBase: file.fallbackBase,
        extension: file.extension,
      }),
      ...DOWNLOAD_HEADERS,
    },
  });
}

/**
 * A download that could not be given: a short plain text in the page's language (`Content-Language`), with the
 * status (404 for a file that is not there or not the visitor's, 400 for a malformed link, 5xx for an upstream
 * failure). Plain text, not a page: `<DownloadLink>` shows the sentence beside the link it fetched; without JavaScript
 * the browser shows it as the page the link opened.
 */
export function downloadRefusal(
  context: Readonly<RouterContextProvider>,
  status: number,
  text: string,
  headers: HeadersInit = {},
): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Language": getServices(context).locale,
      ...DOWNLOAD_HEADERS,
      ...headers,
    },
  });
}

/** The upstream failures a download answers itself (its status kept), worded as the error page words them. */
const FAILURE_TEXTS = {
  502: "error.502.message",
  503: "error.503.message",
  504: "error.504.message",
} as const;

/**
 * Runs a download route's work and answers its failures the one way: a route error whose status is in `missing`
 * (default: the upstream's 400, 403 and 404 — a file that does not exist or is another citizen's) is the route's
 * `notFound` text with a 404; an upstream failure (5xx) keeps its status with the error page's message in the
 * page's language. Anything else (the login redirect, a programming error) is thrown as before.
 */
export async function answerDownload(
  context: Readonly<RouterContextProvider>,
  options: { notFound: string; missing?: readonly number[] },
  produce: () => Promise<Response> | Response,
): Promise<Response> {
  try {
    return await produce();
  } catch (error) {
    const failure = readRouteError(error);
    if (!failure) throw error;
    if ((options.missing ?? [400, 403, 404]).includes(failure.status)) {
      return downloadRefusal(context, 404, options.notFound);
    }
    if (failure.status < 500) throw error;
    const t = serverT(context);
    const key = FAILURE_TEXTS[failure.status as keyof typeof FAILURE_TEXTS] ?? "error.other.message";
    return downloadRefusal(context, failure.status, t(key));
  }
}
