import type { RequestHandler } from "express";
import { getLocals } from "../types.ts";
import { notAuthorized } from "./http-error.ts";

/** Router-wide: the authenticated API needs a citizen (BFF filter), and the tenant must have the APPSCHED asset. */
export const requireAppschedAsset: RequestHandler = (_req, res, next) => {
  const { tenant, citizen, publicApi } = getLocals(res);
  if (!publicApi && !citizen) {
    res.status(401).json({ status: 401, error: "Token shibbolet non presente" });
    return;
  }
  if (!tenant.assets.some((asset) => asset.codice === "APPSCHED")) {
    res.status(404).json({ status: 404, title: "Servizio non disponibile", details: null });
    return;
  }
  next();
};

/** Public variant only when the tenant allows public appointments (`showPublic` on APPSCHED). */
export const requirePublicAllowed: RequestHandler = (_req, res, next) => {
  const { tenant, publicApi } = getLocals(res);
  const asset = tenant.assets.find((candidate) => candidate.codice === "APPSCHED");
  next(publicApi && !asset?.showPublic ? notAuthorized() : undefined);
};

/** Operations of the authenticated API only (list, change and cancel by id). */
export const requireAuthenticatedApi: RequestHandler = (_req, res, next) => {
  next(getLocals(res).publicApi ? notAuthorized() : undefined);
};
