/**
 * How the portal builds its own URLs: the path with React Router's typed `href()` (the patterns come from
 * `client/routes.ts` through typegen, so a link to a path no route matches does not compile), then `withQuery()` for
 * a query string and a fragment. Addresses that are not React Router routes live in `upstream-links.ts`.
 *
 * @example withQuery(href("/faq"), { categoria: "12" }) // "/faq?categoria=12"
 */
export { href } from "react-router";

export type Query = Record<string, string | number | null | undefined>;

/** A route path plus a query (empty values are left out) and an optional `#fragment` (given without `#`). */
export function withQuery(path: string, query: Query = {}, fragment?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${fragment ? `#${fragment}` : ""}`;
}

/**
 * The page's own path from a loader's or action's request: a client-side navigation or form post reaches the server
 * as `/the/page.data` (React Router's single fetch), a document request as `/the/page`. Code that reads which page it
 * serves from the path uses this, never `url.pathname` directly.
 */
export function pagePathname(url: URL): string {
  if (url.pathname === "/_root.data") return "/"; // the home page's data request
  return url.pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}
