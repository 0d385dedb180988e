import leafletCss from "leaflet/dist/leaflet.css?url";
import type { Route } from "./+types/report";
import { requireAsset } from "#client/lib/require-asset.ts";
import { requireCitizen } from "#client/lib/require-citizen.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { handleReportAction, loadReport } from "#client/features/disruption/report.server.ts";
import { ReportPage } from "#client/features/disruption/report-page.tsx";
import { disruptionIt } from "#client/features/disruption/texts.ts";

/*
 * The disruption report: logged-in citizens only (the author comes from the digital identity and the ticket is
 * theirs to follow in the personal area), on municipalities with DISSERVIZIO_CRM.
 */
export const middleware = [requireAsset("DISSERVIZIO_CRM"), requireCitizen];

export const handle = routeHandle("disruption.title", disruptionIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, disruptionIt)("disruption.title"));

/** Leaflet's stylesheet from our own bundle (never a CDN). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadReport(context, url);
}

export async function action({ context, request }: Route.ActionArgs) {
  return handleReportAction(context, request);
}

export default function DisruptionReport({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportPage data={loaderData} actionData={actionData} />;
}
