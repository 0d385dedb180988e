import { FlowStepForm } from "#client/components/flow/step-form.tsx";
import { SelectField } from "#client/components/ui/select-field.tsx";
import { TextareaField } from "#client/components/ui/textarea-field.tsx";
import { APPOINTMENT_DETAILS_MAX_LENGTH } from "#shared/api/appsched.ts";
import { StepNav } from "./flow-form.tsx";
import type { DetailsStepData, StepActionData } from "./step-types.ts";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
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
  const t = useT(appointmentsIt);
  const { errors, values } = stepActionFor(actionData, "dettagli");
  const items = summaryItems(errors, {
    motivo: { id: "motivo", label: t("appointments.details.reason") },
    dettagli: { id: "dettagli", label: t("appointments.details.details") },
  });
  return (
    <>
      <FlowStepForm
        intent="dettagli"
        returnToSummary={returnToSummary}
        errors={items}
        intro={<p className="text-secondary">{t("appointments.requiredNote")}</p>}
      >
        <SelectField
          id="motivo"
          name="motivo"
          label={t("appointments.details.reason")}
          placeholder={t("appointments.details.reasonPlaceholder")}
          required
          defaultValue={values?.motivo ?? data.reasonId ?? ""}
          options={data.reasons.map((reason) => ({ value: reason.id, label: reason.name }))}
          error={errors.motivo}
        />
        <TextareaField
          id="dettagli"
          name="dettagli"
          label={t("appointments.details.details")}
          hint={t("appointments.details.detailsHint")}
          required
          maxLength={APPOINTMENT_DETAILS_MAX_LENGTH}
          defaultValue={values?.dettagli ?? data.details}
          rows={4}
          error={errors.dettagli}
        />
        <StepNav backHref={backHref} submitLabel={submitLabel} />
      </FlowStepForm>
    </>
  );
}
