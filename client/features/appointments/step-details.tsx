import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { APPOINTMENT_DETAILS_MAX_LENGTH } from "#shared/api/appsched.ts";
import { StepNav } from "./flow-form.tsx";
import type { DetailsStepData, StepActionData } from "./step-types.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import { formFields } from "#client/components/ui/form-fields.ts";
import { stepActionFor } from "./use-step-errors.ts";

export type StepDetailsProps = {
  data: DetailsStepData;
  actionData?: StepActionData;
  backHref: string;
  returnToSummary: boolean;
  submitLabel?: string;
};

/** Step "Dettagli appuntamento": the reason among the office's activities and up to 200 characters of details. */
export function StepDetails({ data, actionData, backHref, returnToSummary, submitLabel }: StepDetailsProps) {
  const t = useT(appointmentsIt);
  const { errors, values } = stepActionFor(actionData, "dettagli");
  const { field, summary } = formFields({
    values: { motivo: values?.motivo ?? data.reasonId ?? "", dettagli: values?.dettagli ?? data.details },
    errors,
    labels: { motivo: t("appointments.details.reason"), dettagli: t("appointments.details.details") },
  });
  return (
    <>
      <FlowStepForm
        intent="dettagli"
        returnToSummary={returnToSummary}
        errors={summary}
        intro={<p className="text-secondary">{t("appointments.requiredNote")}</p>}
      >
        <SelectField
          {...field("motivo")}
          placeholder={t("appointments.details.reasonPlaceholder")}
          required
          options={data.reasons.map((reason) => ({ value: reason.id, label: reason.name }))}
          contentOptions
        />
        <TextareaField
          {...field("dettagli")}
          hint={t("appointments.details.detailsHint")}
          required
          maxLength={APPOINTMENT_DETAILS_MAX_LENGTH}
          rows={4}
        />
        <StepNav backHref={backHref} submitLabel={submitLabel} />
      </FlowStepForm>
    </>
  );
}
