// Bundled by Vite into build/server/index.js (see vite.config.ts): the bridge between Express and React Router.
// It lives in the server bundle so that the router context keys are the very objects the routes read.
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import { servicesContext, type RequestServices } from "#client/context.ts";
import { publicPagesOf, resourceRoutesOf, type SsrHandler } from "./public-pages.ts";

declare module "express-serve-static-core" {
  interface Locals {
    services: RequestServices;
  }
}

/**
 * Imports the server build (every route module, React's server renderer, date-fns and its locales) before handing out
 * the handler, so the first page after start-up does not pay for it. React Router gets the build itself, not a
 * function returning it: with a function it would import it on first use and rebuild its route tables on every
 * request. (The development server calls this for every request, so it still sees each edit; it caches no page.)
 */
export async function createSsrHandler(): Promise<SsrHandler> {
  const build = await import("virtual:react-router/server-build");
  const handler = createRequestHandler({
    build,
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(servicesContext, res.locals.services);
      return context;
    },
  }) as unknown as SsrHandler;
  // The page cache asks the build's route modules which pages are public (their `handle.pageCache`).
  handler.publicPage = publicPagesOf(build.routes);
  handler.resourceRoute = resourceRoutesOf(build.routes);
  handler.routes = build.routes;
  return handler;
}
