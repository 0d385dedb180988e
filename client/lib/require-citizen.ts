import { redirect, type MiddlewareFunction } from "react-router";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { currentPathHref } from "#shared/redirector.ts";
import { getServices } from "./services.ts";
import { upstreamLoginHref } from "./upstream-links.ts";

/**
 * Route middleware for the citizen's own pages (personal area, profile): an anonymous visitor is sent to the
 * upstream's login, which brings them back to the very page (path and query) they asked for. It runs before any
 * loader of the route and of its children, so no child loader ever sees an anonymous request.
 */
export const requireCitizen: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  let user;
  try {
    user = await getServices(context).api.getCurrentUser();
  } catch (error) {
    // The upstream cannot say who this is: let the loaders run, so that the root renders the shell from the cached
    // configuration and the page's own loader (`getCitizen`) turns the same failure into the error page inside it.
    if (isUpstreamFailure(error)) return next();
    throw error;
  }
  if (!user) throw redirect(upstreamLoginHref(currentPathHref(url.pathname, url.search)));
  return next();
};

/** In a loader behind `requireCitizen`: the logged-in citizen (memoised per request). */
export async function getCitizen(context: Parameters<typeof getServices>[0]) {
  const user = await getServices(context).api.getCurrentUser();
  if (!user) throw new Error("getCitizen outside requireCitizen");
  return user;
}
