import type { StepActionData } from "./step-types.ts";

/** The errors and typed values of the last submission, when it was for this step. */
export function stepActionFor(actionData: StepActionData | undefined, intent: string) {
  const own = actionData?.intent === intent ? actionData : undefined;
  return { errors: own?.errors ?? {}, values: own?.values };
}
