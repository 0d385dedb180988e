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

  // `Idempotency-Key` (as the payments' calls): the same key on the same municipality answers the appointment it
  // booked the first time (200), so a client that gave up waiting can ask again without booking twice.
  router.post("/appointments", requirePublicAllowed, (req, res) => {
    const ctx = context(res);
    const header = req.get("idempotency-key");
    const key = header && /^[\w-]{8,80}$/.test(header) ? `${ctx.tenant.id}:${header}` : undefined;
    const keys = (ctx.state.idempotency ??= {});
    const remembered = key === undefined ? undefined : keys[key];
    const earlier = ctx.state.appointments.find(
      (appointment) => appointment.tenantId === ctx.tenant.id && appointment.id === remembered,
    );
    const appointment = earlier ?? bookAppointment(ctx, req.body);
    if (key !== undefined && !earlier) keys[key] = appointment.id;
    store.save();
    const accessToken = createAccessToken(ctx.state.secret, appointment.tenantId, appointment.id);
    res.status(earlier ? 200 : 201).json({ ...toAppointmentDto(appointment, ctx.catalog), accessToken });
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
