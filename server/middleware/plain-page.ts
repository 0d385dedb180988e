import type { Request, Response } from "express";
import type { Locale } from "#shared/locale.ts";
import { requestLocale, serverText, type ServerTextKey } from "#server/texts.ts";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A self-contained page in `locale` for answers given before React rendering (unknown host, bad request). */
export function plainPage(title: string, message: string, locale: Locale): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(serverText(locale, "server.pageTitle", { title }))}</title></head>
<body style="font-family: 'Titillium Web', Geneva, Tahoma, sans-serif; margin: 2rem; color: #1a1a1a">
<main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}

/** Answers JSON to API callers and an HTML page to browsers. */
export function wantsJson(req: { path: string; headers: Record<string, unknown> }): boolean {
  const accept = String(req.headers.accept ?? "");
  return (
    req.path.startsWith("/api") ||
    req.path.startsWith("/geocoding") ||
    (accept.includes("json") && !accept.includes("html"))
  );
}

/**
 * An error answer given by the server itself, in the page's language (server/texts.ts): `{status, title, details}`
 * to API callers, a page otherwise.
 */
export function sendPlainError(
  req: Request,
  res: Response,
  status: number,
  title: ServerTextKey,
  message: ServerTextKey,
): void {
  const locale = requestLocale(req, res);
  res.status(status);
  if (wantsJson(req)) res.json({ status, title: serverText(locale, message), details: [] });
  else res.type("html").send(plainPage(serverText(locale, title), serverText(locale, message), locale));
}
