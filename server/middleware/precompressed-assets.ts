import { readdirSync } from "node:fs";
import { extname } from "node:path";
import type { RequestHandler } from "express";

/**
 * The build's compressed copies of its assets (build-tools/precompress.ts writes `<file>.br` and `<file>.gz`),
 * served instead of compressing the same bytes again on every request. Mounted on `/assets` before the static
 * handler: when the browser accepts an encoding that exists for the file, the request is pointed at the copy and the
 * answer carries `Content-Encoding` and the original file's type (the compression middleware leaves an encoded answer
 * alone); otherwise the static handler serves the file as it is. Always `Vary: Accept-Encoding` for such files, so a
 * shared cache never gives brotli to a client that did not ask for it.
 *
 * The directory is read once at start-up (a deployment replaces the container, and with it the build): no `stat`
 * per request, and a name that is not in the build never reaches the file system here.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const variants = compressedCopies(assetsDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const available = variants.get(name);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"], available);
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    res.type(extname(name));
    req.url = `/${name}.${encoding === "br" ? "br" : "gz"}`;
    next();
  };
}

type Encoding = "br" | "gzip";

/** File name → the encodings the build wrote for it. */
export function compressedCopies(dir: string): Map<string, Set<Encoding>> {
  const copies = new Map<string, Set<Encoding>>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return copies;
  }
  for (const name of names) {
    const match = /^(.+)\.(br|gz)$/.exec(name);
    if (!match) continue;
    const [, original, suffix] = match;
    const encodings = copies.get(original!) ?? new Set<Encoding>();
    encodings.add(suffix === "br" ? "br" : "gzip");
    copies.set(original!, encodings);
  }
  return copies;
}

/**
 * Brotli when the client accepts it and the copy exists, else gzip, else none (the file as it is). An encoding is
 * accepted when `Accept-Encoding` names it (or `*`) with a q-value above 0; brotli wins ties because it is smaller.
 * (Not `req.acceptsEncodings("br", "gzip")`: on a tie it picks the client's first-listed encoding, gzip for Chromium's
 * `gzip, deflate, br, zstd`.)
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (token) weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const candidates = (["br", "gzip"] as const).filter((e) => available.has(e) && weight(e) > 0);
  return candidates.sort((a, b) => weight(b) - weight(a))[0];
}
