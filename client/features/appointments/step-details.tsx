import { ErrorSummary } from "#client/components/ui/error-summary.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { APPOINTMENT_DETAILS_MAX_LENGTH } from "#shared/api/appsched.ts";
import { FlowForm, StepNav } from "./flow-form.tsx";
import type { DetailsStepData, StepActionData } from "./step-types.ts";
import { texts } from "./texts.ts";
import { stepActionFor, summaryItems } from "./use-step-errors.ts";

export type StepDetailsProps = {
  data: DetailsStepData;
  actionData?: StepActionData;
  backHref: string;
  returnToSummary: boolean;
  submitLabel?: string;
};

/** Step "Dettagli appuntamento": the reason among the office's activities and up to 200 characters of details. */
export function StepDetails({ data, actionData, backHref, returnToSummary, submitLabel }: StepDetailsProps) {
  const { errors, values } = stepActionFor(actionData, "dettagli");
  const items = summaryItems(errors, {
    motivo: { id: "motivo", label: texts.details.reason },
    dettagli: { id: "dettagli", label: texts.details.details },
  });
  return (
    <>
      <ErrorSummary items={items} />
      <p className="text-secondary">{texts.requiredNote}</p>
      <FlowForm intent="dettagli" returnToSummary={returnToSummary}>
        <SelectField
          id="motivo"
          name="motivo"
          label={texts.details.reason}
          placeholder={texts.details.reasonPlaceholder}
          required
          defaultValue={values?.motivo ?? data.reasonId ?? ""}
          options={data.reasons.map((reason) => ({ value: reason.id, label: reason.name }))}
          error={errors.motivo}
        />
        <TextareaField
          id="dettagli"
          name="dettagli"
          label={texts.details.details}
          hint={texts.details.detailsHint}
          required
          maxLength={APPOINTMENT_DETAILS_MAX_LENGTH}
          defaultValue={values?.dettagli ?? data.details}
          rows={4}
          error={errors.dettagli}
        />
        <StepNav backHref={backHref} submitLabel={submitLabel} />
      </FlowForm>
    </>
  );
}
