// Bundled by Vite into build/server/index.js (see vite.config.ts): the bridge between Express and React Router.
// It lives in the server bundle so that the router context keys are the very objects the routes read.
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import type { RequestHandler } from "express";
import { servicesContext, type RequestServices } from "#client/context.ts";

declare module "express-serve-static-core" {
  interface Locals {
    services: RequestServices;
  }
}

export function createSsrHandler(): RequestHandler {
  return createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(servicesContext, res.locals.services);
      return context;
    },
  }) as unknown as RequestHandler;
}
