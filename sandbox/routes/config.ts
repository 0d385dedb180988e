import express from "express";
import type { Response } from "express";
import { formsFrontOfficeUrl } from "../forms/front-office.ts";
import { notifyServiceNamesOf } from "../notify/services.ts";
import { cmsAddress } from "../cms.ts";
import { getLocals, type SandboxStore, type SandboxTenant } from "../types.ts";

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

/**
 * A municipality with a CMS: the BFF answers its menu and services with a 302 to the CMS's own address (the BFF's
 * `Cms.urlMenu`, `Cms.urlServizi`), labelled JSON like all its answers. Without a CMS stand-in listening
 * (`store.cmsUrl` unset) they are answered from the seed directly.
 */
function redirectToCms(store: SandboxStore, what: "menu" | "servizi"): express.RequestHandler {
  return (_req, res, next) => {
    const { tenant } = getLocals(res);
    if (!tenant.cms || !store.cmsUrl) return next();
    res.status(302).setHeader("Location", cmsAddress(store.cmsUrl, tenant, what));
    res.type("application/json").end();
  };
}

export function createConfigRouter(store: SandboxStore): express.Router {
  const router = express.Router();
  // `urlModuli` is not in the public contract (issue #12): the forms front office the sandbox stands in for.
  router.get(
    `${base}/fromtenant`,
    (req, res) =>
      void res.json({ ...toComuneConfig(getLocals(res).tenant), urlModuli: formsFrontOfficeUrl(req) }),
  );
  router.get(`${base}/menu`, redirectToCms(store, "menu"), (_req, res) => void res.json(content(res).menu));
  router.get(`${base}/menufooter`, (_req, res) => void res.json(content(res).menuFooter));
  router.get(`${base}/contatti`, (_req, res) => void res.json(content(res).contatti));
  router.get(
    `${base}/servizi`,
    redirectToCms(store, "servizi"),
    (_req, res) => void res.json(content(res).servizi),
  );
  router.get(`${base}/dettaglioServizi`, (_req, res) => void res.json(content(res).dettagli));
  router.get(`${base}/disservizio/policy`, (_req, res) => void res.json(content(res).disservizioPolicy));
  return router;
}
