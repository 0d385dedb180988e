import { Link, redirect } from "react-router";
import type { Route } from "./+types/personal-area";
import { metaT, pageTitle } from "#client/lib/titles.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { getServices } from "#client/lib/services.ts";
import { href } from "#client/lib/links.ts";
import { upstreamLoginHref } from "#client/lib/upstream-links.ts";
import { safeRedirectPath } from "#shared/redirector.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const redirector = url.searchParams.get("redirector");
  if (redirector !== null) {
    // After login the upstream lands here with the page the citizen started from (same-origin paths only).
    throw redirect(safeRedirectPath(redirector, href("/area-personale")));
  }
  const user = await getServices(context).api.getCurrentUser();
  if (!user) throw redirect(upstreamLoginHref(href("/area-personale")));
  return { nome: user.nome, cognome: user.cognome };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches)("personalArea.title"));

export default function PersonalArea({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="container my-4">
      <h1 data-element="page-name">{t("personalArea.title")}</h1>
      <p className="lead">
        {t("personalArea.welcome", { nome: loaderData.nome, cognome: loaderData.cognome })}
      </p>
      <p>{t("personalArea.lead")}</p>
      <ul className="link-list">
        <li>
          <Link to={href("/servizi/prenotazione-appuntamento")}>{t("personalArea.booking")}</Link>
        </li>
        <li>
          <Link to={href("/faq")}>{t("personalArea.faq")}</Link>
        </li>
      </ul>
    </div>
  );
}
