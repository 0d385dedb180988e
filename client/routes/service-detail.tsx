import { Link, useRouteError } from "react-router";
import { readRouteError, routeError } from "#shared/route-error.ts";
import type { Route } from "./+types/service-detail";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { buildServiceDetail } from "#client/features/service-detail/service-detail-model.ts";
import { ServiceDetailPage } from "#client/features/service-detail/service-detail-page.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { getServices } from "#client/lib/services.ts";
import { PUBLIC_PAGE, metaT, pageTitle } from "#client/lib/titles.ts";
import { serverT } from "#client/i18n/server-t.ts";
import { href } from "#client/lib/links.ts";
import { formatDate } from "#shared/dates.ts";
import { requireServiceCatalogue } from "#client/lib/service-catalogue.server.ts";

const SERVICE_NOT_FOUND = "service:not-found";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const config = await services.api.getTenantConfig();
  requireServiceCatalogue(context, config);
  const locale = services.locale;
  const service = buildServiceDetail(config, params.id, url.origin, (day) =>
    formatDate(day, "d MMMM yyyy", locale),
  );
  if (!service)
    throw routeError(404, { title: serverT(context)("service.notFound.title"), kind: SERVICE_NOT_FOUND });
  // The JSON-LD `<script>` carries the request's CSP nonce like every other script of the document.
  return { service, nonce: services.nonce };
}

function isServiceNotFound(error: unknown): boolean {
  return readRouteError(error)?.kind === SERVICE_NOT_FOUND;
}

/** "{service name} - {municipality}"; an unknown service "Servizio non trovato - {municipality}". */
export const handle = PUBLIC_PAGE;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (loaderData) return pageTitle(matches, loaderData.service.nome, loaderData.service.descrizione);
  if (isServiceNotFound(error))
    return pageTitle(
      matches,
      metaT(matches)("service.notFound.title"),
      metaT(matches)("service.notFound.text"),
    );
  return pageTitle(matches, metaT(matches)("service.routeTitle"));
};

/** `/servizi/:id` (route "servizio-moon"): the service page of a configured service. */
export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ServiceDetailPage service={loaderData.service} nonce={loaderData.nonce} />
      <PageEnd title={loaderData.service.nome} />
    </>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  if (!isServiceNotFound(error)) return <ErrorPage error={error} />;
  return (
    <div className="container my-5">
      <div className="row">
        <div className="col-12 col-lg-8">
          <PageHero title={t("service.notFound.title")} lead={t("service.notFound.text")} />
          <p className="text-secondary">404</p>
          <Link className="btn btn-primary" to={href("/")}>
            {t("common.toOnlineServices")}
          </Link>
        </div>
      </div>
    </div>
  );
}
