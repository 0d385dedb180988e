import { FlowStepNav } from "#client/components/flow/step-form.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";

/** The Modello Comuni step navigation: "Indietro" (a link to the previous step) and the step's submit button. */
export function StepNav({ backHref, submitLabel }: { backHref: string; submitLabel?: string }) {
  const t = useT(appointmentsIt);
  return (
    <FlowStepNav
      label={t("appointments.stepsNav")}
      backHref={backHref}
      backLabel={t("appointments.back")}
      submitLabel={submitLabel ?? t("appointments.next")}
    />
  );
}
