import express from "express";
import type { RequestHandler } from "express";
import { z } from "zod";
import { FEEDBACK_OPTIONS } from "#shared/api/feedback.ts";
import { sendError } from "../http.ts";
import { getLocals, type FeedbackEntity, type SandboxStore } from "../types.ts";

const options = FEEDBACK_OPTIONS;

const FeedbackBodySchema = z.object({
  pagePath: z.string().max(2000).nullish(),
  pageTitle: z.string().max(300).nullish(),
  serviceID: z.number().int().nullish(),
  rating: z.number().int().min(1).max(5),
  option: z.enum(options),
  // The BFF fails with 500 when `details` is missing; the sandbox says 400.
  details: z.string().max(1000),
  bind: z.string().nullish(),
});

/** Like the BFF's `@Consumes(APPLICATION_JSON)`: any other media type is refused with 415. */
const requireJson: RequestHandler = (req, res, next) => {
  if (req.is("application/json") === "application/json") return next();
  sendError(res, 415, "Tipo di contenuto non supportato", ["Content-Type deve essere application/json"]);
};

function isHoneypotFilled(body: unknown): boolean {
  const bind = (body as { bind?: unknown } | null)?.bind;
  return typeof bind === "string" && bind.trim() !== "";
}

export function createFeedbackRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.post("/api-public/feedback", requireJson, express.json({ limit: "20kb" }), (req, res) => {
    if (isHoneypotFilled(req.body)) return void res.json({ status: 200, title: "success" });
    const parsed = FeedbackBodySchema.safeParse(req.body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`);
      return sendError(res, 400, "Richiesta non valida", details);
    }
    const { pagePath, pageTitle, serviceID, rating, option, details } = parsed.data;
    const entity: FeedbackEntity = {
      id: store.state.nextFeedbackId++,
      comune: getLocals(res).tenant.id,
      pagePath: pagePath ?? null,
      pageTitle: pageTitle ?? null,
      serviceID: serviceID ?? null,
      rating,
      option,
      details: details.trim() === "" ? null : details,
      timestamp: new Date().toISOString(),
    };
    store.state.feedback.push(entity);
    store.save();
    res.status(201).json(entity);
  });
  return router;
}
