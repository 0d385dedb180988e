import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { ACTING_FOR_ASSETS, DELEGA_ID_PATTERN, type ActingForAsset } from "#shared/api/deleghe.ts";
import { safeRedirectPath } from "#shared/redirector.ts";
import { routeError } from "#shared/route-error.ts";
import { normalizeFiscalCode, sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { integer, matches, oneOf, required, text } from "#shared/validation/rules.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { actingForIt } from "./texts.ts";
import { claimWith, currentClaim, isEmptyClaim, type Stored } from "./claim.server.ts";
import { findListed } from "./listing.server.ts";
import { href } from "../links.ts";
import { parseForm } from "../parse-form.server.ts";
import { getCitizen } from "../require-citizen.ts";
import { getServices } from "../services.ts";

type Context = Readonly<RouterContextProvider>;

const Schema = z.object({
  intent: oneOf(["scegli", "cancella"]),
  idServizio: text(integer()),
  /** "" = in my own name. */
  uuidDelega: text(matches(DELEGA_ID_PATTERN)),
  codiceFiscale: text(),
  redirectTo: text(required()),
});

function saved(context: Context, claim: Stored, to: string): never {
  const cookies = getServices(context).actingFor;
  throw redirect(to, {
    status: 303,
    headers: { "Set-Cookie": isEmptyClaim(claim) ? cookies.clear() : cookies.write(claim) },
  });
}

/** "Cancella delegato": every asset acted for that delegator is dropped (clearing never grants anything). */
function clearDelegator(context: Context, citizen: string, codiceFiscale: string, to: string): never {
  const claim = currentClaim(context, citizen);
  const perAsset = { ...claim.perAsset };
  const fiscal = normalizeFiscalCode(codiceFiscale);
  for (const asset of ACTING_FOR_ASSETS) {
    if (!fiscal || sameFiscalCode(perAsset[asset]?.delegante.codiceFiscale, fiscal)) delete perAsset[asset];
  }
  saved(context, { ...claim, perAsset }, to);
}

/**
 * The choice of a delegator for the asset of the delegable service `idServizio`: only a delegation the upstream's
 * `deleganti-by-service` lists right now, live and approved, for that service (the id the browser sends only picks
 * among those). "" chooses the citizen's own name (the asset's choice is dropped).
 */
async function choose(context: Context, citizen: string, idServizio: number, uuidDelega: string, to: string) {
  const { api } = getServices(context);
  const t = serverT(context, actingForIt);
  const config = await api.getTenantConfig();
  const detail = config.dettagli.find((d) => d.idServizio === String(idServizio));
  const asset = detail?.asset?.codice as ActingForAsset | undefined;
  if (!detail?.delegabile || !asset || !ACTING_FOR_ASSETS.includes(asset))
    throw routeError(403, { title: t("delegator.choose.notListed") });
  if (uuidDelega === "") saved(context, claimWith(context, citizen, asset, null), to);
  const hit = findListed(await api.actingFor.delegantiByService(idServizio), idServizio, uuidDelega);
  if (!hit) throw routeError(403, { title: t("delegator.choose.notListed") });
  const { codiceFiscale, nome, cognome } = hit.delegante;
  const delegation = {
    uuidDelega,
    idServizio,
    delegante: { codiceFiscale: normalizeFiscalCode(codiceFiscale), nome, cognome },
  };
  getServices(context).log.info({ actingFor: { asset, delega: uuidDelega } }, "delegator chosen");
  saved(context, claimWith(context, citizen, asset, delegation), to);
}

/** `POST /area-personale/per-conto-di`: choose a delegator for a service's asset, or "Cancella delegato". */
export async function actingForAction(context: Context, request: Request) {
  const parsed = await parseForm(request, context, Schema);
  const t = serverT(context, actingForIt);
  if (!parsed.ok) throw routeError(400, { title: t("delegator.choose.notListed") });
  const { intent, idServizio, uuidDelega, codiceFiscale } = parsed.values;
  const to = safeRedirectPath(parsed.values.redirectTo, href("/area-personale"));
  const citizen = normalizeFiscalCode((await getCitizen(context)).codFisc);
  if (intent === "cancella") clearDelegator(context, citizen, codiceFiscale, to);
  const id = Number(idServizio);
  if (!Number.isInteger(id)) throw routeError(400, { title: t("delegator.choose.notListed") });
  return choose(context, citizen, id, uuidDelega, to);
}
