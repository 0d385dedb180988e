import type { RouterContextProvider } from "react-router";
import type { ActingForDelegation } from "#shared/api/deleghe.ts";
import type { DebtPosition, DebtPositionQuery } from "#shared/api/ppay.ts";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { actingForIt } from "#client/components/acting-for/texts.ts";
import { actingDelegation } from "#client/lib/acting-for.server.ts";
import { getServices } from "#client/lib/services.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Whose PPAY data this request reads (issue #28): the citizen's own, or, while they act for a delegator on PPAY
 * (checked upstream this very request by the root middleware), the delegator's, limited to the payment type of the
 * delegated service (`codiceVersamento`; a position of another type is as good as missing).
 */
export type PpaySubject = {
  codFisc: string;
  delegation: ActingForDelegation | null;
  /** Acting for a delegator: the only `codiceVersamento` the delegation covers (null: the service names none). */
  paymentType: string | null;
};

export async function ppaySubject(context: Context, ownCodFisc: string): Promise<PpaySubject> {
  const delegation = actingDelegation(context, "PPAY");
  if (!delegation) return { codFisc: ownCodFisc, delegation: null, paymentType: null };
  const config = await getServices(context).api.getTenantConfig();
  const detail = config.dettagli.find((d) => d.idServizio === String(delegation.idServizio));
  return {
    codFisc: delegation.delegante.codiceFiscale,
    delegation,
    paymentType: detail?.codiceVersamento ?? null,
  };
}

/** A payment service's page while acting for a delegator: only the delegated service itself (403 otherwise). */
export function requireDelegatedService(context: Context, subject: PpaySubject, serviceId: string): void {
  const d = subject.delegation;
  if (!d || String(d.idServizio) === serviceId) return;
  const t = serverT(context, actingForIt);
  throw routeError(403, {
    title: t("delegator.notDelegated.title"),
    details: [t("delegator.notDelegated.text", { nome: d.delegante.nome, cognome: d.delegante.cognome })],
  });
}

/** The PPAY calls of the subject: the delegator's through the delegation's calls, else the citizen's own. */
export function ppayOf(context: Context, subject: PpaySubject) {
  const { api } = getServices(context);
  const d = subject.delegation;
  const inScope = (p: DebtPosition) =>
    !d || !subject.paymentType || p.codiceVersamento === subject.paymentType;
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
