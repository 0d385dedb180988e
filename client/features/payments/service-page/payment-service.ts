import { matchPath } from "react-router";
import type { MypayPosizione } from "#shared/api/mypay.ts";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { formatDate } from "#shared/dates.ts";
import { isPayable, isPaymentAsset, paymentStatus, type PaymentAsset } from "#shared/payments.ts";
import { configuredPortalPage } from "#client/lib/configured-links.ts";
import { href } from "#client/lib/links.ts";
import { STATUS_LABELS, type PositionView } from "../position-view.ts";

export type { PaymentAsset };

/** The `kind` of the route error of an id that is not a payment service (the page's ErrorBoundary reads it). */
export const PAYMENT_SERVICE_NOT_FOUND = "payment-service:not-found";

/** A catalogue service whose asset is a payment system, as `/servizi/pagamenti/:id` shows it. */
export type PaymentService = {
  id: string;
  name: string;
  description: string;
  asset: PaymentAsset;
  /** PPAY `codiceVersamento` / MYPAY `codTipo` of the service (our optional configuration field), or null: all. */
  paymentType: string | null;
  /** The configured spontaneous payment of the same system, when the portal serves it. */
  spontaneousHref: string | null;
};

/** The service `id` of the configuration when its detail's asset is PPAY or MYPAY, else null (a 404). */
export function findPaymentService(
  config: Pick<TenantConfig, "servizi" | "dettagli" | "comune">,
  id: string,
): PaymentService | null {
  const service = config.servizi.find((s) => s.id === id);
  const detail = config.dettagli.find((d) => d.idServizio === id);
  const asset = detail?.asset?.codice;
  if (!service || !isPaymentAsset(asset)) return null;
  const spontaneous = config.servizi.find((s) => {
    if (s.id === id || !s.attivo) return false;
    const link = configuredPortalPage(s.linkServizio, config);
    const sameSystem = config.dettagli.find((d) => d.idServizio === s.id)?.asset?.codice === asset;
    return Boolean(
      link &&
      sameSystem &&
      !matchPath("/servizi/pagamenti/:id" satisfies Parameters<typeof href>[0], link.split(/[?#]/)[0]!),
    );
  });
  return {
    id,
    name: service.nome,
    description: service.descrizione,
    asset,
    paymentType: detail?.codiceVersamento ?? null,
    spontaneousHref: configuredPortalPage(spontaneous?.linkServizio, config),
  };
}

/** The query words of the page (Italian, as the citizen sees them in the address). */
export type ServicePaymentsQuery = { stato: "tutti" | "pagato" | "da-pagare"; pagina: number };
export const SERVICE_PAGE_SIZE = 5;

export function readServicePaymentsQuery(url: URL): ServicePaymentsQuery {
  const stato = url.searchParams.get("stato-pagamento");
  const pagina = Number.parseInt(url.searchParams.get("pagina") ?? "", 10);
  return {
    stato: stato === "pagato" || stato === "da-pagare" ? stato : "tutti",
    pagina: Number.isInteger(pagina) && pagina > 0 && pagina <= 1000 ? pagina : 1,
  };
}

/** The positions of one page (IUV descending), with the number of pages (at least 1). */
export function pageOf(items: readonly PositionView[], query: ServicePaymentsQuery) {
  const filtered = items
    .filter((p) =>
      query.stato === "pagato"
        ? p.status === "paid"
        : query.stato === "da-pagare"
          ? isPayable(p.status)
          : true,
    )
    .toSorted((a, b) => (a.iuv < b.iuv ? 1 : a.iuv > b.iuv ? -1 : 0));
  const pages = Math.max(1, Math.ceil(filtered.length / SERVICE_PAGE_SIZE));
  const page = Math.min(query.pagina, pages);
  const start = (page - 1) * SERVICE_PAGE_SIZE;
  return { items: filtered.slice(start, start + SERVICE_PAGE_SIZE), total: filtered.length, page, pages };
}

const MYPAY_CODES = { PAGATO: "0", DA_PAGARE: "1", ANNULLATO: "2" } as const;
const day = (iso: string | null | undefined) => (iso ? formatDate(iso, "dd/MM/yyyy", "it") : null);

/**
 * A MYPAY position as the payment card shows it: a due to pay is `payable` (its "Paga ora" and notice go through
 * `/area-personale/dovuti/:iuv/*`); MYPAY defines no receipt download, so `hasReceipt` is false.
 */
export function mypayPositionView(p: MypayPosizione, today?: string, payerWritten = false): PositionView {
  const status = paymentStatus(MYPAY_CODES[p.stato], p.dataScadenza, today);
  return {
    system: "mypay",
    iuv: p.iuv,
    noticeCode: p.codiceAvviso,
    // A spontaneous due's causale is the payer's text: the type's description instead (payer-written.server.ts).
    description: payerWritten ? (p.descrizioneTipo ?? null) : (p.causale ?? null),
    type: p.descrizioneTipo ?? null,
    notes: null,
    amount: p.importo,
    dueDate: day(p.dataScadenza),
    paidOn: status === "paid" ? day(p.dataPagamento) : null,
    transaction: null,
    status,
    statusLabel: STATUS_LABELS[status],
    payable: isPayable(status),
    // A paid due's receipt (our definition of MYPAY, issue #40).
    hasReceipt: status === "paid",
    payerWritten,
  };
}
