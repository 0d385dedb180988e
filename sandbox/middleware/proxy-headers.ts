import type { Request, RequestHandler } from "express";

/*
 * The BFF's proxies rebuild each request (csipiemonte/citfac, `citfacbe/…/services/proxy/*ProxyService.java`,
 * `createRequest`): a new OkHttp request with the body, the path and query, and only the proxy's OWN headers
 * (its API-manager token or Basic credential as `Authorization`, `Accept-Language: it` for appointments, `ente` for
 * documents, `Moon-Identita-JWT` or `client-profile` for the forms module, `x-authentication` and
 * `Shib-Iride-IdentitaDigitale` for Notify). Nothing else the caller sent reaches the service behind: no
 * `Idempotency-Key`, no custom `X-…`, no cookie, no SSO header (the identity was read by the BFF's filter before).
 *
 * The sandbox plays the same boundary: after its BFF layer (tenant from `X-Forwarded-Host`, identity, maintenance
 * gate) every call to a path that is a proxy in the BFF reaches the sandbox's service with only the headers a
 * proxy would carry. So no service of the sandbox can honour a header the real services never see.
 */

/** Path prefixes the published BFF proxies (its `controller/proxy/*`), plus the spec's modules the portal calls there. */
const PROXIED = [
  // published: AppschedController, AppschedPublicController (GET/POST only), CRMController (generic), CRMPublicController,
  // MoonController, MyDocsController, NotificatoreController, PPayController (generic), PPayPublicController
  /^\/api(-public)?\/appsched\//,
  /^\/api(-public)?\/crm\//,
  /^\/api(-public)?\/moon\//,
  /^\/api\/document\//,
  /^\/api\/notificatore\//,
  /^\/api(-public)?\/ppay\//,
  // not routed by the published BFF (the spec's fuller BFF): MyPay and the delegations, taken to be proxies too
  /^\/api(-public)?\/mypay\//,
  /^\/api\/(deleghe|richiesta-delega|richieste-delega)(\/|$)/,
];

/** Whether `path` is a call the BFF passes to a service behind it (and rebuilds). */
export function isProxiedPath(path: string): boolean {
  return PROXIED.some((prefix) => prefix.test(path));
}

/** What the rebuilt request keeps of the caller's: the body's framing (OkHttp sets its own Host and Connection). */
const KEPT = new Set(["host", "connection", "content-type", "content-length", "transfer-encoding"]);

/** The headers the proxy of `path` adds of its own accord (the ones a sandbox service may read). */
function proxyOwnHeaders(req: Request): Record<string, string> {
  if (/^\/api(-public)?\/appsched\//.test(req.path)) return { "accept-language": "it" };
  if (/^\/api(-public)?\/moon\//.test(req.path)) {
    // MoonProxyService: the caller's identity token when it sent one, else the portal's client profile.
    const jwt = req.get("moon-identita-jwt");
    return jwt ? { "moon-identita-jwt": jwt } : { "client-profile": "citfac" };
  }
  return {};
}

/**
 * Rebuilds the headers of a proxied call as the BFF does: everything the caller sent is dropped except the body's
 * framing, and the proxy's own headers are set. Other paths (the BFF's own controllers) are left as they are.
 */
export const rebuildProxiedHeaders: RequestHandler = (req, _res, next) => {
  if (!isProxiedPath(req.path)) return next();
  const own = proxyOwnHeaders(req);
  for (const name of Object.keys(req.headers)) if (!KEPT.has(name)) delete req.headers[name];
  Object.assign(req.headers, own);
  const raw: string[] = [];
  for (const [name, value] of Object.entries(req.headers))
    for (const v of [value ?? []].flat()) raw.push(name, v);
  req.rawHeaders = raw;
  next();
};
