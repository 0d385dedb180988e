import { Link } from "react-router";
import type { Route } from "./+types/outcome";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { disruptionIt } from "#client/features/disruption/texts.ts";
import { href } from "#client/lib/links.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadOutcome } from "#client/features/disruption/report.server.ts";
import { DisruptionLayout } from "#client/features/disruption/report-page.tsx";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

export const middleware = [requireAsset("DISSERVIZIO_CRM"), requireCitizen];

export const handle = routeHandle("disruption.outcome.title", disruptionIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, disruptionIt)("disruption.outcome.title"));

export async function loader({ context }: Route.LoaderArgs) {
  return loadOutcome(context);
}

export default function DisruptionOutcome({ loaderData }: Route.ComponentProps) {
  const t = useT(disruptionIt);
  return (
    <DisruptionLayout after={<PageEnd variant="service" title={t("disruption.title")} />}>
      <div role="status">
        <Callout variant="success" title={t("disruption.outcome.title")} titleAs="h2">
          <p>{t("disruption.outcome.number", { number: loaderData.number })}</p>
          <p className="mb-0">{t("disruption.outcome.text")}</p>
        </Callout>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <DownloadLink className="btn btn-primary" href={loaderData.receiptHref}>
          <Icon name="it-download" className="icon-white icon-sm me-2" />
          {t("disruption.outcome.receipt")}
        </DownloadLink>
        <Link className="btn btn-outline-primary" to={href("/area-personale/attivita")}>
          {t("disruption.outcome.toPersonalArea")}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/servizi/segnalazioni/nuova")}>
          {t("disruption.outcome.newReport")}
        </Link>
      </div>
    </DisruptionLayout>
  );
}
