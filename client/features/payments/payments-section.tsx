import { Form, Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { href, withQuery } from "#client/lib/links.ts";
import { PAYMENTS_PAGE, type PaymentActivities, type PaymentsQuery } from "./payments-query.ts";
import { PaymentCard } from "./payment-card.tsx";

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
  const t = useT();
  return (
    <section aria-labelledby="attivita-pagamenti" className="mb-5" id="pagamenti">
      <h3 id="attivita-pagamenti" className="title-xlarge mb-3">
        {t("payments.section.title")}
      </h3>
      <Form
        method="get"
        className="row g-3 align-items-end mb-3"
        aria-label={t("payments.section.filterTitle")}
        preventScrollReset
      >
        {Object.entries(otherQuery).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="col-12 col-md-5">
          <SelectField
            name="stato-pagamento"
            label={t("payments.section.filter")}
            defaultValue={query.stato}
            options={[
              { value: "tutti", label: t("payments.section.filter.all") },
              { value: "pagato", label: t("payments.section.filter.paid") },
              { value: "da-pagare", label: t("payments.section.filter.unpaid") },
            ]}
          />
        </div>
        <div className="col-12 col-md-2 form-group">
          <button type="submit" className="btn btn-outline-primary w-100">
            {t("payments.section.apply")}
          </button>
        </div>
      </Form>
      {payments.status === "failed" ? (
        <div role="alert">
          <Callout variant="danger" title={t("payments.section.loadFailed")}>
            <p className="mb-0">{t("personalArea.retryLater")}</p>
          </Callout>
        </div>
      ) : payments.items.length === 0 ? (
        <p role="status">
          {query.stato === "tutti" ? t("payments.section.empty") : t("payments.section.emptyFiltered")}
        </p>
      ) : (
        <>
          <p role="status" className="small">
            {t("payments.section.shown", { shown: payments.items.length, total: payments.total })}
          </p>
          <ul className="list-unstyled row g-3">
            {payments.items.map((position) => (
              <li key={position.iuv} className="col-12 col-lg-6">
                <PaymentCard position={position} />
              </li>
            ))}
          </ul>
          {payments.total > payments.items.length ? (
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
    </section>
  );
}
