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
