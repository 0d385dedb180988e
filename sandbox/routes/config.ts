import express from "express";
import type { Response } from "express";
import { formsFrontOfficeUrl } from "../forms/front-office.ts";
import { notifyServiceNamesOf } from "../notify/services.ts";
import { cmsAddress } from "../cms.ts";
import type { SandboxServizio } from "../seed/content-types.ts";
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
    // Jackson writes every field of the BFF's FirebaseCredentials, the ones the demo has not as null.
    firebase: tenant.firebase
      ? { authDomain: null, databaseURL: null, storageBucket: null, ...tenant.firebase }
      : null,
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

/**
 * A service as the BFF's ServiziDto writes it: snake_case, every field, nulls included. The category and the link
 * keep the seed's spelling (every one seen in the wild, on purpose: see seed/content-types.ts).
 */
function asServiziDto(s: SandboxServizio) {
  return {
    servizio_citta_facile: false,
    notificabile: false,
    codice_notifiche: null,
    assistenza: false,
    codice_assistenza: null,
    ...s,
    link_scheda: s.link_scheda ?? null,
    messaggio_manutenzione: s.messaggio_manutenzione ?? null,
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
    (_req, res) => void res.json(content(res).servizi.map(asServiziDto)),
  );
  router.get(`${base}/dettaglioServizi`, (_req, res) => void res.json(content(res).dettagli));
  router.get(`${base}/disservizio/policy`, (_req, res) => void res.json(content(res).disservizioPolicy));
  return router;
}
