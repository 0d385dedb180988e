/*
 * The "Modifica" protocol of the flows (docs/decisions/flows.md), shared by the pages and the flow primitive: a
 * summary's edit link adds `da=riepilogo` to the step's address, the step's form then posts `ritorno=riepilogo`, and
 * the action goes back to the summary after saving (`flow.nextStep(..., isFromSummary(form))`). No zod here: the
 * browser loads it.
 */

/** The form field a step posts when it was opened from the summary. */
export const RETURN_FIELD = "ritorno";
/** Its value, and the `da` query of a summary's "Modifica" link. */
export const FROM_SUMMARY = "riepilogo";

/** The query a summary's "Modifica" link adds to the step's address (`da=riepilogo`). */
export const FROM_SUMMARY_QUERY = { da: FROM_SUMMARY } as const;

/** Whether a step's address was reached from the summary's "Modifica" (its query carries `FROM_SUMMARY_QUERY`). */
export function isOpenedFromSummary(query: URLSearchParams): boolean {
  return query.get("da") === FROM_SUMMARY;
}
