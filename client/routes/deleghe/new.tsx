import { Link } from "react-router";
import type { Route } from "./+types/new";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandleUnder } from "#client/lib/titles.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("DELEGHE")];

export const handle = routeHandleUnder(
  [{ title: "deleghe.title", href: href("/area-personale/deleghe") }],
  "deleghe.new.title",
  delegheIt,
);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  return pageTitle(matches, [t("deleghe.new.title"), t("personalArea.title")]);
};

/** "Nuova delega": the choice between the online delegation and the request with documents. */
export default function NewDelegation() {
  const t = useT(delegheIt);
  return (
    <section aria-labelledby="nuova-delega">
      <h2 id="nuova-delega" className="title-xxlarge mb-3">
        {t("deleghe.new.title")}
      </h2>
      <p>{t("deleghe.new.intro")}</p>
      <div className="card card-bg shadow-sm mb-4">
        <div className="card-body">
          <h3 className="h5 card-title">
            <Link to={href("/area-personale/deleghe/nuova/online")}>{t("deleghe.new.online")}</Link>
          </h3>
          <p className="mb-0">{t("deleghe.new.onlineText")}</p>
        </div>
      </div>
      <div className="card card-bg shadow-sm mb-4">
        <div className="card-body">
          <h3 className="h5 card-title">
            <Link to={href("/area-personale/deleghe/nuova/richiesta")}>{t("deleghe.new.request")}</Link>
          </h3>
          <p className="mb-0">{t("deleghe.new.requestText")}</p>
        </div>
      </div>
    </section>
  );
}
