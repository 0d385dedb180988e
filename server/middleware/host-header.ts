import type { Request, RequestHandler } from "express";
import { sendPlainError } from "./plain-page.ts";

/** `host[:port]` (RFC 9110 §7.2): a name or IPv4 address, or an IPv6 literal in brackets; one port at most. */
const HOST = /^(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::[0-9]{0,5})?$/i;

/** How many `Host` lines the request has (counted on the raw lines: `headersDistinct` would copy every header). */
function hostLines(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === "host") count += 1;
  }
  return count;
}

/**
 * One well-formed host per request, before the municipality is chosen by it: duplicate `Host` headers (Node keeps the
 * first, a proxy in front may have used the other), `Host: a:3000:80` (Express would read `a`) and an HTTP/1.1
 * request without a host are answered 400 here. The host checked is the one Express uses: `X-Forwarded-Host` under
 * `trust proxy`, else `Host`.
 */
export function requireValidHost(): RequestHandler {
  return (req, res, next) => {
    if (!hasOneValidHost(req)) {
      return sendPlainError(req, res, 400, "server.badRequest.title", "server.badHost.message");
    }
    next();
  };
}

/** The test of `requireValidHost`: one well-formed host (none only in HTTP/1.0). */
export function hasOneValidHost(req: Request): boolean {
  const hosts = hostLines(req.rawHeaders);
  const effective = req.host;
  const missing = hosts === 0 && req.httpVersion !== "1.0";
  return !(missing || hosts > 1 || (effective !== undefined && !HOST.test(effective)));
}
