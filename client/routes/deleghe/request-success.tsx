import { Link, redirect } from "react-router";
import type { Route } from "./+types/request-success";
import { Callout } from "#client/components/ui/callout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href } from "#client/lib/links.ts";
import { PAGE_FOCUS } from "#client/components/ui/use-focus-on-change.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { getServices } from "#client/lib/services.ts";
import { metaT, pageTitle, routeHandleUnder } from "#client/lib/titles.ts";
import { requestSentCookie } from "#client/features/deleghe/flow-state.ts";
import { delegheIt } from "#client/features/deleghe/texts.ts";
import { personalAreaIt } from "#client/features/personal-area/texts.ts";

export const middleware = [requireAsset("DELEGHE")];

// The end of the delegation service: the personal area closes it with the service's rating.
export const handle = {
  ...routeHandleUnder(
    [{ title: "deleghe.title", href: href("/area-personale/deleghe") }],
    "deleghe.request.success.title",
    delegheIt,
  ),
  serviceEnd: true,
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, delegheIt, personalAreaIt);
  return pageTitle(matches, [t("deleghe.request.success.title"), t("personalArea.title")]);
};

/** The request sent: whom it is for, waiting for the operator (from the sealed cookie the sending set). */
export function loader({ context }: Route.LoaderArgs) {
  const sent = requestSentCookie.read(getServices(context).flow).state;
  if (!sent) throw redirect(href("/area-personale/deleghe/richieste"));
  return { nome: sent.nome, cognome: sent.cognome };
}

export default function RequestSent({ loaderData }: Route.ComponentProps) {
  const t = useT(delegheIt);
  return (
    <section aria-labelledby="richiesta-inviata">
      <h2 id="richiesta-inviata" className="title-xxlarge mb-3" {...PAGE_FOCUS}>
        {t("deleghe.request.success.title")}
      </h2>
      <Callout variant="success" title={t("deleghe.request.success.title")}>
        <p className="mb-0">{t("deleghe.request.success.text", loaderData)}</p>
      </Callout>
      <Link className="btn btn-primary mt-3" to={href("/area-personale/deleghe/richieste")}>
        {t("deleghe.request.success.back")}
      </Link>
    </section>
  );
}
