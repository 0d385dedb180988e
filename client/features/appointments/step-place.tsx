import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { StepNav } from "./flow-form.tsx";
import type { OfficeView } from "./appointment-view.ts";
import { OfficeCard } from "./office-card.tsx";
import type { PlaceStepData, StepActionData } from "./step-types.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { stepActionFor, summaryItems } from "./use-step-errors.ts";
import { FROM_SUMMARY, isOpenedFromSummary } from "#client/lib/flow-fields.ts";

export type StepPlaceProps = {
  data: PlaceStepData;
  actionData?: StepActionData;
  backHref: string;
  returnToSummary: boolean;
  servizio?: string;
};

/**
 * Step 1 "Luogo": category, then office. The category is a GET form ("Mostra uffici" without JavaScript; with it,
 * changing the category reloads the offices at once); the office is the step's POST form.
 */
export function StepPlace({ data, actionData, backHref, returnToSummary, servizio }: StepPlaceProps) {
  const t = useT(appointmentsIt);
  const { errors, values } = stepActionFor(actionData, "luogo");
  const categoryId = values?.categoria ?? data.categoryId ?? "";
  const items = summaryItems(errors, { categoria: { id: "categoria" }, ufficio: { id: "ufficio" } });
  return (
    <>
      <FlowStepForm
        intent="luogo"
        returnToSummary={returnToSummary}
        errors={items}
        intro={
          data.fixedCategory ? (
            <p>
              {t("appointments.place.category")}: <strong>{data.fixedCategory.name}</strong>
            </p>
          ) : (
            <CategoryChooser
              data={data}
              categoryId={categoryId}
              error={errors.categoria}
              servizio={servizio}
            />
          )
        }
      >
        {data.fixedCategory ? null : <input type="hidden" name="categoria" value={categoryId} />}
        {categoryId && data.offices.length === 0 ? <p>{t("appointments.place.noOffices")}</p> : null}
        {data.offices.length > 0 ? (
          <OfficeChooser
            key={categoryId}
            offices={data.offices}
            initial={values?.ufficio ?? data.officeId ?? ""}
            error={errors.ufficio}
          />
        ) : null}
        <StepNav backHref={backHref} />
      </FlowStepForm>
    </>
  );
}

/** The office select; with JavaScript the address card follows the choice at once. */
function OfficeChooser({
  offices,
  initial,
  error,
}: {
  offices: OfficeView[];
  initial: string;
  error?: string;
}) {
  const t = useT(appointmentsIt);
  const [officeId, setOfficeId] = useState(initial);
  const chosen = offices.find((office) => office.id === officeId);
  return (
    <>
      <SelectField
        id="ufficio"
        name="ufficio"
        label={t("appointments.place.office")}
        hint={t("appointments.place.officeHint")}
        placeholder={t("appointments.place.officePlaceholder")}
        required
        value={officeId}
        onChange={(event) => setOfficeId(event.currentTarget.value)}
        options={offices.map((office) => ({ value: office.id, label: office.name }))}
        error={error}
      />
      {chosen ? <OfficeCard office={chosen} /> : null}
    </>
  );
}

function CategoryChooser(props: {
  data: PlaceStepData;
  categoryId: string;
  error?: string;
  servizio?: string;
}) {
  const t = useT(appointmentsIt);
  const { data, categoryId, error, servizio } = props;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const select = useRef<HTMLSelectElement>(null);
  const showOffices = (chosen: HTMLSelectElement) => {
    if (chosen.value) submit(chosen.form, { method: "get", replace: true, preventScrollReset: true });
  };
  // A category chosen before the page was hydrated (a slow phone): its offices are loaded as if chosen now, since
  // the "Mostra uffici" button that would have loaded them (or was being pressed) is gone.
  useEffect(() => {
    if (select.current && select.current.value !== categoryId) showOffices(select.current);
    // Once, at hydration: later choices arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form method="get" action={location.pathname} className="mb-4" preventScrollReset>
      {servizio ? <input type="hidden" name="servizio" value={servizio} /> : null}
      <input type="hidden" name="passo" value="luogo" />
      {returnParam(location.search)}
      <SelectField
        id="categoria"
        name="categoria"
        label={t("appointments.place.category")}
        hint={t("appointments.place.categoryHint")}
        placeholder={t("appointments.place.categoryPlaceholder")}
        required
        defaultValue={categoryId}
        ref={select}
        onChange={(event) => showOffices(event.currentTarget)}
        options={data.categories.map((category) => ({ value: category.id, label: category.name }))}
        error={error}
      />
      {hydrated ? null : (
        <button type="submit" className="btn btn-outline-primary btn-sm">
          {t("appointments.place.showOffices")}
        </button>
      )}
    </Form>
  );
}

function returnParam(search: string) {
  return isOpenedFromSummary(new URLSearchParams(search)) ? (
    <input type="hidden" name="da" value={FROM_SUMMARY} />
  ) : null;
}
