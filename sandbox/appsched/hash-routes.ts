import express from "express";
import type { SandboxStore } from "../types.ts";
import { cancelAppointment, changeAppointment } from "./booking.ts";
import { toAppointmentDto } from "./dto.ts";
import { findByHash } from "./lookup.ts";
import { getAppschedContext, getParam, type Clock } from "./request-context.ts";

/** The e-mailed link works for whoever holds it, whether or not public appointments are enabled. */
export function createHashRouter(store: SandboxStore, clock: Clock): express.Router {
  const router = express.Router();
  const context = (res: express.Response) => getAppschedContext(store, clock, res);

  router.get("/appointments/hash/:hash", (req, res) => {
    const ctx = context(res);
    res.json(toAppointmentDto(findByHash(ctx, getParam(req, "hash")), ctx.catalog, true));
  });

  router.put("/appointments/hash/:hash", (req, res) => {
    const ctx = context(res);
    const appointment = findByHash(ctx, getParam(req, "hash"));
    changeAppointment(ctx, appointment, req.body);
    store.save();
    res.json(toAppointmentDto(appointment, ctx.catalog, true));
  });

  router.delete("/appointments/hash/:hash", (req, res) => {
    const ctx = context(res);
    const appointment = findByHash(ctx, getParam(req, "hash"));
    cancelAppointment(ctx, appointment);
    store.save();
    res.json({ id: appointment.id, status: appointment.status });
  });

  return router;
}
