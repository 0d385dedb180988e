import { Link, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { upstreamLogoutHref } from "#client/lib/upstream-links.ts";

export const handle = routeHandle("logout.title");

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, metaT(matches)(handle.title));

/**
 * `/logout` ("Esci"): while a citizen is logged in it hands over to the upstream's logout navigation, which ends the
 * SSO session and brings the browser back to the municipality's `logoutUri` (this page); then it says "Sei uscito
 * dall'area personale" (the original's PageLogout). When the upstream cannot say who this is, the logout is tried
 * all the same: ending the session matters more than the message.
 */
export async function loader({ context }: Route.LoaderArgs) {
  let user;
  try {
    user = await getServices(context).api.getCurrentUser();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    throw redirect(upstreamLogoutHref());
  }
  if (user) throw redirect(upstreamLogoutHref());
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
