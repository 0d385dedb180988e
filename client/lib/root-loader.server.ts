import { redirect, type RouterContextProvider } from "react-router";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import type { Utente } from "#shared/api/user.ts";
import { getServices } from "./services.ts";
import { href, withQuery } from "./links.ts";
import { FOOTER_ISLAND, SOCIAL_ISLAND, shellView } from "#client/lib/shell-view.ts";
import { keepForDocument } from "#client/components/server-island/server-island.server.ts";
import { actingForState } from "./acting-for/index.server.ts";
import { pushAsked } from "./push-asked.server.ts";

/** Once per delegator, whatever the number of assets. */
function perDelegator(list: readonly { nome: string; cognome: string }[]) {
  return [...new Map(list.map(({ nome, cognome }) => [`${nome} ${cognome}`, { nome, cognome }])).values()];
}
import { registeredPushToken, holdsAnotherCitizensPushToken } from "./push-registration.server.ts";

/**
 * The shell's acting-for (issue #28): each delegator the citizen acts for (once, whatever the number of assets) for
 * the green banner, the delegations that ended in this request for the notice, and (issue #40) those whose post was
 * refused in the previous one, for the notice saying the operation was not carried out. Only what the banner prints.
 */
function actingForView(context: Readonly<RouterContextProvider>) {
  const state = actingForState(context);
  const delegators = new Map<string, { nome: string; cognome: string; codiceFiscale: string }>();
  for (const d of Object.values(state.active)) {
    const { codiceFiscale, nome, cognome } = d.delegante;
    delegators.set(codiceFiscale, { codiceFiscale, nome, cognome });
  }
  const refused = perDelegator(state.refused);
  const ended = perDelegator(state.ended).filter(
    (e) => !refused.some((r) => r.nome === e.nome && r.cognome === e.cognome),
  );
  return { delegators: [...delegators.values()], ended, refused };
}

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
      { upstream: "user", status: error.data.status },
      "citizen unknown: upstream unavailable",
    );
    return { user: null, upstreamDegraded: true };
  }
}

/**
 * The unread messages for the header and the personal area's tab: one cheap call (`limit=1`, `read_at null`), only
 * with NOTIFICATIONS and a citizen. It never fails the page: any error is a warning and no count. A message's page
 * marks the message read in its middleware, before this runs, so its answer already shows the lowered count.
 */
async function loadUnreadMessages(
  context: Readonly<RouterContextProvider>,
  config: TenantConfig,
  codFisc: string,
): Promise<number | null> {
  if (!findAsset(config, "NOTIFICATIONS")) return null;
  const services = getServices(context);
  try {
    return await services.api.messages.countUnread(codFisc, config.comune.codiceEnte);
  } catch (error) {
    services.log.warn(
      {
        upstream: "messagestore",
        status: isUpstreamFailure(error) ? error.data.status : undefined,
        err: isUpstreamFailure(error) ? undefined : String(error),
      },
      "unread messages unknown",
    );
    return null;
  }
}

/**
 * What the push opt-in needs (spec §4, issue #29), only for a citizen of a municipality with NOTIFICATIONS and
 * firebase settings who has Notify contacts: the public web settings (the service worker gets them in its URL) and
 * the device tokens the citizen's contacts already hold. Null otherwise: nothing is asked, no firebase code loads.
 */
function pushOptIn(context: Readonly<RouterContextProvider>, config: TenantConfig, user: Utente) {
  const firebase = config.comune.firebase;
  const contacts = user.contatti;
  if (!firebase || !findAsset(config, "NOTIFICATIONS") || !contacts) return null;
  if (!contacts.email && !contacts.sms && !contacts.push) return null;
  const { apiKey, appId, messagingSenderId, projectId, vapidKey } = firebase;
  return {
    firebase: { apiKey, appId, messagingSenderId, projectId, vapidKey },
    tokens: [...new Set(Object.values(contacts.push ?? {}).flat())],
    /** Shown already in this browser session (any tab): not asked again (issue #40). */
    asked: pushAsked.read(getServices(context).flow).state === true,
    /** This browser's own token is known to the portal (issue #36: it goes again at logout). */
    registered: registeredPushToken(context) !== null,
  };
}

export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const config = await loadConfig(context);
  const { comune } = config;
  const maintenanceGate = comune.maintenance && !services.maintenance.held;
  const devLoggedOut = services.devLogout.active;
  const { user, upstreamDegraded } =
    maintenanceGate || devLoggedOut ? { user: null, upstreamDegraded: false } : await loadUser(context);
  const unreadMessages = user ? await loadUnreadMessages(context, config, user.codFisc) : null;
  // Derived once per configuration version. The footer, and in a document the header's social channels, are rendered
  // on the server only (server-island.tsx): they stay out of this data, which is the page's hydration data.
  const shell = shellView(config);
  keepForDocument(context, FOOTER_ISLAND, shell.footer);
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
    /** The header's menus and social channels (compact: this travels with every page). */
    header: {
      menu: shell.header.menu,
      // No channels travel as an empty list: the header then renders no socials block at all.
      social:
        shell.header.social.channels.length > 0
          ? keepForDocument(context, SOCIAL_ISLAND, shell.header.social)
          : shell.header.social,
    },
    user: user
      ? {
          nome: user.nome,
          cognome: user.cognome,
          codFisc: user.codFisc,
          /** Unread messages for the header and the personal area's tab; null when unknown or not offered. */
          unreadMessages,
          push: pushOptIn(context, config, user),
          /** This browser's push subscription is another citizen's: dropped by the page (`ForgetPush`). */
          forgetPush: holdsAnotherCitizensPushToken(context),
        }
      : null,
    devLoggedOut,
    upstreamDegraded,
    actingFor: user ? actingForView(context) : { delegators: [], ended: [], refused: [] },
  };
}
