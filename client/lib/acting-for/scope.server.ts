import type { RouterContextProvider } from "react-router";
import type { ActingForAsset, ActingForDelegation } from "#shared/api/deleghe.ts";
import type { ServiceDetail } from "#shared/api/tenant-config.ts";
import { routeError } from "#shared/route-error.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "../services.ts";
import { isDelegableFor, listsDelegation } from "./listing.server.ts";
import { actingDelegation } from "./state.server.ts";
import { actingForIt } from "./texts.ts";

type Context = Readonly<RouterContextProvider>;

/** What a delegation covers in one module: the delegation, and the municipality's services of that module it names. */
export type DelegationScope = { delegation: ActingForDelegation; services: ServiceDetail[] };

const scopes = new WeakMap<Context, Map<ActingForAsset, Promise<DelegationScope | null>>>();

/**
 * THE rule of acting for a delegator, for every module that has acting-for (issue #36): the request acts under the
 * delegation of `asset` (checked upstream this very request, `actingDelegation`), and only for the services that
 * delegation covers in that module: the municipality's delegable services of the asset (its `dettaglioServizi`, the
 * service ↔ asset mapping) for which the upstream lists that very delegation, live, from the same delegator. The
 * chosen service is always one of them. Null when the request acts for nobody on `asset`. A service whose listing
 * fails is left out (never guessed in). Each module maps the services to its own objects (PPAY: their payment type,
 * `codiceVersamento`; APPSCHED: their offices' category, `idSportello`) and refuses anything else.
 */
export function delegationScope(context: Context, asset: ActingForAsset): Promise<DelegationScope | null> {
  let byAsset = scopes.get(context);
  if (!byAsset) scopes.set(context, (byAsset = new Map()));
  let scope = byAsset.get(asset);
  if (!scope) byAsset.set(asset, (scope = computeScope(context, asset)));
  return scope;
}

async function computeScope(context: Context, asset: ActingForAsset): Promise<DelegationScope | null> {
  const delegation = actingDelegation(context, asset);
  if (!delegation) return null;
  const { api, log } = getServices(context);
  const config = await api.getTenantConfig();
  const services: ServiceDetail[] = [];
  for (const detail of config.dettagli) {
    const id = Number(detail.idServizio);
    if (!isDelegableFor(config, id, asset)) continue;
    if (id === delegation.idServizio) services.push(detail);
    else {
      const listed = await listsDelegation(context, id, delegation);
      if (listed === null)
        log.warn({ actingFor: { idServizio: id } }, "delegated service could not be checked: left out");
      if (listed) services.push(detail);
    }
  }
  return { delegation, services };
}

/** The refusal of a page or action outside what the delegation covers (403, naming the delegator). */
export function notDelegated(context: Context, d: ActingForDelegation) {
  const t = serverT(context, actingForIt);
  return routeError(403, {
    title: t("delegator.notDelegated.title"),
    details: [t("delegator.notDelegated.text", { nome: d.delegante.nome, cognome: d.delegante.cognome })],
  });
}
