import { useState } from "react";
import { Form, Link } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { formFields } from "#client/components/ui/form-fields.ts";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextField } from "#client/components/ui/text-field.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { FROM_SUMMARY } from "#client/lib/flow-fields.ts";
import { withQuery } from "#client/lib/links.ts";
import type { SpontaneousFlowData } from "./spontaneous.server.ts";
import { Buttons, StepForm, type StepProps } from "./step-form.tsx";
import { spontaneousIt } from "./texts.ts";

/** `back`: the privacy step, or the summary when opened from its "Modifica". */
export type TypeStepProps = StepProps & { failed: boolean; selfHref: string };

export function TypeStep({ data, errors, values, failed, selfHref, back }: TypeStepProps) {
  const t = useT(spontaneousIt);
  const { field, summary } = formFields({
    values: {
      typeCode: values?.typeCode ?? data.state.type?.code ?? "",
      note: values?.note ?? data.state.note,
    },
    errors,
    labels: { typeCode: t("payments.spont.type.label"), note: t("payments.spont.type.note") },
  });
  // A controlled select (its type's notes show as it changes): its value is the state's, not the binding's.
  const { defaultValue: chosenCode, ...typeCode } = field("typeCode");
  const [selected, setSelected] = useState(chosenCode);
  const chosen = data.allTypes.find((type) => type.code === selected);
  const shown =
    data.types.some((type) => type.code === selected) || !chosen ? data.types : [chosen, ...data.types];
  if (data.typesFailed || failed) {
    return (
      <div role="alert">
        <Callout variant="danger" title={t("payments.spont.type.loadFailed")}>
          <p className="mb-0">{t("common.retryLater")}</p>
        </Callout>
      </div>
    );
  }
  return (
    <StepForm step="tipologia" summary={summary} intro={<TypeSearch data={data} selfHref={selfHref} />}>
      <SelectField
        {...typeCode}
        placeholder={t("payments.spont.type.placeholder")}
        options={shown.map((type) => ({ value: type.code, label: type.label }))}
        contentOptions
        value={selected}
        onChange={(event) => setSelected(event.currentTarget.value)}
        required
      />
      {chosen?.notes ? (
        <div className="mb-4" aria-live="polite">
          <Callout variant="info" title={t("payments.spont.type.notes")}>
            <p className="mb-0">{chosen.notes}</p>
          </Callout>
        </div>
      ) : null}
      <h3 className="h5 mt-2">{t("payments.spont.type.specifics")}</h3>
      <TextareaField
        {...field("note")}
        hint={chosen?.notesRequired ? t("payments.spont.type.noteHint") : undefined}
        required={chosen?.notesRequired}
        maxLength={500}
        rows={3}
      />
      <Buttons back={back} />
    </StepForm>
  );
}

/** The types' search (a GET form, before the step's post), and "no type matches" with a way back to all. */
function TypeSearch({ data, selfHref }: { data: SpontaneousFlowData; selfHref: string }) {
  const t = useT(spontaneousIt);
  return (
    <>
      <p className="mb-3">{t("payments.spont.type.question")}</p>
      <Form
        method="get"
        action={selfHref}
        className="d-flex flex-wrap align-items-end gap-3 mb-4"
        role="search"
      >
        <input type="hidden" name="passo" value="tipologia" />
        {data.fromSummary ? <input type="hidden" name="da" value={FROM_SUMMARY} /> : null}
        <div className="flex-grow-1">
          <TextField
            name="cerca"
            id="cerca"
            type="search"
            label={t("payments.spont.type.search")}
            defaultValue={data.query}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary mb-4">
          {t("payments.spont.type.searchButton")}
        </button>
      </Form>
      {/* Always in the page, so that what a search found is read out when it changes (a search is shown without a
          page load): how many types match, or none, with the way back to all. */}
      <div role="status" className={data.query ? "mb-4" : undefined}>
        {data.query ? (
          <p className="mb-0">
            {data.types.length === 0
              ? t("payments.spont.type.noMatch")
              : t("payments.spont.type.found", { count: data.types.length })}{" "}
            <Link to={withQuery(selfHref, { passo: "tipologia" })}>
              {t("payments.spont.type.searchReset")}
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
