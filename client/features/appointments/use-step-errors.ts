import type { ErrorSummaryItem } from "#client/components/ui/error-summary.tsx";
import type { FieldErrors, StepActionData } from "./step-types.ts";

/** The errors and typed values of the last submission, when it was for this step. */
export function stepActionFor(actionData: StepActionData | undefined, intent: string) {
  const own = actionData?.intent === intent ? actionData : undefined;
  return { errors: own?.errors ?? {}, values: own?.values };
}

/** Where an error summary entry leads: the field's id and, to tell the messages apart, its label. */
export type SummaryTarget = { id: string; label?: string };

/** Error summary entries in the order of the fields, each pointing at its field ("Nome: Campo obbligatorio"). */
export function summaryItems(errors: FieldErrors, fields: Record<string, SummaryTarget>): ErrorSummaryItem[] {
  return Object.entries(fields).flatMap(([name, target]) => {
    const message = errors[name];
    if (!message) return [];
    return [{ fieldId: target.id, message: target.label ? `${target.label}: ${message}` : message }];
  });
}
