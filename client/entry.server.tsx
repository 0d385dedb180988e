import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { servicesContext } from "./context.ts";
import { describeRouteError } from "./lib/route-error-log.ts";
import { ServerFooterContext } from "./features/shell/footer-island.tsx";
import { rememberedFooter } from "./features/shell/footer-view.server.ts";

export const streamTimeout = 5_000;

/** Streams the document (bots get it whole); every script carries the request's CSP nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const services = loadContext.get(servicesContext);
  const { nonce, log } = services;
  // The footer is rendered here only, from the root loader's configuration (see footer-island.tsx).
  const footer = { footer: rememberedFooter(services) };
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerFooterContext value={footer}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerFooterContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ error: describeRouteError(error).err }, "render error after shell");
        },
      },
    );
  });
}

/**
 * Route errors as structured, redacted objects: expected HTTP answers at info, real failures at error. (Under
 * `error`, not pino's `err`, whose serializer would dress any object up as an Error with an empty stack.)
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { level, err } = describeRouteError(error);
  // React Router passes no context when it refused the one we built (e.g. two copies of react-router in dev).
  const log = context?.get(servicesContext).log ?? console;
  if (level === "error") log.error({ error: err }, "unhandled route error");
  else log.info({ error: err }, "route error response");
};
