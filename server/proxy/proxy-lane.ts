import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Express, RequestHandler } from "express";
import { PROXIED_PATH } from "./path-guard.ts";

const NOT_ANSWERED = Object.assign(new Error("the proxy chain ended without an answer"), { status: 404 });
const ignore = () => {};

/**
 * The lean proxy's lane past Express's router (docs/decisions/lean-proxy.md): a request whose raw target starts with
 * `/api/` or `/api-public/` goes straight to the proxy chain. It gets what Express's own dispatch gives a request
 * (the `req`/`res` helpers, `res.locals`, `req.originalUrl`), but not the router's per-request work (a final
 * handler, a `next` and a restore closure per layer, the layer's path matching), which was a sixth of the proxy's
 * CPU time per request. Errors go to the app's last error handler, as they would through the router; every other
 * target (pages, assets, and proxied paths written another way, e.g. `/api?x` or an absolute-form target) takes
 * Express's dispatch, whose first layer sends proxied paths to the same chain.
 *
 * Installed as the app's `handle`, so that the HTTP server, the tests (supertest) and the bench all take it.
 */
export function installProxyLane(
  app: Express,
  proxyChain: RequestHandler,
  onError: ErrorRequestHandler,
): void {
  type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
  const dispatch = (app as unknown as { handle: Handle }).handle.bind(app);
  const request = app.request;
  const response = app.response;
  const lane = (req: IncomingMessage, res: ServerResponse) => {
    const r = Object.setPrototypeOf(req, request) as Parameters<RequestHandler>[0];
    const s = Object.setPrototypeOf(res, response) as Parameters<RequestHandler>[1];
    r.res = s;
    s.req = r;
    s.locals = Object.create(null) as typeof s.locals;
    r.originalUrl = r.url;
    r.baseUrl = "";
    const done = (error?: unknown) => onError(error ?? NOT_ANSWERED, r, s, ignore);
    try {
      proxyChain(r, s, done);
    } catch (error) {
      done(error);
    }
  };
  Object.assign(app, {
    handle(req: IncomingMessage, res: ServerResponse, next?: unknown) {
      // A mounted sub-app (with a `next` of its parent's) keeps Express's dispatch.
      if (next === undefined && req.url !== undefined && PROXIED_PATH.test(req.url)) return lane(req, res);
      return dispatch(req, res, next);
    },
  });
}
