import { Link, useLocation, useRouteError } from "react-router";
import { ActingForChooser } from "#client/lib/acting-for/index.ts";
import type { Route } from "./+types/service";
import { readRouteError } from "#shared/route-error.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { PageHero } from "#client/components/ui/page-hero.tsx";
import { ContentText, useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { href } from "#client/lib/links.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";
import { loadPaymentServicePage } from "#client/features/payments/service-page/payment-service.server.ts";
import { PAYMENT_SERVICE_NOT_FOUND } from "#client/features/payments/service-page/payment-service.ts";
import {
  ServiceAnonymous,
  ServicePositionsSection,
} from "#client/features/payments/service-page/service-payments.tsx";

export const handle = routeHandle("payments.service.routeTitle", paymentsIt);

/** "{service name} - {municipality}"; not a payment service: "Servizio di pagamento non trovato". */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(
    matches,
    loaderData ? loaderData.service.name : metaT(matches, paymentsIt)("payments.service.notFound.title"),
  );

export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadPaymentServicePage(context, params.id, url);
}

/**
 * `/servizi/pagamenti/:id`: a PPAY or MYPAY service of the catalogue (gated by its own asset); the citizen's positions
 * of its payment type, or for anonymous visitors the login and the system's spontaneous payment.
 */
export default function PaymentServicePage({ loaderData }: Route.ComponentProps) {
  const { service, query, positions, loginHref, actingFor, delegator } = loaderData;
  const location = useLocation();
  return (
    <PaymentLayout
      title={service.name}
      titleIsContent
      lead={service.description ? <ContentText>{service.description}</ContentText> : undefined}
      parent="services"
      after={<PageEnd title={service.name} />}
    >
      {actingFor ? (
        <ActingForChooser choice={actingFor} redirectTo={`${location.pathname}${location.search}`} />
      ) : null}
      {positions ? (
        <ServicePositionsSection
          service={service}
          query={query}
          positions={positions}
          delegator={delegator}
        />
      ) : (
        <ServiceAnonymous service={service} loginHref={loginHref ?? href("/")} />
      )}
    </PaymentLayout>
  );
}

export function ErrorBoundary() {
  const t = useT(paymentsIt);
  const error = useRouteError();
  if (readRouteError(error, 404)?.kind !== PAYMENT_SERVICE_NOT_FOUND) return <ErrorPage error={error} />;
  return (
    <div className="container my-5">
      <div className="row">
        <div className="col-12 col-lg-8">
          <PageHero title={t("payments.service.notFound.title")} lead={t("payments.service.notFound.text")} />
          <p className="text-secondary">404</p>
          <Link className="btn btn-primary" to={href("/servizi")}>
            {t("payments.breadcrumbServices")}
          </Link>
        </div>
      </div>
    </div>
  );
}
