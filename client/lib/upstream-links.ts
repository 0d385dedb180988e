/**
 * The addresses the portal links to that are not its own React Router routes: navigations the upstream answers,
 * relayed by the portal's proxy (`/api/*`) or by the reverse proxy in front of it (`/moonfobl`). One helper each.
 */

/** The upstream's SSO login; after it the citizen lands on `redirector` (a same-origin path). */
export function upstreamLoginHref(redirector: string): string {
  return `/api/utenti/login?redirector=${encodeURIComponent(redirector)}`;
}

/** The upstream's logout navigation, which ends the SSO session. */
export function upstreamLogoutHref(): string {
  return "/api/utenti/logout";
}

/**
 * The forms module's (Moon) front office on the portal's own host (upstream contract §9:
 * `/moonfobl/accesso/gasprp_salute?consumer=cittafacile&service=new|istanza&back_url=…&codice_ente=…[&codice_modulo]`).
 * The reverse proxy in front of the portal routes `/moonfobl` to the forms module.
 */
export function moonAccessHref(options: { moduloMoon: string; codiceEnte: string; backUrl: string }): string {
  const query = new URLSearchParams({
    consumer: "cittafacile",
    service: "new",
    back_url: options.backUrl,
    codice_ente: options.codiceEnte,
    codice_modulo: options.moduloMoon,
  });
  return `/moonfobl/accesso/gasprp_salute?${query.toString()}`;
}
