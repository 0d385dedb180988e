import { redirect } from "react-router";
import { upstreamLogoutHref } from "#client/lib/upstream-links.ts";

/** `/logout` hands over to the upstream's logout navigation, which ends the SSO session. */
export function loader() {
  return redirect(upstreamLogoutHref());
}
