import type { ReactNode } from "react";
import { FilterForm } from "#client/components/ui/filter-form.tsx";
import { Callout } from "#client/components/ui/callout.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { paymentsIt } from "./texts.ts";
import type { PositionView } from "./position-view.ts";

type Stato = "tutti" | "pagato" | "da-pagare";

/**
 * The "Stato pagamento" GET filter of a list of debt positions (Attività and a payment service's page), keeping the
 * page's other query parameters as hidden fields.
 */
export function PaymentStatusFilter({ stato, keep = {} }: { stato: Stato; keep?: Record<string, string> }) {
  const t = useT(paymentsIt);
  return (
    <FilterForm
      label={t("payments.section.filterTitle")}
      submitLabel={t("payments.section.apply")}
      keep={keep}
      preventScrollReset
    >
      <div className="col-12 col-md-5">
        <SelectField
          name="stato-pagamento"
          label={t("payments.section.filter")}
          defaultValue={stato}
          options={[
            { value: "tutti", label: t("payments.section.filter.all") },
            { value: "pagato", label: t("payments.section.filter.paid") },
            { value: "da-pagare", label: t("payments.section.filter.unpaid") },
          ]}
        />
      </div>
    </FilterForm>
  );
}

/**
 * A list of debt positions' state: the load failure (an alert, the page stays), the empty list (filtered or not), or
 * how many are shown followed by `children(list)` (the cards and the page links).
 */
export function PaymentPositionsState<
  L extends { status: "ok"; items: PositionView[]; total: number },
>(props: { list: L | { status: "failed" }; stato: Stato; children: (list: L) => ReactNode }) {
  const t = useT(paymentsIt);
  const { list } = props;
  if (list.status === "failed")
    return (
      <div role="alert">
        <Callout variant="danger" title={t("payments.section.loadFailed")}>
          <p className="mb-0">{t("common.retryLater")}</p>
        </Callout>
      </div>
    );
  if (list.items.length === 0)
    return (
      <p role="status">
        {props.stato === "tutti" ? t("payments.section.empty") : t("payments.section.emptyFiltered")}
      </p>
    );
  return (
    <>
      <p role="status" className="small">
        {t("payments.section.shown", { count: list.items.length, total: list.total })}
      </p>
      {props.children(list)}
    </>
  );
}
