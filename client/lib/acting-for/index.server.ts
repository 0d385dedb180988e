/**
 * Acting for a delegator, on the server: the module's one face (docs/decisions/acting-for.md). Nothing else in this
 * folder is imported from outside it (eslint).
 *
 * - The state: the root middleware checks the chosen delegations upstream on every request (`actingForMiddleware`);
 *   a page or action reads it (`actingForState`, `actingDelegation`, `endedDelegation`).
 * - The rule of what may be done: `delegationScope` (the services a delegation covers in one module), `notDelegated`
 *   (the refusal), `isActingForService` (what a new delegation may offer); for PPAY, whose data a request reads
 *   (`ppaySubject`, `ppayOf`, `requireDelegatedService`).
 * - The chooser: its options on a delegable service's page (`actingForChoice`) and its post (`actingForAction`).
 */
export {
  actingDelegation,
  actingForMiddleware,
  actingForState,
  endedDelegation,
  type ActingForState,
  type EndedDelegation,
} from "./state.server.ts";
export { delegationScope, notDelegated, type DelegationScope } from "./scope.server.ts";
export { isActingForService } from "./listing.server.ts";
export {
  ppayOf,
  ppaySubject,
  ppaySubjectOf,
  requireDelegatedService,
  type PpaySubject,
} from "./ppay-subject.server.ts";
export { actingForChoice } from "./choice.server.ts";
export { actingForAction } from "./choose.server.ts";
