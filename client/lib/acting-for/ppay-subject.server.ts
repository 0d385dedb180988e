import type { RouterContextProvider } from "react-router";
import type { ActingForDelegation } from "#shared/api/deleghe.ts";
import type { DebtPosition, DebtPositionQuery } from "#shared/api/ppay.ts";
import { readRouteError, routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { actingForIt } from "./texts.ts";
import { delegationScope, notDelegated } from "./scope.server.ts";
import { getServices } from "../services.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Whose PPAY data this request reads (issue #28): the citizen's own, or, while they act for a delegator on PPAY
 * (checked upstream this very request by the root middleware), the delegator's, limited to what the delegation covers
 * (`delegationScope`, the one rule of every module with acting-for): the payment types of its PPAY services
 * (`codiceVersamento`; a position of another type is as good as missing).
 */
export type PpaySubject = {
  codFisc: string;
  delegation: ActingForDelegation | null;
  /** Acting for a delegator: the services of PPAY the delegation covers (their ids). */
  services: string[];
  /** Acting for a delegator: the `codiceVersamento`s the delegation covers (empty: none named, nothing is). */
  paymentTypes: string[];
};

export async function ppaySubject(context: Context, ownCodFisc: string): Promise<PpaySubject> {
  const scope = await delegationScope(context, "PPAY");
  if (!scope) return { codFisc: ownCodFisc, delegation: null, services: [], paymentTypes: [] };
  return {
    codFisc: scope.delegation.delegante.codiceFiscale,
    delegation: scope.delegation,
    services: scope.services.map((d) => d.idServizio),
    paymentTypes: scope.services.flatMap((d) => (d.codiceVersamento ? [d.codiceVersamento] : [])),
  };
}

/**
 * Whose position `iuv` is, for the pages that name one (pay by IUV, its notice, its receipt, the payment's outcome):
 * while acting for a delegator on PPAY, theirs when the delegation covers it; else the citizen's own when it is
 * theirs. The personal area lists the citizen's own positions with these links, banner or not: they must not end on
 * "not found" because a delegation for someone else is chosen.
 */
export async function ppaySubjectOf(context: Context, ownCodFisc: string, iuv: string): Promise<PpaySubject> {
  const subject = await ppaySubject(context, ownCodFisc);
  if (!subject.delegation || (await holds(context, subject, iuv))) return subject;
  const own: PpaySubject = { codFisc: ownCodFisc, delegation: null, services: [], paymentTypes: [] };
  return (await holds(context, own, iuv)) ? own : subject;
}

/** Whether the subject has the position (a refusal or "not found" of the upstream is a no). */
async function holds(context: Context, subject: PpaySubject, iuv: string): Promise<boolean> {
  try {
    return (await ppayOf(context, subject).debtPosition(iuv)) !== null;
  } catch (error) {
    if ([400, 403, 404].some((status) => readRouteError(error, status))) return false;
    throw error;
  }
}

/** A payment service's page while acting for a delegator: only a service the delegation covers (403 otherwise). */
export function requireDelegatedService(context: Context, subject: PpaySubject, serviceId: string): void {
  const d = subject.delegation;
  if (!d || subject.services.includes(serviceId)) return;
  throw notDelegated(context, d);
}

/** The PPAY calls of the subject: the delegator's through the delegation's calls, else the citizen's own. */
export function ppayOf(context: Context, subject: PpaySubject) {
  const { api } = getServices(context);
  const d = subject.delegation;
  const inScope = (p: DebtPosition) => !d || subject.paymentTypes.includes(p.codiceVersamento);
  const position = async (iuv: string) => {
    const found = d
      ? await api.actingFor.ppay.debtPosition(d, iuv)
      : await api.ppay.debtPosition(subject.codFisc, iuv);
    return found && inScope(found) ? found : null;
  };
  const missing = () =>
    routeError(404, { title: serverT(context, actingForIt)("delegator.notDelegated.title") });
  return {
    async debtPositions(query: DebtPositionQuery) {
      if (!d) return api.ppay.debtPositions(subject.codFisc, query);
      const page = await api.actingFor.ppay.debtPositions(d, query);
      return { ...page, debtPositions: page.debtPositions.filter(inScope) };
    },
    debtPosition: position,
    async receipt(iuv: string) {
      if (!d) return api.ppay.receipt(subject.codFisc, iuv);
      if (!(await position(iuv))) throw missing();
      return api.actingFor.ppay.receipt(d, iuv);
    },
    async notice(iuv: string) {
      if (!d) return api.ppay.notice(subject.codFisc, iuv);
      if (!(await position(iuv))) throw missing();
      return api.actingFor.ppay.notice(d, iuv);
    },
    paymentUrl: (iuv: string) => (d ? api.actingFor.ppay.paymentUrl(d, iuv) : api.ppay.paymentUrl(iuv)),
  };
}
