import type { actingForIt } from "./texts.ts";

/** English texts of acting for a delegator (same keys as ./texts.ts). */
export const actingForEn: Record<keyof typeof actingForIt, string> = {
  "delegator.region": "Active delegation",
  "delegator.text": "You are using the service on behalf of {nome} {cognome} ({codiceFiscale})",
  "delegator.textShort": "On behalf of {nome} {cognome}",
  "delegator.clear": "Clear delegator",
  "delegator.ended":
    "The delegation from {nome} {cognome} is no longer active: you are using the services in your own name again.",
  "delegator.endedAction":
    "The delegation from {nome} {cognome} is no longer active: the operation on their behalf was not carried out.",
  "delegator.ownName": "You are now using the services in your own name: you can carry on from here.",
  "delegator.unchecked": "The delegation cannot be checked right now: please try again later.",
  "delegator.notDelegated.title": "Service not covered by the delegation",
  "delegator.notDelegated.text":
    "You are acting on behalf of {nome} {cognome}: this service is not covered by the delegation. Use “Clear delegator” to go back to your own data.",
  "delegator.choose.title": "Use the service on behalf of a delegator",
  "delegator.choose.lead":
    "You hold an active delegation for this service: you can use it on behalf of whoever delegated you.",
  "delegator.choose.legend": "On whose behalf do you want to use the service",
  "delegator.choose.self": "In my own name",
  "delegator.choose.option": "{nome} {cognome} ({codiceFiscale}), delegation valid until {scadenza}",
  "delegator.choose.submit": "Confirm the choice",
  "delegator.choose.failed": "Your delegations for this service could not be read.",
  "delegator.choose.notListed": "The chosen delegation is not active for this service.",
};
