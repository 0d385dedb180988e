import express from "express";
import type { SandboxStore } from "../types.ts";
import { badRequest } from "./http-error.ts";
import { sendAppointmentIcs } from "./ics-response.ts";
import { findByHash, findReadableAppointment } from "./lookup.ts";
import { getAppschedContext, getQueryString, type Clock } from "./request-context.ts";

/** `GET ics?hash=…` or `GET ics?id=…&token=…` (logged in: `?id=…` of an own appointment). */
export function createIcsRouter(store: SandboxStore, clock: Clock): express.Router {
  const router = express.Router();

  router.get("/ics", (req, res) => {
    const ctx = getAppschedContext(store, clock, res);
    const hash = getQueryString(req, "hash");
    const id = getQueryString(req, "id");
    if (hash) return sendAppointmentIcs(res, ctx, findByHash(ctx, hash));
    if (!id) throw badRequest("Indicare id e token oppure hash");
    sendAppointmentIcs(res, ctx, findReadableAppointment(ctx, id, req.query.token));
  });

  return router;
}
