import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { FlowStepForm, FlowStepNav } from "#client/components/flow/step-form.tsx";
import type { ErrorSummaryItem } from "#client/components/ui/error-summary.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { isOpenedFromSummary } from "#client/lib/flow-fields.ts";
import type { FieldErrors } from "#shared/validation/form.ts";
import type { SpontaneousFlowData } from "./spontaneous.server.ts";
import { spontaneousIt } from "./texts.ts";

/** What a step is given: the flow's data, the last post's errors and values, and where "Indietro" leads. */
export type StepProps = {
  data: SpontaneousFlowData;
  errors: FieldErrors;
  values: Record<string, string> | undefined;
  back: string;
};

/** A step's form: its error summary ("Correggi gli errori"), then the post carrying the step's `intent`. */
export function StepForm(props: {
  step: string;
  summary: ErrorSummaryItem[];
  intro?: ReactNode;
  children: ReactNode;
}) {
  const t = useT(spontaneousIt);
  const location = useLocation();
  return (
    <FlowStepForm
      intent={props.step}
      returnToSummary={isOpenedFromSummary(new URLSearchParams(location.search))}
      errors={props.summary}
      errorsTitle={t("payments.spont.errorsTitle")}
      intro={props.intro}
    >
      {props.children}
    </FlowStepForm>
  );
}

/** "Indietro" (when there is a step before) and "Avanti". */
export function Buttons({ back }: { back?: string }) {
  const t = useT(spontaneousIt);
  return (
    <FlowStepNav
      variant="inline"
      backHref={back}
      backLabel={t("payments.spont.back")}
      submitLabel={t("payments.spont.next")}
    />
  );
}
