import type { Request, Response } from "express";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A self-contained Italian page for answers given before React rendering (unknown host, bad request). */
export function plainPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} - Portale del Cittadino</title></head>
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

/** An Italian error answer given by the server itself: `{status, title, details}` to API callers, a page otherwise. */
export function sendPlainError(
  req: Request,
  res: Response,
  status: number,
  title: string,
  message: string,
): void {
  res.status(status);
  if (wantsJson(req)) res.json({ status, title: message, details: [] });
  else res.type("html").send(plainPage(title, message));
}
