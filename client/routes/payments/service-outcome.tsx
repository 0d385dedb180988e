import type { Route } from "./+types/service-outcome";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { href } from "#client/lib/links.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadOutcome } from "#client/features/payments/outcome.server.ts";
import { OutcomeView } from "#client/features/payments/outcome-view.tsx";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";
import { requirePaymentService } from "#client/features/payments/service-page/payment-service.server.ts";

export const handle = routeHandle("payments.outcome.title", paymentsIt);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const title = metaT(matches, paymentsIt)("payments.outcome.title");
  return pageTitle(matches, loaderData ? `${title} - ${loaderData.service.name}` : title);
};

/** `/servizi/pagamenti/:id/esito-pagamento?iuv&codEsito`: the pagoPA outcome of the service (untrusted query). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const service = await requirePaymentService(context, params.id);
  return { service, outcome: await loadOutcome(context, url) };
}

export default function PaymentServiceOutcome({ loaderData }: Route.ComponentProps) {
  const t = useT(paymentsIt);
  const { service, outcome } = loaderData;
  return (
    <PaymentLayout
      title={t("payments.outcome.title")}
      lead={service.name}
      parent="services"
      after={<PageEnd variant="service" title={service.name} />}
    >
      <OutcomeView
        {...outcome}
        back={{
          href: href("/servizi/pagamenti/:id", { id: service.id }),
          label: t("payments.service.backToService"),
        }}
      />
    </PaymentLayout>
  );
}
