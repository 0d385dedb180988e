import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { requestLocale, serverText } from "#server/texts.ts";

/** The paths the portal relays to the municipality's upstream. */
export const PROXIED_PATH = /^\/api(-public)?(\/|$)/;

/** Percent-escapes never needed in a proxied path: dot, slash, backslash, percent, semicolon, control characters. */
const FORBIDDEN_ESCAPE = /%(2e|2f|5c|25|3b|[01][0-9a-f]|7f)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const RAW_FORBIDDEN = /[\u0000-\u001f\u007f\\#]/;
/**
 * Most paths: segments of letters, digits and `_~-`, with dots inside a segment but never first (so never `.` or
 * `..`), no empty segment but a trailing slash, no escape. None of the checks below can refuse such a path.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;

/**
 * Why the raw request target (as sent by the client, query included) must not reach the upstream, or `undefined`
 * when its path part is clean. Only the path before `?` is judged: the query may carry any encoded character.
 *
 * Refused: anything but an origin-form target, dot segments (`.`, `..`), empty segments (`//`), `;` path
 * parameters, raw backslashes, `#` and control characters, encoded dots, slashes, backslashes, semicolons and
 * control characters (NUL included), double encoding (`%25`), malformed escapes and escapes that are not UTF-8.
 * Upstream servers and the portal's own URL parsing disagree on these, which is how `/api/..;/admin` tricks work.
 */
export function rawPathProblem(rawTarget: string): string | undefined {
  const path = pathOf(rawTarget);
  if (!path.startsWith("/")) return "not origin-form";
  if (PLAIN_PATH.test(path)) return undefined;
  if (RAW_FORBIDDEN.test(path)) return "forbidden character";
  if (path.includes(";")) return "path parameter";
  if (MALFORMED_ESCAPE.test(path)) return "malformed escape";
  if (FORBIDDEN_ESCAPE.test(path)) return "forbidden escape";
  if (!decodesWhole(path)) return "invalid encoding";
  const segments = path.slice(1).split("/");
  if (segments.some((s) => s === "." || s === "..")) return "dot segment";
  if (segments.slice(0, -1).some((s) => s === "")) return "empty segment";
  return undefined;
}

/** The path part of a raw request target (before `?`). */
export function pathOf(rawTarget: string): string {
  const query = rawTarget.indexOf("?");
  return query === -1 ? rawTarget : rawTarget.slice(0, query);
}

/** Whether every percent-escape of a path decodes (no lone `%`, no bytes that are not UTF-8). */
export function decodesWhole(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The path the proxy itself matches on: it resolves dot segments and backslashes like a browser would. */
function resolvedPath(url: string): string {
  try {
    return new URL(url, "http://portal.invalid").pathname;
  } catch {
    return url;
  }
}

/**
 * Refuses, with a 400 in the page's language, proxied requests whose raw path hides a trick. A request counts as proxied when
 * either Express's path or the resolved path is under `/api` or `/api-public`, so `/x/../api/…` is caught too.
 */
export function guardProxyPath(
  onRefused?: (reason: string) => void,
  /** The headers of a proxied answer (nosniff…): a path that only resolves to /api is refused before they are set. */
  setHeaders?: (res: ServerResponse) => void,
): RequestHandler {
  return (req, res, next) => {
    const proxied =
      PROXIED_PATH.test(req.path) ||
      PROXIED_PATH.test(resolvedPath(req.url)) ||
      PROXIED_PATH.test(resolvedPath(req.originalUrl));
    if (!proxied) return next();
    const problem = rawPathProblem(req.originalUrl);
    if (problem === undefined) return next();
    onRefused?.(problem);
    setHeaders?.(res);
    res
      .status(400)
      .set("cache-control", "no-store")
      .json({
        status: 400,
        title: serverText(requestLocale(req, res), "server.proxy.invalidAddress"),
        details: [],
      });
  };
}
