import { redirect } from "react-router";
import type { Route } from "./+types/duplicate";
import { href } from "#client/lib/links.ts";
import { readForm } from "#client/lib/read-form.server.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { duplicateOwnInstance } from "#client/features/instances/instance-actions.server.ts";

export const middleware = [requireAsset("MOON")];

/** Nothing to show: the duplication is a POST from a card; a GET goes back to the list. */
export function loader() {
  return redirect(`${href("/area-personale/attivita")}#pratiche`);
}

/** "Duplica": copies one of the citizen's instances into a new draft (XSRF checked before the body is read). */
export async function action({ context, params, request }: Route.ActionArgs) {
  await readForm(request, context);
  return duplicateOwnInstance(context, params.codice);
}
