import type { Route } from "./+types/services-catalogue";
import { findAsset } from "#shared/api/tenant-config.ts";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { buildCatalogue, parseCatalogueQuery } from "#client/features/services-catalogue/catalogue-model.ts";
import { ServicesCataloguePage } from "#client/features/services-catalogue/services-catalogue-page.tsx";
import { href } from "#client/lib/links.ts";
import { getServices } from "#client/lib/services.ts";
import { PUBLIC_PAGE, metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { servicesCatalogueIt } from "#client/features/services-catalogue/texts.ts";
import { requireServiceCatalogue } from "#client/lib/service-catalogue.server.ts";

/** The route title (a catalogue key): the page title, and what the rating reports. */
export const handle = { ...routeHandle("servicesCatalogue.title", servicesCatalogueIt), ...PUBLIC_PAGE };

export async function loader({ context, url }: Route.LoaderArgs) {
  const config = await getServices(context).api.getTenantConfig();
  requireServiceCatalogue(context, config);
  const catalogue = buildCatalogue(config.servizi, parseCatalogueQuery(url.searchParams));
  const bookingHref = findAsset(config, "APPSCHED") ? href("/servizi/prenotazione-appuntamento") : null;
  return { catalogue, bookingHref };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(
    matches,
    loaderData?.catalogue.category?.nome ?? metaT(matches, servicesCatalogueIt)(handle.title),
    loaderData?.catalogue.category ? null : metaT(matches, servicesCatalogueIt)("servicesCatalogue.lead"),
  );

/** `/servizi`: the municipality's services catalogue (Modello Comuni "Servizi"), issue #12. */
export default function ServicesCatalogue({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ServicesCataloguePage catalogue={loaderData.catalogue} bookingHref={loaderData.bookingHref} />
      <PageEnd />
    </>
  );
}
