import { FROM_SUMMARY, RETURN_FIELD } from "#client/lib/flow-fields.ts";

/** In a step's form opened from the summary's "Modifica": the action goes back to the summary after saving. */
export function ReturnToSummaryField({ active }: { active: boolean }) {
  return active ? <input type="hidden" name={RETURN_FIELD} value={FROM_SUMMARY} /> : null;
}
