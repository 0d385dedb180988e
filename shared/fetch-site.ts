/**
 * Whether the browser says another site caused this request (`Sec-Fetch-Site`: `cross-site`, or `same-site`, a
 * sibling host): a link, a form or a script of someone else's page. `same-origin` and `none` (a navigation the person
 * started) are the portal's own; a request without the header says nothing.
 */
export function fromAnotherSite(secFetchSite: string | string[] | null | undefined): boolean {
  const site = Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite;
  return site === "cross-site" || site === "same-site";
}
