import type { RouterContextProvider } from "react-router";
import type { ActingForAsset } from "#shared/api/deleghe.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { getServices } from "../services.ts";
import type { ActingForChoice } from "./chooser.tsx";
import { isDelegableFor, liveDelegators } from "./listing.server.ts";
import { actingForState } from "./state.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The chooser of a delegable service's page: null when the service is not delegable for `asset`, the municipality
 * has no DELEGHE or the citizen has no delegator for it (and acts for nobody there); the upstream's live delegators
 * otherwise (`failed` when they could not be read: the page still renders).
 */
export async function actingForChoice(
  context: Context,
  idServizio: number,
  asset: ActingForAsset,
): Promise<ActingForChoice | null> {
  const { api } = getServices(context);
  const config = await api.getTenantConfig();
  if (!config.comune.assets.some((a) => a.codice === "DELEGHE")) return null;
  if (!isDelegableFor(config, idServizio, asset)) return null;
  const current = actingForState(context).active[asset];
  const acting = current?.idServizio === idServizio ? current.uuidDelega : null;
  try {
    const options = liveDelegators(await api.actingFor.delegantiByService(idServizio), idServizio).map(
      ({ delegante, delega }) => ({
        uuidDelega: delega.uuidDelega,
        codiceFiscale: delegante.codiceFiscale,
        nome: delegante.nome,
        cognome: delegante.cognome,
        dataScadenza: delega.dataScadenza,
      }),
    );
    if (options.length === 0 && !acting) return null;
    return { idServizio, options, current: acting, failed: false };
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    return { idServizio, options: [], current: acting, failed: true };
  }
}
