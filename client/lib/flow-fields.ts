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

/*
 * The summary a citizen confirms is the one they saw (docs/decisions/flows.md): the summary's address carries a
 * digest of the state it shows (`versione`), its forms post it back, and a confirmation whose digest is no longer the
 * state's (another tab changed a step meanwhile) is not sent: the summary shows again, saying why.
 */

/** The query parameter of the summary's address naming the state it shows. */
export const SUMMARY_VERSION = "versione";
/** The notice of a summary shown again because the flow changed after it was shown. */
export const SUMMARY_CHANGED = { avviso: "riepilogo-cambiato" } as const;

/** Whether the page was reached because the summary changed before its confirmation (`SUMMARY_CHANGED`). */
export function wasSummaryChanged(query: URLSearchParams): boolean {
  return query.get("avviso") === SUMMARY_CHANGED.avviso;
}

/** A form's target on a summary's page: with the digest the page's own address carries (none elsewhere). */
export function withSummaryVersion(action: string, pageQuery: URLSearchParams): string {
  const version = pageQuery.get(SUMMARY_VERSION);
  if (version === null) return action;
  const url = new URL(action, "http://portal.invalid");
  url.searchParams.set(SUMMARY_VERSION, version);
  return `${url.pathname}${url.search}`;
}
