import express from "express";
import { faultGate } from "../faults.ts";
import { getLocals, type SandboxStore } from "../types.ts";
import { requireAppschedAsset } from "./access.ts";
import { actAsDelegator } from "../deleghe/acting-for.ts";
import { createAppointmentRouter } from "./appointment-routes.ts";
import { createCatalogRouter } from "./catalog-routes.ts";
import { createHashRouter } from "./hash-routes.ts";
import { handleAppschedError } from "./http-error.ts";
import { createIcsRouter } from "./ics-route.ts";
import { getLegalContents } from "./legal-contents.ts";
import type { Clock } from "./request-context.ts";

export type AppschedRouterOptions = {
  /** The current instant; injected by tests so availability never depends on the real clock. */
  now?: Clock;
};

/**
 * The appointments service (contract §4), mounted at both `/api/appsched` and `/api-public/appsched` after the
 * middleware that sets `res.locals.tenant`, `citizen` and `publicApi`. Fault switch: `appsched` = "down" → 503.
 */
export function createAppschedRouter(
  store: SandboxStore,
  options: AppschedRouterOptions = {},
): express.Router {
  const clock = options.now ?? (() => new Date());
  const router = express.Router();
  router.use(faultGate(store, "appsched"), express.json({ limit: "64kb" }), requireAppschedAsset);
  // A call for a delegator (DELEGHE, issue #28): made as them when the caller holds a live delegation from them.
  router.use(
    actAsDelegator(store, "APPSCHED", (res, id) => {
      const { tenant } = getLocals(res);
      const found = store.state.appsched.appointments.find(
        (a) => a.tenantId === tenant.id && String(a.id) === id,
      );
      return found?.ownerCf ?? null;
    }),
  );
  router.get("/legal-contents", (_req, res) => {
    res.json(getLegalContents(getLocals(res).tenant));
  });
  router.use(createCatalogRouter(store, clock));
  router.use(createHashRouter(store, clock));
  router.use(createAppointmentRouter(store, clock));
  router.use(createIcsRouter(store, clock));
  router.use(handleAppschedError);
  return router;
}
