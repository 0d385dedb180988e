/**
 * Acting for a delegator (issues #28, #36, #40): what a page and the shell show. The module's one face for the browser
 * side; its server side is ./index.server.ts. Nothing else in this folder is imported from outside it (eslint), but
 * its English catalogue, by the app's English index (client/texts.en.ts) alone: so it stays in the English chunk.
 */
export { ActingForChooser, type ActingForChoice } from "./chooser.tsx";
export { DelegationEndedNotice, DelegatorBanner, type Delegator } from "./banner.tsx";
export { actingForIt } from "./texts.ts";
