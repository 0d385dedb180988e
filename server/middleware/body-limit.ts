import type { RequestHandler } from "express";
import bytes from "bytes";
import { plainPage, wantsJson } from "./plain-page.ts";

/** Refuses bodies announced larger than the limit before anything reads them (the proxy streams bodies). */
export function bodyLimit(limit: string): RequestHandler {
  const max = bytes.parse(limit) ?? 1_048_576;
  return (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (!Number.isFinite(length) || length <= max) return next();
    const message = `Il contenuto inviato è troppo grande (massimo ${bytes.format(max, { unitSeparator: " " })}).`;
    res.status(413).set("connection", "close");
    if (wantsJson(req)) res.json({ status: 413, title: message, details: [] });
    else res.type("html").send(plainPage("Contenuto troppo grande", message));
  };
}
