import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { matchProxyRoute, type ProxyRoute } from "./allow-list.ts";
import type { SessionCitizen } from "./session-citizen.ts";
import { requestLocale, serverIt, serverText, type ServerTextKey } from "#server/texts.ts";
import { lingerThenClose } from "#server/middleware/request-body.ts";
import { requestIdOf } from "#server/observability/access-log.ts";

/** The refusals' Italian texts (server/texts.ts), for the tests. */
export const NOT_RELAYED_MESSAGE = serverIt["server.proxy.notRelayed"];
export const FOREIGN_FISCAL_CODE_MESSAGE = serverIt["server.proxy.foreignFiscalCode"];

/** A refusal in the page's language; a refused body is not read: its connection closes once the answer is out. */
function answer(req: Request, res: Response, status: number, key: ServerTextKey): void {
  const title = serverText(requestLocale(req, res), key);
  const headers = req.headers;
  if (headers["transfer-encoding"] !== undefined || (headers["content-length"] ?? "0") !== "0") {
    res.set("connection", "close");
    lingerThenClose(req, res);
  }
  res.status(status).set("cache-control", "no-store").json({ status, title, details: [] });
}

/**
 * The proxy's gate (docs/decisions/proxy-allow-list.md): only the calls of the allow list (`allow-list.ts`) reach
 * the upstream; any other gets a 404 in the page's language, and an allowed one with a query parameter it does not take a 400,
 * neither with an upstream call. An allowed call that carries a fiscal code (in its path or query) goes on only when
 * every one is the session's own citizen, resolved server-side: otherwise 403, whatever the upstream would have done.
 */
export function gateProxyCalls(options: {
  routes: readonly ProxyRoute[];
  sessionCitizen: SessionCitizen;
  logger: Logger;
}): RequestHandler {
  const { routes, sessionCitizen, logger } = options;
  return (req, res, next) => {
    const verdict = matchProxyRoute(routes, req);
    if (!verdict.allowed) {
      logger.info(
        { reqId: requestIdOf(res), method: req.method, reason: verdict.reason },
        "proxy call not in the allow list",
      );
      return answer(
        req,
        res,
        verdict.reason === "query" ? 400 : 404,
        verdict.reason === "query" ? "server.proxy.invalidAddress" : "server.proxy.notRelayed",
      );
    }
    if (verdict.fiscalCodes.length === 0) return next();
    sessionCitizen(res).then(
      (own) => {
        if (own !== null && verdict.fiscalCodes.every((cf) => cf === own)) return next();
        logger.warn(
          { reqId: requestIdOf(res), method: req.method },
          "proxy call with another citizen's fiscal code refused",
        );
        answer(req, res, 403, "server.proxy.foreignFiscalCode");
      },
      (error: Error & { status?: number }) => {
        logger.warn(
          { reqId: requestIdOf(res), error: { message: error.message } },
          "session citizen unavailable for a proxy call",
        );
        answer(req, res, 502, "server.upstream.unreachable");
      },
    );
  };
}
