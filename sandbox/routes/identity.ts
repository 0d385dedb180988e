import express from "express";
import type { Request, Response } from "express";
import { sendError } from "../http.ts";
import { getUtenteContatti } from "../notify/router.ts";
import { closeSession } from "../session.ts";
import { getLocals, type Citizen, type SandboxStore } from "../types.ts";

/** The `redirector` query value exactly as the caller encoded it (the BFF passes it on untouched). */
export function rawRedirector(req: Request): string | undefined {
  const query = req.originalUrl.split("?")[1] ?? "";
  const pair = query.split("&").find((p) => p.startsWith("redirector="));
  const value = pair?.slice("redirector=".length);
  return value && value.length <= 2048 ? value : undefined;
}

function toUtente(store: SandboxStore, citizen: Citizen): object {
  return { ...citizen, contatti: getUtenteContatti(store.state, citizen.codFisc) };
}

function headerWidget(res: Response): string {
  const { tenant, citizen } = getLocals(res);
  const site = `https://${tenant.host}`;
  const menu = citizen && [
    { label: "Area personale", url: `${site}/area-personale` },
    { label: "Profilo", url: `${site}/area-personale/profilo-utente` },
    { label: "Esci", url: `${site}/api/utenti/logout` },
  ];
  const user = {
    auth: Boolean(citizen),
    maintenance: tenant.maintenance,
    buttonLabel: citizen ? `${citizen.nome} ${citizen.cognome}` : "Accedi all'area personale",
    loginUrl: citizen ? null : `${site}/api/utenti/login`,
    menu: menu || null,
  };
  return `const user = ${JSON.stringify(user).replace(/</g, "\\u003c")};\n`;
}

export function createIdentityRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  router.get("/api/utenti/login", (req, res) => {
    const redirector = rawRedirector(req);
    const query = redirector === undefined ? "" : `?redirector=${redirector}`;
    const target = getLocals(res).citizen ? "/area-personale" : "/api-public/sandbox-idp/login";
    res.redirect(302, `${target}${query}`);
  });
  router.get("/api/utenti/logout", (req, res) => {
    res.setHeader("Set-Cookie", closeSession(store, req.headers.cookie));
    res.redirect(302, getLocals(res).tenant.content.logoutUri);
  });
  router.get(["/api-public/utenti/me", "/api/utenti/me"], (_req, res) => {
    const citizen = getLocals(res).citizen;
    if (!citizen) return sendError(res, 401, "Accesso non effettuato");
    res.json(toUtente(store, citizen));
  });
  router.get("/api-public/utenti/menu", (_req, res) => {
    res.type("application/javascript").send(headerWidget(res));
  });
  return router;
}
