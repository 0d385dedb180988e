import express from "express";
import type { SandboxStore } from "../types.ts";
import { requirePublicAllowed } from "./access.ts";
import { toSportelloDto } from "./dto.ts";
import { badRequest, notFound } from "./http-error.ts";
import { parseDayParam, parseMonthParam } from "./date-params.ts";
import {
  getAppschedContext,
  getParam,
  getQueryString,
  type AppschedContext,
  type Clock,
} from "./request-context.ts";
import { getAvailableRange, getFreeSlots, getOfficeBookings, getUnavailableDays } from "./schedule.ts";

export function createCatalogRouter(store: SandboxStore, clock: Clock): express.Router {
  const router = express.Router();
  const context = (res: express.Response) => getAppschedContext(store, clock, res);

  router.get("/categories", requirePublicAllowed, (_req, res) => {
    res.json(context(res).catalog.categories);
  });

  router.get("/categories/:id/services", requirePublicAllowed, (req, res) => {
    const { catalog } = context(res);
    if (!catalog.categories.some((category) => category.id === getParam(req, "id")))
      throw notFound("Categoria non trovata");
    res.json(
      catalog.offices.filter((office) => office.categoryId === getParam(req, "id")).map(toSportelloDto),
    );
  });

  router.get("/services/:id", requirePublicAllowed, (req, res) => {
    const ctx = context(res);
    const office = findOfficeOrThrow(ctx, getParam(req, "id"));
    const range = getAvailableRange(bookingsOf(ctx, office), office, ctx.now);
    res.json({ ...toSportelloDto(office), firstAvailableDate: range.first, lastAvailableDate: range.last });
  });

  router.get("/services/:id/providers", requirePublicAllowed, (req, res) => {
    findOfficeOrThrow(context(res), getParam(req, "id"));
    res.json([{ id: "any-provider", name: "Primo operatore disponibile" }]);
  });

  router.get("/services/:id/unavailable_dates", requirePublicAllowed, (req, res) => {
    const ctx = context(res);
    const office = findOfficeOrThrow(ctx, getParam(req, "id"));
    const month = parseMonthParam(getQueryString(req, "date"));
    if (!month) throw badRequest("Parametro date non valido");
    res.json(getUnavailableDays(bookingsOf(ctx, office), office, month, ctx.now));
  });

  router.get("/services/:id/availabilities", requirePublicAllowed, (req, res) => {
    const ctx = context(res);
    const office = findOfficeOrThrow(ctx, getParam(req, "id"));
    const day = parseDayParam(getQueryString(req, "date"));
    if (!day) throw badRequest("Parametro date non valido: formato atteso yyyy-MM-dd");
    res.json(getFreeSlots(bookingsOf(ctx, office), office, day, ctx.now));
  });

  return router;
}

function findOfficeOrThrow(context: AppschedContext, id: string | undefined) {
  const office = context.catalog.offices.find((candidate) => candidate.id === id);
  if (!office) throw notFound("Ufficio non trovato");
  return office;
}

function bookingsOf(context: AppschedContext, office: ReturnType<typeof findOfficeOrThrow>) {
  return getOfficeBookings(context.state.appointments, context.tenant.id, office);
}
