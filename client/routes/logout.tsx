import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { fromAnotherSite } from "#shared/fetch-site.ts";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { SubmitButton } from "#client/components/ui/submit-button.tsx";
import { XsrfField } from "#client/components/xsrf-field.tsx";
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
 *
 * Reached from another site (`Sec-Fetch-Site`: a link or a script of someone else's page) with something to end, it
 * asks first: a button posts the logout (its XSRF checked as every form's). Any site could otherwise end a citizen's
 * session and throw away the forms they were filling in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return logOut(context, fromAnotherSite(request.headers.get("sec-fetch-site")));
}

export async function action({ context }: Route.ActionArgs) {
  return logOut(context, false);
}

/** Ends the session (and clears the browser), or, `ask`ed and with something to end, says so to the page. */
async function logOut(context: Route.LoaderArgs["context"], ask: boolean) {
  let user;
  try {
    user = await getServices(context).api.getCurrentUser();
  } catch (error) {
    if (!isUpstreamFailure(error)) throw error;
    if (ask) return { confirm: true };
    throw redirect(upstreamLogoutHref(), { headers: await leaveBrowser(context, null) });
  }
  if (ask && (user || holdsPortalState(context))) return { confirm: true };
  if (user) throw redirect(upstreamLogoutHref(), { headers: await leaveBrowser(context, user) });
  // No session, but something of the portal's left in the browser: cleared, then this page.
  if (holdsPortalState(context))
    throw redirect(href("/logout"), { headers: await leaveBrowser(context, null) });
  return { confirm: false };
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const confirm = loaderData?.confirm === true;
  return (
    <div className="container mb-5">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-10">
          {confirm ? (
            <>
              <PageHero title={t("logout.confirm.title")} lead={t("logout.confirm.lead")} />
              <Form method="post" action={href("/logout")} className="d-flex flex-wrap gap-3">
                <XsrfField />
                <SubmitButton>{t("logout.confirm.submit")}</SubmitButton>
                <Link className="btn btn-outline-primary" to={href("/")}>
                  {t("logout.confirm.stay")}
                </Link>
              </Form>
            </>
          ) : (
            <>
              <PageHero title={t("logout.title")} lead={t("logout.lead")} />
              <Link className="btn btn-primary" to={href("/")}>
                {t("logout.toHome")}
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
