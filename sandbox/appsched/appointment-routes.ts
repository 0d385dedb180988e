import express from "express";
import type { SandboxStore } from "../types.ts";
import { requireAuthenticatedApi, requirePublicAllowed } from "./access.ts";
import { bookAppointment, cancelAppointment, changeAppointment } from "./booking.ts";
import { toAppointmentDto } from "./dto.ts";
import { notAuthorized } from "./http-error.ts";
import { sendAppointmentIcs } from "./ics-response.ts";
import { findOwnAppointment, findReadableAppointment } from "./lookup.ts";
import { getAppschedContext, getParam, getQueryString, type Clock } from "./request-context.ts";
import { createAccessToken } from "./tokens.ts";

export function createAppointmentRouter(store: SandboxStore, clock: Clock): express.Router {
  const router = express.Router();
  const context = (res: express.Response) => getAppschedContext(store, clock, res);

  // Every call books (the service has no idempotency, and the BFF's proxy would drop the header anyway): a client
  // that gave up waiting must find its booking before it asks again (client/lib/write-once.server.ts).
  router.post("/appointments", requirePublicAllowed, (req, res) => {
    const ctx = context(res);
    const appointment = bookAppointment(ctx, req.body);
    store.save();
    const accessToken = createAccessToken(ctx.state.secret, appointment.tenantId, appointment.id);
    res.status(201).json({ ...toAppointmentDto(appointment, ctx.catalog), accessToken });
  });

  router.get("/appointments", requireAuthenticatedApi, (req, res) => {
    const ctx = context(res);
    const requested = getQueryString(req, "codice_fiscale");
    // Gaps mode: the query's fiscal code is the only one the appsched API sees (contract §4), so it is honoured.
    const owner = ctx.gaps && requested ? requested.toUpperCase() : ctx.citizen!.codFisc;
    if (requested && requested.toUpperCase() !== owner.toUpperCase()) throw notAuthorized();
    const ascending = getQueryString(req, "sort") === "start";
    const own = ctx.state.appointments
      .filter((appointment) => appointment.tenantId === ctx.tenant.id && appointment.ownerCf === owner)
      .sort((left, right) => (ascending ? 1 : -1) * left.start.localeCompare(right.start));
    res.json(own.map((appointment) => toAppointmentDto(appointment, ctx.catalog)));
  });

  router.get("/appointments/:id", requirePublicAllowed, (req, res) => {
    const ctx = context(res);
    const appointment = findReadableAppointment(ctx, getParam(req, "id"), req.query.token);
    res.json(toAppointmentDto(appointment, ctx.catalog));
  });

  router.get("/appointments/:id/ics", (req, res) => {
    const ctx = context(res);
    sendAppointmentIcs(res, ctx, findReadableAppointment(ctx, getParam(req, "id"), req.query.token));
  });

  router.put("/appointments/:id", requireAuthenticatedApi, (req, res) => {
    const ctx = context(res);
    const appointment = findOwnAppointment(ctx, getParam(req, "id"));
    changeAppointment(ctx, appointment, req.body);
    store.save();
    res.json(toAppointmentDto(appointment, ctx.catalog));
  });

  router.delete("/appointments/:id", requireAuthenticatedApi, (req, res) => {
    const ctx = context(res);
    const appointment = findOwnAppointment(ctx, getParam(req, "id"));
    cancelAppointment(ctx, appointment);
    store.save();
    res.json({ id: appointment.id, status: appointment.status });
  });

  return router;
}
