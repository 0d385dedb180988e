import type { Request, RequestHandler, Response } from "express";
import { ACTING_FOR_HEADERS } from "../../shared/api/deleghe.ts";
import { playsGaps } from "../gaps.ts";
import { sendError } from "../http.ts";
import { getLocals, type SandboxStore, type SandboxTenant } from "../types.ts";
import { isOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { effectiveStatus, isoDay, type StoredDelega } from "./state.ts";

/** The municipality's delegable services of a module (asset). */
export function delegableServices(tenant: SandboxTenant, asset: string): Set<number> {
  return new Set(
    tenant.content.dettagli.filter((d) => d.delegabile && d.asset?.codice === asset).map((d) => d.idServizio),
  );
}

/** The caller's delegation `id` from `delegante`, APPROVATA and live today, for a delegable service of `asset`. */
export function liveDelegation(
  store: SandboxStore,
  res: Response,
  id: string,
  delegante: string,
  asset: string,
): StoredDelega | null {
  const { tenant, citizen } = getLocals(res);
  if (!citizen) return null;
  const found = (store.state.deleghe.byTenant[tenant.id] ?? []).find((d) => d.uuidDelega === id);
  if (!found) return null;
  const services = delegableServices(tenant, asset);
  const ok =
    found.delegato.codiceFiscale === citizen.codFisc.toUpperCase() &&
    found.delegante.codiceFiscale === delegante.toUpperCase() &&
    effectiveStatus(found, isoDay(new Date())) === "APPROVATA" &&
    found.servizi.some((s) => services.has(s));
  return ok ? found : null;
}

/** The delegation headers of a call made for a delegator, or null when the call names none. */
export function actingForHeaders(req: Request): { id: string; delegante: string } | null {
  const id = req.get(ACTING_FOR_HEADERS.delega);
  const delegante = req.get(ACTING_FOR_HEADERS.delegante);
  return id || delegante ? { id: id ?? "", delegante: delegante ?? "" } : null;
}

/**
 * Who a call of module `asset` is for: the caller, or the delegator its headers name when the delegation is live
 * (`liveDelegation`); an answer is sent (403) and null returned otherwise. Gaps mode trusts the headers.
 */
export function subjectOf(store: SandboxStore, req: Request, res: Response, asset: string): string | null {
  const citizen = getLocals(res).citizen!;
  const named = actingForHeaders(req);
  if (!named) return citizen.codFisc;
  if (playsGaps(store)) return named.delegante.toUpperCase() || citizen.codFisc;
  if (!liveDelegation(store, res, named.id, named.delegante, asset)) {
    sendError(res, 403, "Delega non attiva per questo servizio");
    return null;
  }
  return named.delegante.toUpperCase();
}

/**
 * Route guard for `/citizens/:cf/…` paths of module `asset`: the caller's own fiscal code, or a delegator's under a
 * live delegation named in the headers (403 otherwise; 401 anonymous). Gaps mode lets any fiscal code through, as the
 * BFF does (contract §1).
 */
export function requireOwnOrDelegated(store: SandboxStore, asset: string, param = "cf"): RequestHandler {
  return (req, res, next) => {
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    if (playsGaps(store)) return next();
    const cf = req.params[param] as string | undefined;
    const named = actingForHeaders(req);
    if (!named) {
      if (isOwnFiscalCode(res, cf)) return next();
      return sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
    }
    const subject = subjectOf(store, req, res, asset);
    if (subject === null) return;
    if (subject !== cf?.toUpperCase())
      return sendError(res, 403, "Codice fiscale non coerente con la delega");
    next();
  };
}

/**
 * For a module whose calls carry no fiscal code in the path (appointments): a logged-in call naming a delegation is
 * made AS the delegator (`res.locals.citizen` becomes them, so the booking is in their name and only their
 * appointments exist), when the delegation is live for the module (403 otherwise; gaps mode trusts the headers).
 */
export function actAsDelegator(store: SandboxStore, asset: string): RequestHandler {
  return (req, res, next) => {
    const locals = getLocals(res);
    if (!actingForHeaders(req) || !locals.citizen || locals.publicApi) return next();
    const subject = subjectOf(store, req, res, asset);
    if (subject === null) return;
    const record = store.state.citizens[subject];
    const named = (store.state.deleghe.byTenant[locals.tenant.id] ?? []).find(
      (d) => d.uuidDelega === actingForHeaders(req)?.id,
    )?.delegante;
    locals.citizen = record
      ? {
          codFisc: record.codFisc,
          nome: record.nome,
          cognome: record.cognome,
          email: record.email,
          phoneNumber: record.phoneNumber,
        }
      : {
          ...locals.citizen,
          codFisc: subject,
          nome: named?.nome ?? "",
          cognome: named?.cognome ?? "",
          email: "",
        };
    next();
  };
}
