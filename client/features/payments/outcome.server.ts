import type { RouterContextProvider } from "react-router";
import { IUV_PATTERN } from "#shared/api/ppay.ts";
import { readRouteError } from "#shared/route-error.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { getServices } from "#client/lib/services.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { toPositionView } from "./position-view.ts";
import { decideOutcome, type OutcomeKind } from "./outcome.ts";

/** `/servizi/pagamento-esito?iuv&codEsito&descEsito` (the pagoPA return): the query is untrusted. */
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
  if (!view) return { kind: "notFound" as OutcomeKind, iuv, loginHref: null };
  return { kind: decideOutcome(view.status, view.hasReceipt, codEsito), iuv, loginHref: null };
}
