import type { ServerResponse } from "node:http";
import { randomBytes } from "#server/security/random-bytes.ts";
import type { RequestHandler } from "express";
import helmet from "helmet";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

/** helmet with a per-request script nonce; see architecture §2.3 for why the Referrer-Policy is not no-referrer. */
export function securityHeaders(options: {
  production: boolean;
  behindTls: boolean;
  devConnectSrc?: string[];
  /** Outside production: where a form's redirect may also go (any local port, for development). */
  devFormAction?: string[];
  /**
   * The demo's pagoPA checkout stand-in (the sandbox upstream's exact origin, plain http): where a form's 303 goes in
   * the demo, as a real deployment's goes to pagoPA's https checkout (issue #40: the demo's payment without
   * JavaScript was blocked). Production mode included; nothing without the sandbox.
   */
  demoCheckoutOrigin?: string;
  /** The disruption report's map tile origin (`MAP_TILE_URL`): the only image origin besides our own. */
  tileOrigin?: string;
}) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...(options.tileOrigin ? [options.tileOrigin] : [])],
        fontSrc: ["'self'", "data:"],
        connectSrc: [
          "'self'",
          "https://firebaseinstallations.googleapis.com",
          "https://fcmregistrations.googleapis.com",
          ...(options.devConnectSrc ?? []),
        ],
        // A form's 303 to pagoPA's checkout (https) is a form action too.
        formAction: [
          "'self'",
          "https:",
          ...(options.demoCheckoutOrigin ? [options.demoCheckoutOrigin] : []),
          ...(options.devFormAction ?? []),
        ],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: options.production && options.behindTls ? [] : null,
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.behindTls ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

const HSTS_MAX_AGE_S = 31_536_000;

/**
 * The security headers of an answer that is not a document (a proxied API answer, a build asset): no CSP, frame or
 * cross-origin-opener policy applies to it; nosniff does, and HTTPS-only behind TLS.
 */
export function setNonDocumentHeaders(res: ServerResponse, behindTls: boolean): void {
  res.setHeader("x-content-type-options", "nosniff");
  if (behindTls) res.setHeader("strict-transport-security", `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`);
}
