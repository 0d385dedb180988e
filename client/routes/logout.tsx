import { redirect } from "react-router";
import { paths } from "#client/lib/paths.ts";

/** `/logout` hands over to the upstream's logout navigation, which ends the SSO session. */
export function loader() {
  return redirect(paths.apiLogout);
}
