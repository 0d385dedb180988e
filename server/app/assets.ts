import type { ServerResponse } from "node:http";
import express, { type ErrorRequestHandler, type Express } from "express";
import { setNonDocumentHeaders } from "../middleware/security-headers.ts";
import { precompressedAssets } from "../middleware/precompressed-assets.ts";
import { BUILD_DIR } from "../render/load-ssr-handler.ts";
import { requestLocale, serverText } from "../texts.ts";
import { ASSETS_PREFIX } from "../operational-paths.ts";

/** What a hashed build asset needs: no sniffing, HTTPS only behind TLS, no use by other sites' pages. */
function assetHeaders(behindTls: boolean) {
  return (res: ServerResponse) => {
    setNonDocumentHeaders(res, behindTls);
    res.setHeader("cross-origin-resource-policy", "same-origin");
  };
}

/**
 * What the asset route refuses (a file that does not exist, e.g. an old hash after a deployment; a malformed path) is
 * answered in plain text, never with a page: pages need the nonce that asset requests do not get. (Other methods
 * than GET and HEAD get serve-static's own empty 405 with `Allow`.)
 */
const missingAsset: ErrorRequestHandler = (error: { status?: number }, req, res, next) => {
  const status = error.status ?? 500;
  if (status < 400 || status >= 500) return next(error);
  res
    .status(status)
    .set({ "cache-control": "no-store", "x-content-type-options": "nosniff" })
    .type("text/plain")
    .send(
      `${serverText(requestLocale(req), status === 404 ? "server.fileNotFound" : "server.badRequest.message")}\n`,
    );
};

/** The build's hashed assets (immutable, precompressed when the build made a .br/.gz) and its root files. */
export function mountAssets(app: Express, staticDir: string | undefined, behindTls: boolean): void {
  const dir = staticDir ?? `${BUILD_DIR}/client`;
  app.use(
    ASSETS_PREFIX,
    precompressedAssets(`${dir}/assets`),
    express.static(`${dir}/assets`, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      setHeaders: assetHeaders(behindTls),
    }),
    missingAsset,
  );
  // Only names with an extension are files here (favicon.svg…): pages (`/`, `/faq`) skip the stat and the
  // not-found error object `send` would make for every one of them.
  // The push service worker (issue #29) is `no-cache`: a browser checks it on every registration, so a new build
  // reaches it at once (and the scope it claims is fixed by the page, not by the file).
  const rootFiles = express.static(dir, {
    maxAge: "1h",
    index: false,
    setHeaders: (res, path) => {
      if (path.endsWith("/firebase-messaging-sw.js")) res.setHeader("Cache-Control", "no-cache");
    },
  });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? rootFiles(req, res, next) : next()));
}
