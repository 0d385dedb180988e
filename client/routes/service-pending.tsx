import { redirect } from "react-router";
import { href } from "#client/lib/links.ts";

/**
 * Services of the spec's route table that this release does not offer yet (assistance request, disruption report,
 * user profile). Menus and the municipality's configuration already link to them, so instead of a 404 the citizen
 * lands on the "service not active" page, which says so and points to the other ways to reach the municipality.
 */
export function loader() {
  return redirect(href("/servizio-non-active"));
}
