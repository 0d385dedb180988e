import express from "express";
import { z } from "zod";
import { sendError } from "../http.ts";
import { requireOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { getLocals, type NotifyContacts, type SandboxState, type SandboxStore } from "../types.ts";
import { hashTerms, NOTIFY_TERMS } from "./seed.ts";
import { findNotifyService, notifyServicesOf } from "./services.ts";
import type { NotifyUser } from "./types.ts";

const CHANNELS = ["email", "sms", "push"] as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Notify's Joi rules, roughly: a real e-mail, an Italian mobile as "0039" + 9–10 digits, a known language. */
const ContactsBodySchema = z
  .object({
    email: z.string().max(254).regex(emailPattern).nullish(),
    sms: z
      .string()
      .regex(/^0039\d{9,10}$/)
      .nullish(),
    phone: z
      .string()
      .regex(/^0039\d{9,10}$/)
      .nullish(),
    push: z.record(z.string().max(100), z.array(z.string().max(4096)).max(20)).nullish(),
    language: z.enum(["it_IT", "en_GB"]).nullish(),
    interests: z.string().max(500).nullish(),
  })
  .strict();

const PreferencesBodySchema = z.record(
  z.string().max(100),
  z.string().regex(/^((email|sms|push)(,(email|sms|push))*)?$/),
);

function normaliseCf(cf: string): string {
  return cf.toUpperCase();
}

function notifyUser(state: SandboxState, cf: string): NotifyUser | undefined {
  return state.notify.users[normaliseCf(cf)];
}

/** `utenti/me`'s `contatti`: null when the citizen never accepted the terms or has no contacts. */
export function getUtenteContatti(state: SandboxState, cf: string): NotifyContacts | null {
  const user = notifyUser(state, cf);
  if (!user?.terms || !user.contacts) return null;
  const { email, sms, push } = user.contacts;
  if (!email && !sms) return null;
  return { email, sms, push };
}

function issues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`);
}

/** The Notify preferences engine as the BFF exposes it under `/api/notificatore/preferenze`. */
export function createNotifyRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  const own = requireOwnFiscalCode("cf", store);
  const json = express.json({ limit: "20kb" });

  router.get("/terms", (_req, res) => void res.json(NOTIFY_TERMS));

  router.get("/services", (_req, res) => void res.json(notifyServicesOf(getLocals(res).tenant)));

  registerUser(router, store, own, json);
  registerPreferences(router, store, own, json);
  return router;
}

/** One citizen (the caller's own fiscal code): accepting the terms, the contacts (read, change), leaving Notify. */
function registerUser(
  router: express.Router,
  store: SandboxStore,
  own: express.RequestHandler,
  json: express.RequestHandler,
): void {
  router.put("/users/:cf/terms", own, (req, res) => {
    const cf = normaliseCf(req.params.cf as string);
    const terms = { accepted_at: new Date().toISOString(), hashed_terms: hashTerms(NOTIFY_TERMS) };
    const user = store.state.notify.users[cf] ?? { contacts: null, terms: null, preferences: {} };
    store.state.notify.users[cf] = { ...user, terms };
    store.save();
    res.json(terms);
  });

  router.get("/users/:cf/contacts", own, (req, res) => {
    const cf = normaliseCf(req.params.cf as string);
    const user = notifyUser(store.state, cf);
    if (!user?.contacts) return sendError(res, 404, "Utente non trovato");
    res.json({ user_id: cf, ...user.contacts, terms: user.terms });
  });

  router.put("/users/:cf/contacts", own, json, (req, res) => {
    const cf = normaliseCf(req.params.cf as string);
    const parsed = ContactsBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, "Richiesta non valida", issues(parsed.error));
    const user = notifyUser(store.state, cf);
    if (!user?.terms) return sendError(res, 412, "Termini di servizio non accettati");
    const base = user.contacts ?? {
      email: null,
      sms: null,
      phone: null,
      push: null,
      language: "it_IT" as const,
      interests: null,
    };
    const body = parsed.data;
    const contacts = {
      email: body.email === undefined ? base.email : body.email,
      sms: body.sms === undefined ? base.sms : body.sms,
      phone: body.phone === undefined ? base.phone : body.phone,
      push: body.push === undefined ? base.push : body.push,
      language: body.language ?? base.language,
      interests: body.interests === undefined ? base.interests : body.interests,
    };
    store.state.notify.users[cf] = { ...user, contacts };
    store.save();
    res.json({ user_id: cf, ...contacts });
  });

  router.delete("/users/:cf", own, (req, res) => {
    const cf = normaliseCf(req.params.cf as string);
    if (!notifyUser(store.state, cf)) return sendError(res, 404, "Utente non trovato");
    delete store.state.notify.users[cf];
    store.save();
    res.json("OK");
  });
}

/** One citizen's channels per service (read, change), once they accepted the terms. */
function registerPreferences(
  router: express.Router,
  store: SandboxStore,
  own: express.RequestHandler,
  json: express.RequestHandler,
): void {
  router.get("/users/:cf/preferences", own, (req, res) => {
    const cf = normaliseCf(req.params.cf as string);
    const user = notifyUser(store.state, cf);
    if (!user?.terms) return sendError(res, 404, "Utente non trovato");
    res.json(
      Object.entries(user.preferences).map(([serviceName, channels], index) => ({
        uuid: `${cf}-pref-${index + 1}`,
        user_id: cf,
        service_name: serviceName,
        channels,
      })),
    );
  });

  router.put("/users/:cf/preferences", own, json, (req, res) => {
    const cf = normaliseCf(req.params.cf as string);
    const parsed = PreferencesBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(res, 400, "Richiesta non valida", issues(parsed.error));
    const user = notifyUser(store.state, cf);
    if (!user?.terms) return sendError(res, 412, "Termini di servizio non accettati");
    const preferences = { ...user.preferences };
    for (const [name, channels] of Object.entries(parsed.data)) {
      const service = findNotifyService(name);
      if (!service) return sendError(res, 400, "Richiesta non valida", [`servizio sconosciuto: ${name}`]);
      const wanted = channels === "" ? [] : channels.split(",");
      const supported = service.channels.split(",");
      if (wanted.some((channel) => !supported.includes(channel))) {
        return sendError(res, 400, "Richiesta non valida", [`canale non supportato: ${name}`]);
      }
      const ordered = CHANNELS.filter((channel) => wanted.includes(channel)).join(",");
      if (ordered === "") delete preferences[name];
      else preferences[name] = ordered;
    }
    store.state.notify.users[cf] = { ...user, preferences };
    store.save();
    res.json("OK");
  });
}
