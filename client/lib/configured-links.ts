import { matchPath } from "react-router";
import { memoByKey } from "#shared/memo.ts";
import { findAsset, type AssetCode, type TenantConfig } from "#shared/api/tenant-config.ts";
import { isPaymentAsset } from "#shared/payments.ts";
import { href } from "./links.ts";

/** The entry page of a payment service: it needs the payment system of the service it names (PPAY or MYPAY). */
const OF_THE_PAYMENT_SERVICE = "of the payment service";

/**
 * Portal pages a municipality's configuration may link a service to (`linkServizio`, e.g. "/servizi/pagamenti/104"):
 * only routes this release serves as a service's own entry, each with the service of the municipality (asset) the
 * page needs (its route's `requireAsset`, or the check of its loader). The configuration is written for the full
 * portal, so a path to a page not built yet is not linked, nor one whose service the municipality (or its upstream:
 * the published BFF has no disruption reports and no MYPAY) does not offer: the caller falls back to the service's
 * card, a real page, rather than a link to "Servizio non disponibile".
 */
const SERVICE_ENTRY_PAGES: ReadonlyArray<{
  pattern: string;
  asset: AssetCode | typeof OF_THE_PAYMENT_SERVICE | null;
}> = [
  { pattern: href("/nuova-richiesta"), asset: "ASSISTENZA_CRM" },
  { pattern: href("/servizi/segnalazioni/nuova"), asset: "DISSERVIZIO_CRM" },
  { pattern: href("/area-personale/documenti"), asset: "MY_DOCS" },
  { pattern: href("/area-personale/servizi"), asset: null },
  { pattern: href("/area-personale/attivita"), asset: null },
  { pattern: href("/faq"), asset: null },
  // A route pattern (typed against the route list): any payment service id.
  { pattern: "/servizi/pagamenti/:id" satisfies Parameters<typeof href>[0], asset: OF_THE_PAYMENT_SERVICE },
  { pattern: href("/servizi/ppay/pagamento-spontaneo"), asset: "PPAY" },
  { pattern: href("/servizi/mypay/pagamento-spontaneo"), asset: "MYPAY" },
];

/**
 * The configured portal path (query and fragment kept) when it is one of the pages above and the municipality offers
 * the service that page needs, else null.
 */
export function configuredPortalPage(
  link: string | null | undefined,
  config: Pick<TenantConfig, "comune" | "dettagli">,
): string | null {
  if (!link?.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  const entry = entryPageOf(link.split(/[?#]/)[0]!);
  if (!entry) return null;
  const asset = entry.asset === OF_THE_PAYMENT_SERVICE ? paymentSystemOf(config, entry.id) : entry.asset;
  if (asset === null) return link;
  return asset !== undefined && findAsset(config, asset) ? link : null;
}

/** The payment system (PPAY or MYPAY) of the configured service `id`; undefined when it is no payment service. */
function paymentSystemOf(config: Pick<TenantConfig, "dettagli">, id: string): AssetCode | undefined {
  const code = config.dettagli.find((d) => d.idServizio === id)?.asset?.codice;
  return isPaymentAsset(code) ? code : undefined;
}

/** `matchPath` compiles each pattern on every call; the configured paths are few, so their answers are remembered. */
const entryPageOf = memoByKey((path: string) => {
  for (const page of SERVICE_ENTRY_PAGES) {
    const match = matchPath(page.pattern, path);
    if (match) return { asset: page.asset, id: match.params.id ?? "" };
  }
  return null;
}, 1000);
