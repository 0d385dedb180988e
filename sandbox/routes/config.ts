import express from "express";
import type { Response } from "express";
import { formsFrontOfficeUrl } from "../forms/front-office.ts";
import { notifyServiceNamesOf } from "../notify/services.ts";
import { getLocals, type SandboxTenant } from "../types.ts";

const base = "/api-public/configComune";

/** `ComuneConfig`: listed field by field so nothing else of the tenant (its maintenance credential) leaks. */
export function toComuneConfig(tenant: SandboxTenant): object {
  const { nome, codiceImmagine, regione, codiceEnte, assets, homePage, urlRicerca, maintenance, cms } =
    tenant;
  const config = {
    nome,
    codiceImmagine,
    regione,
    codiceEnte,
    tenant: tenant.host,
    firebase: tenant.firebase ?? null,
    assets,
  };
  // `sede` and `paginePortale` are not in the public contract (issue #24): sent only by the tenants that have them.
  const pages = tenant.paginePortale ? { paginePortale: tenant.paginePortale } : {};
  return {
    ...config,
    homePage,
    urlRicerca,
    maintenance,
    cms,
    ...(tenant.sede ? { sede: tenant.sede } : {}),
    ...pages,
    // Not in the public contract (issue #25): the notification services' own names, by code.
    nomiServiziNotifiche: notifyServiceNamesOf(tenant.id),
  };
}

function content(res: Response) {
  return getLocals(res).tenant.content;
}

export function createConfigRouter(): express.Router {
  const router = express.Router();
  // `urlModuli` is not in the public contract (issue #12): the forms front office the sandbox stands in for.
  router.get(
    `${base}/fromtenant`,
    (req, res) =>
      void res.json({ ...toComuneConfig(getLocals(res).tenant), urlModuli: formsFrontOfficeUrl(req) }),
  );
  router.get(`${base}/menu`, (_req, res) => void res.json(content(res).menu));
  router.get(`${base}/menufooter`, (_req, res) => void res.json(content(res).menuFooter));
  router.get(`${base}/contatti`, (_req, res) => void res.json(content(res).contatti));
  router.get(`${base}/servizi`, (_req, res) => void res.json(content(res).servizi));
  router.get(`${base}/dettaglioServizi`, (_req, res) => void res.json(content(res).dettagli));
  router.get(`${base}/disservizio/policy`, (_req, res) => void res.json(content(res).disservizioPolicy));
  return router;
}
