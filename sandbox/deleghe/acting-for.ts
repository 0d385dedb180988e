import type { Request, RequestHandler, Response } from "express";
import { playsGaps } from "../gaps.ts";
import { sendError } from "../http.ts";
import { getLocals, type SandboxStore, type SandboxTenant } from "../types.ts";
import { isOwnFiscalCode } from "../middleware/own-fiscal-code.ts";
import { todayInRome } from "../../shared/dates.ts";
import { effectiveStatus, type StoredDelega } from "./state.ts";

/*
 * Acting for a delegator (spec §2, §4, §6; docs/decisions/upstream-writes.md). A call made for a delegator carries
 * the DELEGATOR's fiscal code where the call carries one (PPAY's `citizens/{cf}` path, the appointments' list query
 * `codice_fiscale` and the booking's `customer.codice_fiscale`), as the original front end did, which kept only the
 * delegator's `codiceFiscale`, `nome`, `cognome`: the one thing the BFF's proxies carry. No header names the
 * delegation (the proxies would drop it). This sandbox answers such a call only when the caller (the delegate, from
 * the SSO identity) holds a delegation from that fiscal code that is APPROVATA and live today, for a delegable
 * service of the called module (asset); otherwise 403 (404 for a resource by id). Gaps mode trusts the fiscal code it
 * is sent, as the real upstream does: the portal checks the delegation itself before every such call.
 */

/** The municipality's delegable services of a module (asset). */
export function delegableServices(tenant: SandboxTenant, asset: string): Set<number> {
  return new Set(
    tenant.content.dettagli.filter((d) => d.delegabile && d.asset?.codice === asset).map((d) => d.idServizio),
  );
}

/** The caller's delegation from `delegante`, APPROVATA and live today, for a delegable service of `asset`, or null. */
export function liveDelegationFrom(
  store: SandboxStore,
  res: Response,
  delegante: string,
  asset: string,
): StoredDelega | null {
  const { tenant, citizen } = getLocals(res);
  if (!citizen) return null;
  const services = delegableServices(tenant, asset);
  const today = todayInRome();
  return (
    (store.state.deleghe.byTenant[tenant.id] ?? []).find(
      (d) =>
        d.delegato.codiceFiscale === citizen.codFisc.toUpperCase() &&
        d.delegante.codiceFiscale === delegante.toUpperCase() &&
        effectiveStatus(d, today) === "APPROVATA" &&
        d.servizi.some((s) => services.has(s)),
    ) ?? null
  );
}

/** Whether the caller may read or change `subject`'s data of module `asset`: their own, a delegator's, any in gaps mode. */
export function mayActFor(store: SandboxStore, res: Response, subject: string, asset: string): boolean {
  const citizen = getLocals(res).citizen;
  if (!citizen) return false;
  if (playsGaps(store) || subject.toUpperCase() === citizen.codFisc.toUpperCase()) return true;
  return liveDelegationFrom(store, res, subject, asset) !== null;
}

/**
 * Route guard for `/citizens/:cf/…` paths of module `asset`: the caller's own fiscal code, or a delegator's under a
 * live delegation (403 otherwise; 401 anonymous). Gaps mode lets any fiscal code through, as the BFF does (contract
 * §1).
 */
export function requireOwnOrDelegated(store: SandboxStore, asset: string, param = "cf"): RequestHandler {
  return (req, res, next) => {
    if (!getLocals(res).citizen) return sendError(res, 401, "Accesso non effettuato");
    if (playsGaps(store)) return next();
    const cf = (req.params[param] as string | undefined) ?? "";
    if (isOwnFiscalCode(res, cf)) return next();
    if (liveDelegationFrom(store, res, cf, asset)) return next();
    sendError(res, 403, "Codice fiscale non coerente con l'utente collegato");
  };
}

/** The fiscal code an appointments call is about, when it names one other than the caller's (query or body). */
function namedSubject(req: Request): string | null {
  const query = typeof req.query.codice_fiscale === "string" ? req.query.codice_fiscale : "";
  const body = req.body as { customer?: { codice_fiscale?: unknown } } | undefined;
  const customer = req.method === "POST" ? body?.customer?.codice_fiscale : undefined;
  const named = query || (typeof customer === "string" ? customer : "");
  return named.trim() ? named.trim().toUpperCase() : null;
}

/**
 * For the appointments (whose service receives no identity from the BFF): a logged-in call whose query or booking
 * body names another fiscal code, or that is about an appointment by id of another citizen, is made AS that
 * delegator (`res.locals.citizen` becomes them, so the booking is in their name and only their appointments exist)
 * when the caller holds a live delegation from them for an appointment service. Otherwise the call stays the
 * caller's, and the routes refuse what is not theirs (403 on a list, 404 by id). Gaps mode: the routes already trust
 * the query.
 */
export function actAsDelegator(
  store: SandboxStore,
  asset: string,
  ownerOf: (res: Response, id: string) => string | null,
): RequestHandler {
  return (req, res, next) => {
    const locals = getLocals(res);
    if (!locals.citizen || locals.publicApi || playsGaps(store)) return next();
    const byId = /^\/appointments\/(\d+)(\/|$)/.exec(req.path);
    const subject = namedSubject(req) ?? (byId ? ownerOf(res, byId[1]!) : null);
    if (!subject || subject === locals.citizen.codFisc.toUpperCase()) return next();
    const delega = liveDelegationFrom(store, res, subject, asset);
    if (!delega) return next();
    const record = store.state.citizens[subject];
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
          nome: delega.delegante.nome,
          cognome: delega.delegante.cognome,
          email: "",
        };
    next();
  };
}
