import type { RouterContextProvider } from "react-router";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { findAsset } from "#shared/api/tenant-config.ts";
import { readRouteError } from "#shared/route-error.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { toPositionView } from "./position-view.ts";
import { decideOutcome, mypayPaymentStatus, type OutcomeKind } from "./outcome.ts";

/**
 * `/servizi/pagamento-esito?iuv&codEsito&descEsito` (the pagoPA return): the query is untrusted. The IUV is looked up
 * among the logged-in citizen's own PPAY positions, then among their own MYPAY positions (`posizioni/{cf}` with the
 * session's fiscal code, never `verificaAvviso` by IUV: that would tell anyone the state of anyone's due); only the
 * upstream's state decides the outcome. Anonymous visitors see nothing of any due.
 */
export async function loadOutcome(context: Readonly<RouterContextProvider>, url: URL) {
  const iuvParam = url.searchParams.get("iuv") ?? "";
  const iuv = IUV_PATTERN.test(iuvParam) ? iuvParam : null;
  const codEsito = url.searchParams.get("codEsito");
  const { api } = getServices(context);
  const user = await api.getCurrentUser();
  if (!user) {
    return {
      kind: "anonymous" as OutcomeKind,
      iuv,
      loginHref: upstreamLoginHref(currentPathHref(url.pathname, url.search)),
    };
  }
  if (!iuv) return { kind: "notFound" as OutcomeKind, iuv, loginHref: null };
  let position;
  try {
    position = await api.ppay.debtPosition(user.codFisc, iuv);
  } catch (error) {
    if (!(readRouteError(error, 404) || readRouteError(error, 400) || readRouteError(error, 403)))
      throw error;
    position = null;
  }
  const view = position && toPositionView(position);
  if (view) return { kind: decideOutcome(view.status, view.hasReceipt, codEsito), iuv, loginHref: null };
  // Not a PPAY position: a due paid through MYPAY (immediate payments), when the municipality has MYPAY.
  if (findAsset(await api.getTenantConfig(), "MYPAY")) {
    const due = (await api.mypay.posizioni(user.codFisc)).find((p) => p.iuv === iuv);
    if (due) {
      return { kind: decideOutcome(mypayPaymentStatus(due.stato), true, codEsito), iuv, loginHref: null };
    }
  }
  return { kind: "notFound" as OutcomeKind, iuv, loginHref: null };
}
