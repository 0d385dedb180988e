import type { RouterContextProvider } from "react-router";
import {
  ACTING_FOR_ASSETS,
  isLiveDelegation,
  type ActingForAsset,
  type ActingForDelegation,
  type Delegante,
} from "#shared/api/deleghe.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { todayInRome } from "#shared/dates.ts";
import { sameFiscalCode } from "#shared/validation/fiscal-code.ts";
import { getServices } from "../services.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * A delegable service the portal can use for a delegator: one of the assets acting-for covers (payments, appointments).
 * A delegable service of another module (a forms-module service, one without a module) could be delegated upstream,
 * but the delegate could not use it for the delegator here: the new delegation does not offer it (issue #40).
 */
export function isActingForService(detail: TenantConfig["dettagli"][number]): boolean {
  const asset = detail.asset?.codice;
  return Boolean(detail.delegabile && asset && (ACTING_FOR_ASSETS as readonly string[]).includes(asset));
}

/** The delegable service `idServizio` of the municipality, when it belongs to `asset`. */
export function isDelegableFor(config: TenantConfig, idServizio: number, asset: ActingForAsset): boolean {
  const detail = config.dettagli.find((d) => d.idServizio === String(idServizio));
  return Boolean(detail?.delegabile && detail.asset?.codice === asset);
}

/** The delegator and the live delegation `uuidDelega` among the upstream's list for `idServizio`, or null. */
export function findListed(
  list: readonly Delegante[],
  idServizio: number,
  uuidDelega: string,
  today = todayInRome(),
): { delegante: Delegante; uuidDelega: string } | null {
  for (const delegante of list) {
    const hit = delegante.deleghe.find(
      (d) => d.uuidDelega === uuidDelega && isLiveDelegation(d, idServizio, today),
    );
    if (hit) return { delegante, uuidDelega };
  }
  return null;
}

/** The delegators the upstream lists for `idServizio` with at least one live delegation (the chooser's options). */
export function liveDelegators(list: readonly Delegante[], idServizio: number, today = todayInRome()) {
  return list.flatMap((delegante) => {
    const live = delegante.deleghe.find((d) => isLiveDelegation(d, idServizio, today));
    return live ? [{ delegante, delega: live }] : [];
  });
}

/**
 * Whether the upstream lists the delegation `d`, live, from its delegator, for the service `idServizio`: true, false,
 * or null when the list could not be read.
 */
export async function listsDelegation(
  context: Context,
  idServizio: number,
  d: ActingForDelegation,
): Promise<boolean | null> {
  try {
    const list = await getServices(context).api.actingFor.delegantiByService(idServizio);
    const hit = findListed(list, idServizio, d.uuidDelega);
    return hit !== null && sameFiscalCode(hit.delegante.codiceFiscale, d.delegante.codiceFiscale);
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return null;
  }
}
