import { expect, test } from "vitest";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { mypayPaymentStatus, decideOutcome } from "../outcome.ts";
import type { PositionView } from "../position-view.ts";
import {
  findPaymentService,
  mypayPositionView,
  pageOf,
  readServicePaymentsQuery,
} from "./payment-service.ts";

const service = (id: string, nome: string, linkServizio: string) =>
  ({
    id,
    nome,
    descrizione: `${nome}.`,
    categorie: [],
    linkScheda: null,
    linkServizio,
    attivo: true,
    motivoStato: null,
  }) as TenantConfig["servizi"][number];
const detail = (idServizio: string, codice: string | null, codiceVersamento?: string) =>
  ({
    titolo: idServizio,
    idServizio,
    delegabile: false,
    asset: codice ? { codice } : null,
    codiceVersamento,
  }) as TenantConfig["dettagli"][number];

const config = {
  servizi: [
    service("104", "Pagamento TARI", "/servizi/pagamenti/104"),
    service("105", "Pagamento spontaneo", "/servizi/ppay/pagamento-spontaneo"),
    service("106", "Diritti di segreteria", "/servizi/mypay/pagamento-spontaneo"),
    service("101", "CIE", "/servizi/prenotazione-appuntamento"),
  ],
  dettagli: [
    detail("104", "PPAY", "TARI"),
    detail("105", "PPAY"),
    detail("106", "MYPAY", "DS"),
    detail("101", "APPSCHED"),
  ],
  comune: {
    assets: [{ codice: "PPAY" }, { codice: "MYPAY" }, { codice: "APPSCHED" }],
  } as TenantConfig["comune"],
};

test("a payment service: PPAY or MYPAY, its type, the spontaneous payment of the same system", () => {
  expect(findPaymentService(config, "104")).toEqual({
    id: "104",
    name: "Pagamento TARI",
    description: "Pagamento TARI.",
    asset: "PPAY",
    paymentType: "TARI",
    spontaneousHref: "/servizi/ppay/pagamento-spontaneo",
  });
  expect(findPaymentService(config, "106")).toMatchObject({
    asset: "MYPAY",
    paymentType: "DS",
    spontaneousHref: null,
  });
  expect(findPaymentService(config, "101")).toBeNull();
  expect(findPaymentService(config, "999")).toBeNull();
});

test("the query, and pages of 5 sorted by IUV descending", () => {
  expect(readServicePaymentsQuery(new URL("http://x/?stato-pagamento=pagato&pagina=2"))).toEqual({
    stato: "pagato",
    pagina: 2,
  });
  expect(readServicePaymentsQuery(new URL("http://x/?stato-pagamento=x&pagina=-1"))).toEqual({
    stato: "tutti",
    pagina: 1,
  });
  const items = Array.from(
    { length: 7 },
    (_, i) => ({ iuv: `1000${i}`, status: i % 2 ? "paid" : "unpaid" }) as PositionView,
  );
  const first = pageOf(items, { stato: "tutti", pagina: 1 });
  expect([first.total, first.pages, first.items.map((p) => p.iuv)[0]]).toEqual([7, 2, "10006"]);
  expect(pageOf(items, { stato: "tutti", pagina: 9 }).page).toBe(2);
  expect(pageOf(items, { stato: "pagato", pagina: 1 }).total).toBe(3);
  expect(pageOf(items, { stato: "da-pagare", pagina: 1 }).total).toBe(4);
  const cancelled = { iuv: "2", status: "cancelled" } as PositionView;
  expect(pageOf([cancelled], { stato: "da-pagare", pagina: 1 }).total).toBe(0);
});

test("a MYPAY position: statuses, euro, its own actions (payable, no receipt); the outcome of a MYPAY due", () => {
  const view = mypayPositionView(
    {
      codiceAvviso: "3192026",
      iuv: "192026",
      importo: 75.25,
      stato: "DA_PAGARE",
      dataScadenza: "2025-01-31",
      causale: "CILA",
    },
    "2026-01-01",
  );
  expect(view).toMatchObject({
    status: "expired",
    amount: 75.25,
    dueDate: "31/01/2025",
    system: "mypay",
    payable: true,
    hasReceipt: false,
  });
  expect(mypayPositionView({ codiceAvviso: "3", iuv: "1", importo: 1, stato: "PAGATO" }).status).toBe("paid");
  expect(mypayPositionView({ codiceAvviso: "3", iuv: "1", importo: 1, stato: "ANNULLATO" }).status).toBe(
    "cancelled",
  );
  expect(decideOutcome(mypayPaymentStatus("DA_PAGARE"), true, "000")).toBe("notConfirmed");
  expect(decideOutcome(mypayPaymentStatus("DA_PAGARE"), true, "100")).toBe("cancelled");
  expect(decideOutcome(mypayPaymentStatus("PAGATO"), true, null)).toBe("paid");
  expect(decideOutcome(mypayPaymentStatus("ANNULLATO"), true, "000")).toBe("positionCancelled");
});
