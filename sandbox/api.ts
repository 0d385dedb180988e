import express from "express";
import type { RequestHandler } from "express";
import { createAppschedRouter } from "./appsched/router.ts";
import { createNotifyRouter } from "./notify/router.ts";
import { createOtpRouter } from "./otp/router.ts";
import { createReceiptStorageRouter } from "./ppay/receipt-storage.ts";
import { createPpayRouter } from "./ppay/router.ts";
import { createCrmRouter } from "./crm/router.ts";
import { createConversationRouter } from "./crm/conversation.ts";
import { createMypayRouter } from "./mypay/router.ts";
import { createMoonRouter } from "./forms/router.ts";
import { createDelegheRouter } from "./deleghe/router.ts";
import { requireCitizenOnApi } from "./middleware/api-filter.ts";
import { createIdentityMiddleware } from "./middleware/identity.ts";
import { maintenanceGate } from "./middleware/maintenance-gate.ts";
import { rebuildProxiedHeaders } from "./middleware/proxy-headers.ts";
import { createTenantMiddleware } from "./middleware/tenant.ts";
import { createConfigRouter } from "./routes/config.ts";
import { createFeedbackRouter } from "./routes/feedback.ts";
import { createIdentityRouter } from "./routes/identity.ts";
import { createKnowledgeBaseRouter } from "./routes/knowledge-base.ts";
import { createMaintenanceRouter } from "./routes/maintenance.ts";
import { createMessagesRouter } from "./messages/router.ts";
import { createIdpRouter } from "./routes/sandbox-idp.ts";
import { createMyDocsRouter } from "./mydocs/router.ts";
import { createFavouritesRouter } from "./favourites/router.ts";
import { createDisruptionRouter } from "./crm/disruption.ts";
import { getLocals, type SandboxStore } from "./types.ts";
import { playsPublished, publishedRouting, sendSpringError } from "./profile.ts";

const apiPath = /^\/api(-public|-admin)?(\/|$)/;

export function isApiPath(path: string): boolean {
  return apiPath.test(path);
}

const publicCors: RequestHandler = (req, res, next) => {
  if (req.path.startsWith("/api-public/")) res.setHeader("Access-Control-Allow-Origin", "*");
  next();
};

function markPublic(publicApi: boolean): RequestHandler {
  return (_req, res, next) => {
    getLocals(res).publicApi = publicApi;
    next();
  };
}

/** Everything under `/api`, `/api-public` (and `/api-admin`, all 404): the BFF's filters, then its routes. */
export function createApiRouter(store: SandboxStore): express.Router {
  const api = express.Router();
  api.use(publicCors, createTenantMiddleware(store), createIdentityMiddleware(store));
  api.use(requireCitizenOnApi, maintenanceGate, publishedRouting(store));
  // The BFF → service boundary: a proxied call reaches its service with the proxy's headers only.
  api.use(rebuildProxiedHeaders);
  api.use(
    createConfigRouter(store),
    createIdentityRouter(store),
    createIdpRouter(store),
    createMaintenanceRouter(),
  );
  api.use(createKnowledgeBaseRouter(store), createFeedbackRouter(store));
  api.use(createMessagesRouter(store));
  const appsched = createAppschedRouter(store);
  api.use("/api/appsched", markPublic(false), appsched);
  api.use("/api-public/appsched", markPublic(true), appsched);
  api.use("/api/document", createMyDocsRouter(store));
  api.use(createFavouritesRouter(store));
  api.use("/api/notificatore/preferenze", createNotifyRouter(store));
  api.use("/api-public/otp", createOtpRouter(store));
  api.use(createReceiptStorageRouter(store));
  api.use(createPpayRouter(store));
  api.use(createCrmRouter(store));
  api.use(createConversationRouter(store));
  api.use(createMypayRouter(store));
  api.use(createDisruptionRouter(store));
  api.use(createMoonRouter(store));
  api.use(createDelegheRouter(store));
  // The published BFF: Spring's own 404 for a path no resource takes.
  api.use((req, res, next) => (playsPublished(store) ? sendSpringError(req, res, 404) : next()));
  return api;
}
