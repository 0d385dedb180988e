import type { RouterContextProvider } from "react-router";
import type { RequestServices } from "#client/context.ts";
import { getServices } from "#client/lib/services.ts";
import type { AppschedApi } from "#shared/api/appsched.ts";
import { findAsset, type TenantConfig } from "#shared/api/tenant-config.ts";
import type { Utente } from "#shared/api/user.ts";
import type { ActingForDelegation } from "#shared/api/deleghe.ts";
import { delegationScope, notDelegated, type DelegationScope } from "#client/lib/acting-for/index.server.ts";
import type { Appointment } from "#shared/api/appsched.ts";
import { routeError } from "#shared/route-error.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { actingForIt } from "#client/lib/acting-for/index.ts";

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
  // Acting for a delegator (checked upstream this very request by the root middleware): their name, their calls,
  // within what the delegation covers (its services' offices).
  const scope = user ? await delegationScope(context, "APPSCHED") : null;
  const own = scope ? delegatorAppsched(context, services, scope) : services.api.appschedAuthenticated;
  return {
    services,
    config,
    user: user && scope ? asDelegator(user, scope.delegation) : user,
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

/**
 * The appointments API for the delegator (issue #28), limited to what the delegation covers (issue #36,
 * `delegationScope`): its APPSCHED services' offices, by the category each names (`idSportello`). Only those
 * categories and their offices are offered; an appointment elsewhere is as good as missing (404: listed, opened,
 * changed or cancelled, never); booking or moving one to another office is refused (403). The catalogue is the
 * citizen's, every appointment call is made for the delegator.
 */
function delegatorAppsched(
  context: Readonly<RouterContextProvider>,
  services: RequestServices,
  scope: DelegationScope,
): AppschedApi {
  const d = scope.delegation;
  const forD = services.api.actingFor.appsched;
  const base = services.api.appschedAuthenticated;
  const categories = new Set(
    scope.services.flatMap((s) => (s.idSportello == null ? [] : [String(s.idSportello)])),
  );
  const missing = () =>
    routeError(404, {
      title: serverT(context, actingForIt)("delegator.notDelegated.title"),
      service: "appsched",
    });
  const officeCategory = async (officeId: string) => {
    try {
      return (await base.service(officeId)).categoryId ?? null;
    } catch (error) {
      // An office the upstream does not know (or cannot show now) is in nobody's delegation.
      if (!isUpstreamFailure(error)) throw error;
      return null;
    }
  };
  const officeInScope = async (officeId: string) => {
    const category = await officeCategory(officeId);
    return category !== null && categories.has(category);
  };
  const appointmentInScope = async (a: Appointment) => {
    const category = a.category?.id ?? a.service?.categoryId ?? null;
    if (category !== null) return categories.has(category);
    return a.serviceId ? officeInScope(a.serviceId) : false;
  };
  const inScope = async (id: string) => {
    const appointment = await forD.getAppointment(d, id);
    if (!(await appointmentInScope(appointment))) throw missing();
    return appointment;
  };
  return {
    ...base,
    categories: async () => (await base.categories()).filter((c) => categories.has(c.id)),
    services: async (categoryId) => (categories.has(categoryId) ? base.services(categoryId) : []),
    async service(id) {
      const office = await base.service(id);
      if (!categories.has(office.categoryId ?? "")) throw missing();
      return office;
    },
    async createAppointment(input) {
      if (!(await officeInScope(input.serviceId))) throw notDelegated(context, d);
      return forD.createAppointment(d, input);
    },
    async listAppointments(codiceFiscale) {
      const all = await forD.listAppointments(d, codiceFiscale);
      const kept = await Promise.all(all.map(appointmentInScope));
      return all.filter((_, i) => kept[i]);
    },
    getAppointment: (id) => inScope(id),
    async updateAppointment(id, input) {
      await inScope(id);
      if (!(await officeInScope(input.serviceId))) throw notDelegated(context, d);
      return forD.updateAppointment(d, id, input);
    },
    async deleteAppointment(id) {
      await inScope(id);
      return forD.deleteAppointment(d, id);
    },
  };
}
