import { Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "../texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { PaymentCard } from "../payment-card.tsx";
import { PaymentPositionsState, PaymentStatusFilter } from "../payment-status-filter.tsx";
import type { ServicePositions } from "./payment-service.server.ts";
import type { PaymentService, ServicePaymentsQuery } from "./payment-service.ts";
import { offersFilter } from "#client/components/ui/card-list.tsx";

/** The citizen's positions of the service: the "Stato pagamento" GET filter, the cards, the page links. */
export function ServicePositionsSection(props: {
  service: PaymentService;
  query: ServicePaymentsQuery;
  positions: ServicePositions;
  /** Acting for a delegator (issue #28): whose positions these are. */
  delegator?: { nome: string; cognome: string } | null;
}) {
  const t = useT(paymentsIt);
  const { service, query, positions } = props;
  const pageHref = (pagina: number) =>
    withQuery(href("/servizi/pagamenti/:id", { id: service.id }), {
      "stato-pagamento": query.stato === "tutti" ? undefined : query.stato,
      pagina: pagina > 1 ? pagina : undefined,
    });
  return (
    <section aria-labelledby="servizio-pagamenti" className="mb-5" data-element="service-payments">
      <h2 id="servizio-pagamenti" className="title-xlarge mb-2">
        {props.delegator
          ? t("payments.service.positionsTitleFor", props.delegator)
          : t("payments.service.positionsTitle")}
      </h2>
      <p className="mb-3">
        {props.delegator
          ? t("payments.service.positionsLeadFor", props.delegator)
          : t("payments.service.positionsLead")}
      </p>
      {offersFilter(positions, query.stato !== "tutti") ? <PaymentStatusFilter stato={query.stato} /> : null}
      <PaymentPositionsState list={positions} stato={query.stato}>
        {(ok) => (
          <>
            {service.asset === "MYPAY" ? <p className="small">{t("payments.service.mypayNote")}</p> : null}
            <ul className="list-unstyled row g-3">
              {ok.items.map((position) => (
                <li key={position.iuv} className="col-12 col-lg-6">
                  <PaymentCard position={position} headingAs="h3" />
                </li>
              ))}
            </ul>
            {ok.pages > 1 ? (
              <nav className="pagination-wrapper mt-3" aria-label={t("payments.service.pagination")}>
                <p className="small mb-2">{t("payments.service.page", { page: ok.page, pages: ok.pages })}</p>
                <div className="d-flex flex-wrap gap-2">
                  {ok.page > 1 ? (
                    <Link className="btn btn-outline-primary btn-sm" to={pageHref(ok.page - 1)}>
                      {t("payments.service.previous")}
                    </Link>
                  ) : null}
                  {ok.page < ok.pages ? (
                    <Link className="btn btn-outline-primary btn-sm" to={pageHref(ok.page + 1)}>
                      {t("payments.service.next")}
                    </Link>
                  ) : null}
                </div>
              </nav>
            ) : null}
          </>
        )}
      </PaymentPositionsState>
    </section>
  );
}

/** Anonymous visitors: why to log in, the login link, and the spontaneous payment of the same system. */
export function ServiceAnonymous(props: { service: PaymentService; loginHref: string }) {
  const t = useT(paymentsIt);
  return (
    <section className="mb-5">
      <Callout variant="info" title={t("payments.service.anonymousTitle")} titleAs="h2">
        <p>{t("payments.service.anonymousText")}</p>
        <a className="btn btn-primary" href={props.loginHref}>
          {t("payments.service.login")}
        </a>
      </Callout>
      {props.service.spontaneousHref ? (
        <p className="mt-4">
          {t("payments.service.spontaneousText")}{" "}
          <Link to={props.service.spontaneousHref}>{t("payments.service.spontaneous")}</Link>
        </p>
      ) : null}
    </section>
  );
}
