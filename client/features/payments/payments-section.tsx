import { useRef } from "react";
import { Link } from "react-router";
import { FOCUS_LIST, useListFocus } from "#client/components/ui/use-focus-on-change.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "./texts.ts";
import { href, withQuery } from "#client/lib/links.ts";
import { PAYMENTS_PAGE, type PaymentActivities, type PaymentsQuery } from "./payments-query.ts";
import { PaymentCard } from "./payment-card.tsx";
import { PaymentPositionsState, PaymentStatusFilter } from "./payment-status-filter.tsx";
import { offersFilter } from "#client/components/ui/card-list.tsx";

export type PaymentsSectionProps = {
  payments: PaymentActivities;
  query: PaymentsQuery;
  /** The page's other query parameters (the other sections' filters), kept by the filter form and the "more" link. */
  otherQuery: Record<string, string>;
};

/**
 * "Pagamenti" of the personal area's Attività: the citizen's debt positions sorted by IUV descending, 5 at a time
 * ("Vedi altri pagamenti" is a GET link), the "Stato pagamento" GET filter. A load failure is an alert; the page stays.
 */
export function PaymentsSection({ payments, query, otherQuery }: PaymentsSectionProps) {
  const t = useT(paymentsIt);
  const section = useRef<HTMLElement>(null);
  useListFocus(section, query.stato, query.pagamenti);
  return (
    <section ref={section} aria-labelledby="attivita-pagamenti" className="mb-5" id="pagamenti">
      <h3 id="attivita-pagamenti" className="title-xlarge mb-3">
        {t("payments.section.title")}
      </h3>
      {offersFilter(payments, query.stato !== "tutti") ? (
        <PaymentStatusFilter stato={query.stato} keep={otherQuery} />
      ) : null}
      <PaymentPositionsState list={payments} stato={query.stato}>
        {(ok) => (
          <>
            <ul {...FOCUS_LIST} className="list-unstyled row g-3">
              {ok.items.map((position) => (
                <li key={position.iuv} className="col-12 col-lg-6">
                  <PaymentCard position={position} />
                </li>
              ))}
            </ul>
            {ok.total > ok.items.length ? (
              <Link
                className="btn btn-outline-primary"
                preventScrollReset
                to={withQuery(href("/area-personale/attivita"), {
                  ...otherQuery,
                  "stato-pagamento": query.stato === "tutti" ? undefined : query.stato,
                  pagamenti: query.pagamenti + PAYMENTS_PAGE,
                })}
              >
                {t("payments.section.more")}
              </Link>
            ) : null}
          </>
        )}
      </PaymentPositionsState>
    </section>
  );
}
