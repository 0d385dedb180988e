import { Link, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { holdsPortalState, leaveBrowser } from "#client/lib/logout.server.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { upstreamLogoutHref } from "#client/lib/upstream-links.ts";

export const handle = routeHandle("logout.title");

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, metaT(matches)(handle.title));

/**
 * `/logout` ("Esci"): while a citizen is logged in it clears what the portal keeps of them in this browser and in its
 * store (every flow, the acting-for choice, this browser's push token, their uploaded files: `leaveBrowser`, issue
 * #36), then hands over to the upstream's logout navigation, which ends the SSO session and brings the browser back to
 * the municipality's `logoutUri` (this page); then it says "Sei uscito dall'area personale" (the original's
 * PageLogout). When the upstream cannot say who this is, the logout is tried all the same: ending the session matters
 * more than the message. The proxy sends `/api/utenti/logout` here first whenever the browser still holds portal
 * state (server/proxy/logout-handover.ts), so both logouts clear alike.
 */
export async function loader({ context }: Route.LoaderArgs) {
  let user;
  try {
    user = await getServices(context).api.getCurrentUser();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    throw redirect(upstreamLogoutHref(), { headers: await leaveBrowser(context, null) });
  }
  if (user) throw redirect(upstreamLogoutHref(), { headers: await leaveBrowser(context, user) });
  // No session, but something of the portal's left in the browser: cleared, then this page.
  if (holdsPortalState(context))
    throw redirect(href("/logout"), { headers: await leaveBrowser(context, null) });
  return null;
}

export default function Logout() {
  const t = useT();
  return (
    <div className="container mb-5">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10">
          <PageHero title={t("logout.title")} lead={t("logout.lead")} />
          <Link className="btn btn-primary" to={href("/")}>
            {t("logout.toHome")}
          </Link>
        </div>
      </div>
    </div>
  );
}
