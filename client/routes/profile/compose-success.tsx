import { Link, redirect } from "react-router";
import type { Route } from "./+types/compose-success";
import { Callout } from "#client/components/ui/callout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { profileIt } from "#client/features/profile/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";
import { href } from "#client/lib/links.ts";
import { wasJustDone } from "#client/lib/just-done.server.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { getCitizen, requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { ProfileLayout } from "#client/features/profile/profile-layout.tsx";

export const middleware = [requireCitizen, requireAsset("NOTIFICATIONS")];

export const handle = routeHandle("profile.successTitle", profileIt);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, profileIt, personalAreaIt);
  return pageTitle(matches, [t("profile.successTitle"), t("personalArea.title")]);
};

/** The profile just completed by this browser; opened otherwise (issue #40), the profile page itself. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getCitizen(context);
  if (!wasJustDone(context, "profile", user.codFisc.toUpperCase()))
    throw redirect(href("/area-personale/profilo-utente"));
  return { nome: user.nome, cognome: user.cognome, codFisc: user.codFisc };
}

export default function ComposeSuccess({ loaderData }: Route.ComponentProps) {
  const t = useT(profileIt);
  return (
    <ProfileLayout {...loaderData} title={t("profile.successTitle")}>
      <Callout variant="success" title={t("profile.successTitle")} titleAs="h2">
        <p className="mb-0">{t("profile.success.lead")}</p>
      </Callout>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <Link className="btn btn-primary" to={href("/area-personale")}>
          {t("profile.success.toArea")}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/area-personale/profilo-utente")}>
          {t("profile.toProfile")}
        </Link>
      </div>
    </ProfileLayout>
  );
}
