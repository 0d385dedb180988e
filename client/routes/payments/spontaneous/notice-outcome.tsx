import { Link, useRouteError } from "react-router";
import type { Route } from "./+types/notice-outcome";
import { readRouteError } from "#shared/route-error.ts";
import { ErrorPage } from "#client/components/error-page/error-page.tsx";
import { PageEnd } from "#client/components/page-end/page-end.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { formatEuroCents } from "#shared/payments.ts";
import { spontaneousIt } from "#client/features/payments/spontaneous/texts.ts";
import { href } from "#client/lib/links.ts";
import { metaT, pageTitle, routeHandle } from "#client/lib/titles.ts";
import { loadNoticeOutcome } from "#client/features/payments/spontaneous/spontaneous.server.ts";
import { NOTICE_GONE } from "#client/features/payments/spontaneous/notice-gone.ts";
import { PaymentLayout } from "#client/features/payments/payment-layout.tsx";
import "#client/features/payments/payments.css";
import { DownloadLink } from "#client/components/download-link/download-link.tsx";

export const handle = routeHandle("payments.spont.outcome.title", spontaneousIt);

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageTitle(
    matches,
    readRouteError(error)?.title ?? metaT(matches, spontaneousIt)("payments.spont.outcome.title"),
  );

export async function loader({ context }: Route.LoaderArgs) {
  return loadNoticeOutcome(context);
}

/** The notice is gone (opened later, another browser): say so on the payment page, not the generic 404. */
export function ErrorBoundary() {
  const t = useT(spontaneousIt);
  const error = useRouteError();
  if (readRouteError(error, 404)?.kind !== NOTICE_GONE) return <ErrorPage error={error} />;
  return (
    <PaymentLayout title={t("payments.spont.outcome.title")} parent="services">
      <div role="alert">
        <Callout variant="warning" title={t("payments.spont.outcome.notFound")} titleAs="h2">
          <p className="mb-0">{t("payments.spont.outcome.notFoundText")}</p>
        </Callout>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <Link className="btn btn-primary" to={href("/servizi")}>
          {t("payments.spont.outcome.toServices")}
        </Link>
        <Link className="btn btn-outline-primary" to={href("/")}>
          {t("payments.spont.outcome.home")}
        </Link>
      </div>
    </PaymentLayout>
  );
}

/** `/avviso-pagamento/esito`: the notice just generated, its PDF link, the rating and the contacts. */
export default function NoticeOutcome({ loaderData }: Route.ComponentProps) {
  const t = useT(spontaneousIt);
  const locale = useLocale();
  return (
    <PaymentLayout
      title={t("payments.spont.outcome.title")}
      parent="services"
      after={<PageEnd variant="service" title={t("payments.spont.title")} />}
    >
      <div role="status">
        <Callout variant="success" title={t("payments.spont.outcome.created")} titleAs="h2">
          <p>{t("payments.spont.outcome.text")}</p>
          <dl className="payment-facts mb-0">
            <dt>{t("payments.spont.outcome.noticeCode")}</dt>
            <dd data-element="notice-code">{loaderData.codiceAvviso}</dd>
            <dt>{t("payments.spont.outcome.amount")}</dt>
            <dd>{formatEuroCents(loaderData.amountCents, locale)}</dd>
          </dl>
        </Callout>
      </div>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <DownloadLink className="btn btn-primary" href={href("/avviso-pagamento/esito/avviso.pdf")}>
          {t("payments.spont.outcome.download")}
        </DownloadLink>
        <Link className="btn btn-outline-primary" to={href("/")}>
          {t("payments.spont.outcome.home")}
        </Link>
      </div>
    </PaymentLayout>
  );
}
