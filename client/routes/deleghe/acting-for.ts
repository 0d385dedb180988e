import { redirect } from "react-router";
import type { Route } from "./+types/acting-for";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { href } from "#client/lib/links.ts";
import { actingForAction } from "#client/lib/acting-for/index.server.ts";

export const middleware = [requireAsset("DELEGHE"), requireCitizen];

/** Nothing to show: the choice lives on each delegable service's page, the clearing in the banner. */
export function loader() {
  throw redirect(href("/area-personale/deleghe/deleganti"));
}

/**
 * `POST /area-personale/per-conto-di`: `intent=scegli` picks a delegator among those the upstream lists for a
 * delegable service (per asset, sealed cookie); `intent=cancella` is the banner's "Cancella delegato". Both answer
 * 303 back to `redirectTo` (a same-origin path), so they work without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return actingForAction(context, request);
}
