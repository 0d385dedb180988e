import { redirect, type RouterContextProvider } from "react-router";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { getServices } from "./services.ts";
import { href, withQuery } from "./links.ts";

async function loadConfig(context: Readonly<RouterContextProvider>): Promise<TenantConfig> {
  const services = getServices(context);
  try {
    return await services.api.getTenantConfig();
  } catch (error) {
    // A held maintenance credential that the upstream now refuses: clear it and show the gate again.
    if (services.maintenance.held && isUpstreamFailure(error, 401)) {
      throw redirect(withQuery(href("/manutenzione"), { negata: 1 }), {
        headers: { "Set-Cookie": services.maintenance.clearCookie() },
      });
    }
    throw error;
  }
}

/**
 * The citizen, when the upstream can say who it is. An upstream that is down must not take every page with it:
 * pages that do not need the citizen render from the cached configuration, flagged `upstreamDegraded` (the shell
 * shows a notice); pages that need the citizen ask again and show their own message.
 */
async function loadUser(context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  try {
    return { user: await services.api.getCurrentUser(), upstreamDegraded: false };
  } catch (error) {
    if (!isUpstreamFailure(error) || error.data.status < 500) throw error;
    services.log.warn(
      { service: "user", status: error.data.status },
      "citizen unknown: upstream unavailable",
    );
    return { user: null, upstreamDegraded: true };
  }
}

export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const config = await loadConfig(context);
  const { comune } = config;
  const maintenanceGate = comune.maintenance && !services.maintenance.held;
  const devLoggedOut = services.devLogout.active;
  const { user, upstreamDegraded } =
    maintenanceGate || devLoggedOut ? { user: null, upstreamDegraded: false } : await loadUser(context);
  return {
    locale: services.locale,
    env: services.env,
    xsrfToken: services.xsrfToken,
    maintenanceGate,
    comune: {
      nome: comune.nome,
      codiceEnte: comune.codiceEnte,
      regione: { nome: comune.regione.nome, link: comune.regione.link },
      homePage: comune.homePage,
      urlRicerca: comune.urlRicerca ?? null,
      cms: comune.cms,
      assets: comune.assets.map((a) => ({ codice: a.codice, showPublic: a.showPublic })),
    },
    menu: config.menu,
    menuFooter: config.menuFooter,
    contatti: config.contatti,
    user: user
      ? {
          nome: user.nome,
          cognome: user.cognome,
          codFisc: user.codFisc,
          /** Unread messages for the header and the personal area's tab; null when unknown or not offered. */
          unreadMessages: null as number | null,
        }
      : null,
    devLoggedOut,
    upstreamDegraded,
  };
}
