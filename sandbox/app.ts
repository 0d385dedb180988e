import express from "express";
import { createApiRouter, isApiPath } from "./api.ts";
import { createMailboxRouter } from "./appsched/mailbox.ts";
import { createCrmControlRouter } from "./crm/conversation.ts";
import { createCheckoutRouter } from "./ppay/checkout.ts";
import { createErrorHandler, notFound } from "./http.ts";
import { createFormsFrontOfficeRouter, FORMS_FRONT_OFFICE_PATH } from "./forms/front-office.ts";
import { createRequestLog, type SandboxLogger } from "./middleware/request-log.ts";
import { createAdminRouter } from "./routes/admin.ts";
import { createGeocoderRouter } from "./routes/geocoder.ts";
import { createTilesRouter } from "./tiles/router.ts";
import { createStore } from "./store.ts";
import { createDelegheControlRouter } from "./deleghe/router.ts";
import type { SandboxStore } from "./types.ts";
import type { SandboxProfile } from "./profile.ts";

export type SandboxOptions = {
  stateFile?: string;
  logger?: SandboxLogger;
  /** Play the real upstream's documented authorization gaps (README "Gaps mode"); default off. */
  gaps?: boolean;
  /** Which BFF to play (README "Profiles"): `spec` (default) or `published`. */
  profile?: SandboxProfile;
  /** The CMS stand-in's base URL (`startSandbox` starts one); unset: CMS menus and services served directly. */
  cmsUrl?: string;
  /** Where the pagoPA checkout returns: `{host}` = the municipality's portal host (default `http://{host}:3000`). */
  portalOrigin?: string;
};

/** The sandbox upstream: a stand-in for the Città Facile BFF (plus a tiny geocoder), without listening. */
export function createSandboxApp(options: SandboxOptions = {}): {
  app: express.Express;
  store: SandboxStore;
} {
  const store = createStore(options.stateFile, {
    gaps: options.gaps,
    profile: options.profile,
    cmsUrl: options.cmsUrl,
    portalOrigin: options.portalOrigin,
  });
  const logger = options.logger;
  const app = express();
  app.disable("x-powered-by");
  if (logger) app.use(createRequestLog(logger));
  app.use(
    "/__sandbox",
    createAdminRouter(store),
    createMailboxRouter(store),
    createCheckoutRouter(store),
    createCrmControlRouter(store),
    createDelegheControlRouter(store),
  );
  app.use("/__sandbox", createTilesRouter(store));
  app.use("/geocoder", createGeocoderRouter(store));
  app.use(FORMS_FRONT_OFFICE_PATH, createFormsFrontOfficeRouter(store));
  const api = createApiRouter(store);
  app.use((req, res, next) => (isApiPath(req.path) ? api(req, res, next) : next()));
  app.use(notFound);
  app.use(createErrorHandler((o, m) => logger?.info(o, m)));
  return { app, store };
}
