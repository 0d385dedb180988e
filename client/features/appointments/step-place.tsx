import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { formFields, type FieldBinding } from "#client/components/ui/form-fields.ts";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { useHydrated } from "#client/components/ui/use-hydrated.tsx";
import { StepNav } from "./flow-form.tsx";
import type { OfficeView } from "./appointment-view.ts";
import { OfficeCard } from "./office-card.tsx";
import type { PlaceStepData, StepActionData } from "./step-types.ts";
import { ContentText, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { stepActionFor } from "./use-step-errors.ts";
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
  const { field, summary } = formFields({
    values: { categoria: categoryId, ufficio: values?.ufficio ?? data.officeId ?? "" },
    errors,
    labels: { categoria: t("appointments.place.category"), ufficio: t("appointments.place.office") },
  });
  return (
    <>
      <FlowStepForm
        intent="luogo"
        returnToSummary={returnToSummary}
        errors={summary}
        intro={
          data.fixedCategory ? (
            <p>
              {t("appointments.place.category")}:{" "}
              <strong>
                <ContentText>{data.fixedCategory.name}</ContentText>
              </strong>
            </p>
          ) : (
            <CategoryChooser data={data} field={field("categoria")} servizio={servizio} />
          )
        }
      >
        {data.fixedCategory ? null : <input type="hidden" name="categoria" value={categoryId} />}
        {categoryId && data.offices.length === 0 ? <p>{t("appointments.place.noOffices")}</p> : null}
        {data.offices.length > 0 ? (
          <OfficeChooser key={categoryId} offices={data.offices} field={field("ufficio")} />
        ) : null}
        <StepNav backHref={backHref} />
      </FlowStepForm>
    </>
  );
}

/** The office select; with JavaScript the address card follows the choice at once. */
function OfficeChooser({ offices, field }: { offices: OfficeView[]; field: FieldBinding<"ufficio"> }) {
  const t = useT(appointmentsIt);
  // A controlled select (the address card follows it): its value is the state's, not the binding's.
  const { defaultValue: initial, ...binding } = field;
  const [officeId, setOfficeId] = useState(initial);
  const chosen = offices.find((office) => office.id === officeId);
  return (
    <>
      <SelectField
        {...binding}
        hint={t("appointments.place.officeHint")}
        placeholder={t("appointments.place.officePlaceholder")}
        required
        value={officeId}
        onChange={(event) => setOfficeId(event.currentTarget.value)}
        options={offices.map((office) => ({ value: office.id, label: office.name }))}
        contentOptions
      />
      {chosen ? <OfficeCard office={chosen} /> : null}
    </>
  );
}

function CategoryChooser(props: {
  data: PlaceStepData;
  field: FieldBinding<"categoria">;
  servizio?: string;
}) {
  const t = useT(appointmentsIt);
  const { data, field, servizio } = props;
  const categoryId = field.defaultValue;
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
        {...field}
        hint={t("appointments.place.categoryHint")}
        placeholder={t("appointments.place.categoryPlaceholder")}
        required
        ref={select}
        onChange={(event) => showOffices(event.currentTarget)}
        options={data.categories.map((category) => ({ value: category.id, label: category.name }))}
        contentOptions
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
