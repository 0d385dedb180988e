import type { RouterContextProvider } from "react-router";
import type { RequestServices } from "#client/context.ts";
import { getServices } from "#client/lib/services.ts";
import type { AppschedApi } from "#shared/api/appsched.ts";
import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import type { Utente } from "#shared/api/user.ts";
import type { ActingForDelegation } from "#shared/api/deleghe.ts";
import { actingDelegation } from "#client/lib/acting-for.server.ts";

export type AppschedAccess = {
  services: RequestServices;
  config: TenantConfig;
  user: Utente | null;
  /** APPSCHED `showPublic`: anonymous visitors may book. */
  showPublic: boolean;
  /** The API for this visitor: authenticated when logged in or when the municipality is not public. */
  api: AppschedApi;
  /**
   * The logged-in API for calls by id (the citizen's own appointments); while the citizen acts for a delegator on
   * APPSCHED (issue #28), the delegator's, bound to the delegator (`user` is then the delegator too).
   */
  authenticated: AppschedApi;
  /** Not public and anonymous: the page asks to log in instead of calling the API. */
  loginRequired: boolean;
};

function isDevLoggedOut(request: Request, services: RequestServices): boolean {
  return services.devLogout.active;
}

/** Spec §6: authenticated API when the asset is public and the user logged in, public API otherwise; always authenticated when not public. */
export async function getAppschedAccess(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<AppschedAccess> {
  const services = getServices(context);
  const [config, user] = await Promise.all([
    services.api.getTenantConfig(),
    isDevLoggedOut(request, services) ? null : services.api.getCurrentUser(),
  ]);
  const showPublic = findAsset(config, "APPSCHED")?.showPublic === true;
  const authenticated = user !== null || !showPublic;
  // Acting for a delegator (checked upstream this very request by the root middleware): their name, their calls.
  const delegation = user ? actingDelegation(context, "APPSCHED") : null;
  const own = delegation ? delegatorAppsched(services, delegation) : services.api.appschedAuthenticated;
  return {
    services,
    config,
    user: user && delegation ? asDelegator(user, delegation) : user,
    showPublic,
    api: authenticated ? own : services.api.appschedPublic,
    authenticated: own,
    loginRequired: user === null && !showPublic,
  };
}

/** The delegator as the booking's citizen: their name and fiscal code, no contacts of theirs. */
function asDelegator(user: Utente, d: ActingForDelegation): Utente {
  const { codiceFiscale, nome, cognome } = d.delegante;
  return { ...user, codFisc: codiceFiscale, nome, cognome, email: undefined, contatti: undefined };
}

/** The appointments API for the delegator: the catalogue as the citizen's, every appointment call for them. */
function delegatorAppsched(services: RequestServices, d: ActingForDelegation): AppschedApi {
  const forD = services.api.actingFor.appsched;
  return {
    ...services.api.appschedAuthenticated,
    createAppointment: (input) => forD.createAppointment(d, input),
    listAppointments: (codiceFiscale) => forD.listAppointments(d, codiceFiscale),
    getAppointment: (id, token) => forD.getAppointment(d, id, token),
    updateAppointment: (id, input) => forD.updateAppointment(d, id, input),
    deleteAppointment: (id) => forD.deleteAppointment(d, id),
  };
}
