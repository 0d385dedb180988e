import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { servicesContext } from "./context.ts";
import { describeRouteError } from "./lib/route-error-log.ts";
import { isCrossOriginAction } from "./lib/form-token.ts";
import { logRefusedFormPost } from "#shared/xsrf.ts";
import { ServerIslandContext } from "./components/server-island/server-island.tsx";
import { documentIslands } from "./components/server-island/server-island.server.ts";
import { provideEnglish } from "./i18n/i18n-context.tsx";
import { en } from "./texts.en.ts";

// The server renders both languages: the complete English catalogue (the app layer's index of the texts).
provideEnglish(en);

export const streamTimeout = 5_000;

/** Renders the document and answers it whole once ready; every script carries the request's CSP nonce. */
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
  // What the loaders kept for the server's render only (the footer, the home page's services: server-island.tsx).
  const islands = documentIslands(services);
  return new Promise((resolve, reject) => {
    let sent = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerIslandContext value={islands}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerIslandContext>,
      {
        nonce,
        // Every page is sent once all of it is rendered. The loaders have all resolved before this entry runs and no
        // page suspends (no <Await>, no lazy component): the only part still pending at "shell ready" is React
        // Router's script with the hydration data, which React would then stream in a Suspense boundary with its
        // ~1 kB inline runtime ($RC) and a hidden copy to move into place. Waiting for it costs microseconds.
        onAllReady() {
          sent = true;
          // All of it is ready: collected into one buffer and answered at once, rather than streamed as React's
          // hundreds of small chunks, each a write (and a chunk header) on the socket (issue #38: ~10 % of a
          // citizen's page's CPU went into those writes).
          const chunks: Buffer[] = [];
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
            );
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (sent)
            log.error({ error: describeRouteError(error).err }, "render error after the document was sent");
        },
      },
    );
  });
}

/**
 * Route errors as structured, redacted objects: expected HTTP answers at info, real failures at error; a cross-site
 * form post's refusal as one warn line. (Under
 * `error`, not pino's `err`, whose serializer would dress any object up as an Error with an empty stack.)
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // React Router passes no context when it refused the one we built (e.g. two copies of react-router in dev).
  const log = context?.get(servicesContext).log ?? console;
  // Another site's form posting here: React Router refused it (400) before any of our middleware ran.
  if (isCrossOriginAction(request))
    return logRefusedFormPost(log, request.method, new URL(request.url).pathname, "cross-site origin");
  const { level, err } = describeRouteError(error);
  if (level === "error") log.error({ error: err }, "unhandled route error");
  else log.info({ error: err }, "route error response");
};
