import type { Route } from "./+types/outcome";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "#client/features/payments/texts.ts";
import { requireAsset } from "#client/lib/require-asset.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadOutcome } from "#client/features/payments/outcome.server.ts";
import { OutcomeView } from "#client/features/payments/outcome-view.tsx";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";

export const middleware = [requireAsset("PPAY")];

export const handle = routeHandle("payments.outcome.title", paymentsIt);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(matches, metaT(matches, paymentsIt)("payments.outcome.title"));

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadOutcome(context, url);
}

export default function PaymentOutcome({ loaderData }: Route.ComponentProps) {
  const t = useT(paymentsIt);
  return (
    <PaymentLayout
      title={t("payments.outcome.title")}
      parent="services"
      after={<PageEnd variant="service" title={t("payments.outcome.title")} />}
    >
      <OutcomeView {...loaderData} />
    </PaymentLayout>
  );
}
