import { matchPath } from "react-router";
import { memoByKey } from "#shared/memo.ts";
import { href } from "./links.ts";

/**
 * Portal pages a municipality's configuration may link a service to (`linkServizio`, e.g. "/servizi/pagamenti/104"):
 * only routes this release serves as a service's own entry. The configuration is written for the full portal, so a
 * path to a page not built yet is not linked (the caller falls back to the service's card, a real page).
 */
const SERVICE_ENTRY_PAGES = [
  href("/nuova-richiesta"),
  href("/servizi/segnalazioni/nuova"),
  href("/area-personale/documenti"),
  href("/area-personale/servizi"),
  href("/area-personale/attivita"),
  href("/faq"),
  // A route pattern (typed against the route list): any payment service id.
  "/servizi/pagamenti/:id" satisfies Parameters<typeof href>[0],
  href("/servizi/ppay/pagamento-spontaneo"),
  href("/servizi/mypay/pagamento-spontaneo"),
];

/** The configured portal path when it is one of the pages above (query and fragment kept), else null. */
export function configuredPortalPage(link: string | null | undefined): string | null {
  if (!link?.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return isEntryPage(link.split(/[?#]/)[0]!) ? link : null;
}

/** `matchPath` compiles each pattern on every call; the configured paths are few, so their answers are remembered. */
const isEntryPage = memoByKey(
  (path) => SERVICE_ENTRY_PAGES.some((pattern) => matchPath(pattern, path)),
  1000,
);
