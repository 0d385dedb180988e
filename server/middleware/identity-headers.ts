import type { Request, RequestHandler } from "express";
import { trustedIdentityHeaders } from "#server/proxy/header-hygiene.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** The SSO identity headers to forward upstream: empty unless they came through a trusted proxy. */
    identityHeaders: Record<string, string>;
  }
}

function peerIsTrustedProxy(req: Request): boolean {
  const isTrusted = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  const address = req.socket.remoteAddress;
  return Boolean(isTrusted && address && isTrusted(address, 0));
}

/**
 * Identity headers are believed only when the connection comes from a proxy named in TRUST_PROXY: a citizen who
 * reaches the portal directly cannot claim a fiscal code by sending `shib-identita-codicefiscale` himself.
 */
export function collectIdentityHeaders(trusted: readonly string[]): RequestHandler {
  return (req, res, next) => {
    res.locals.identityHeaders =
      trusted.length > 0 && peerIsTrustedProxy(req) ? trustedIdentityHeaders(req.headers, trusted) : {};
    next();
  };
}
