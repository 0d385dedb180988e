/**
 * The addresses the portal links to that are not its own React Router routes: navigations the upstream answers,
 * relayed by the portal's proxy (`/api/*`), or another service's address from the configuration (the forms front office). One helper each.
 */

/** Pages whose address is a bearer secret (the e-mailed appointment link's hash): whoever holds it may change it. */
const SECRET_PAGE = /^\/servizi\/modifica-appuntamento\//;

/**
 * The upstream's SSO login; after it the citizen lands on `redirector` (a same-origin path). From a page whose address
 * is a secret, the home page instead: the address would travel to the upstream and the identity provider (their
 * logs, a RelayState) in the login's query.
 */
export function upstreamLoginHref(redirector: string): string {
  const back = SECRET_PAGE.test(redirector) ? "/" : redirector;
  return `/api/utenti/login?redirector=${encodeURIComponent(back)}`;
}

/** The upstream's logout navigation, which ends the SSO session. */
export function upstreamLogoutHref(): string {
  return "/api/utenti/logout";
}

/**
 * The forms module's (Moon) front office (upstream contract §9:
 * `…/moonfobl/accesso/gasprp_salute?consumer=cittafacile&service=new|istanza&back_url=…&codice_ente=…[&codice_modulo]
 * [&codice_istanza]`): a new form (`moduloMoon`) or one of the citizen's instances (`codiceIstanza`: a draft to
 * complete, or the detail of a sent one).
 * `baseUrl` is the front office's absolute address from the municipality's configuration (`urlModuli`, e.g.
 * `https://moduli.example.it/moonfobl`): the portal itself serves no `/moonfobl` path.
 */
export function moonAccessHref(
  options: { baseUrl: string; codiceEnte: string; backUrl: string } & (
    { moduloMoon: string; codiceIstanza?: never } | { codiceIstanza: string; moduloMoon?: never }
  ),
): string {
  const query = new URLSearchParams({
    consumer: "cittafacile",
    service: options.codiceIstanza ? "istanza" : "new",
    back_url: options.backUrl,
    codice_ente: options.codiceEnte,
    ...(options.codiceIstanza
      ? { codice_istanza: options.codiceIstanza }
      : { codice_modulo: options.moduloMoon ?? "" }),
  });
  return `${options.baseUrl.replace(/\/+$/, "")}/accesso/gasprp_salute?${query.toString()}`;
}

/** The portal's geocoding (`/geocoding/search`, Nominatim-style answers; the disruption report's address search). */
export function geocodingSearchHref(q: string): string {
  return `/geocoding/search?${new URLSearchParams({ q, limit: "5" }).toString()}`;
}

/** The portal's reverse geocoding (`/geocoding/reverse`): the address at a point of the map. */
export function geocodingReverseHref(lat: number, lon: number): string {
  return `/geocoding/reverse?${new URLSearchParams({ lat: lat.toFixed(6), lon: lon.toFixed(6) }).toString()}`;
}
