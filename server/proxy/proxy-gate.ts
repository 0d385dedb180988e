import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { matchProxyRoute, type ProxyRoute } from "./allow-list.ts";
import type { SessionCitizen } from "./session-citizen.ts";
import { UPSTREAM_UNREACHABLE_MESSAGE } from "./api-proxy.ts";
import { lingerThenClose } from "#server/middleware/request-body.ts";

export const NOT_RELAYED_MESSAGE = "La risorsa richiesta non esiste.";
export const INVALID_QUERY_MESSAGE = "Indirizzo della richiesta non valido.";
export const FOREIGN_FISCAL_CODE_MESSAGE =
  "Operazione non consentita: puoi accedere solo ai tuoi dati, con il codice fiscale dell'utente collegato.";

/** A refusal; a refused body is not read: its connection closes once the answer is out. */
function answer(req: Request, res: Response, status: number, title: string): void {
  const headers = req.headers;
  if (headers["transfer-encoding"] !== undefined || (headers["content-length"] ?? "0") !== "0") {
    res.set("connection", "close");
    lingerThenClose(req, res);
  }
  res.status(status).set("cache-control", "no-store").json({ status, title, details: [] });
}

/**
 * The proxy's gate (docs/decisions/proxy-allow-list.md): only the calls of the allow list (`allow-list.ts`) reach
 * the upstream; any other gets a 404 in Italian, and an allowed one with a query parameter it does not take a 400,
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
      logger.info({ method: req.method, reason: verdict.reason }, "proxy call not in the allow list");
      return answer(
        req,
        res,
        verdict.reason === "query" ? 400 : 404,
        verdict.reason === "query" ? INVALID_QUERY_MESSAGE : NOT_RELAYED_MESSAGE,
      );
    }
    if (verdict.fiscalCodes.length === 0) return next();
    sessionCitizen(res).then(
      (own) => {
        if (own !== null && verdict.fiscalCodes.every((cf) => cf === own)) return next();
        logger.warn({ method: req.method }, "proxy call with another citizen's fiscal code refused");
        answer(req, res, 403, FOREIGN_FISCAL_CODE_MESSAGE);
      },
      (error: Error & { status?: number }) => {
        logger.warn({ error: { message: error.message } }, "session citizen unavailable for a proxy call");
        answer(req, res, 502, UPSTREAM_UNREACHABLE_MESSAGE);
      },
    );
  };
}
