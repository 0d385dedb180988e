import { expect, test } from "vitest";
import { toPositionView } from "./position-view.ts";
import { decideOutcome } from "./outcome.ts";

const base = {
  codiceAvviso: "301202600000000006",
  iuv: "01202600000000006",
  codiceVersamento: "TARI",
  descrizionePagamento: "TARI 2026",
  importo: 1234.5,
  dataScadenza: "2027-03-31",
};

test("an unpaid position: its amount, due date, payable, no receipt", () => {
  expect(toPositionView({ ...base, codiceStatoPagamento: "1" }, "2026-11-23")).toMatchObject({
    amount: 1234.5,
    dueDate: "31/03/2027",
    status: "unpaid",
    statusLabel: "payments.status.unpaid",
    payable: true,
    hasReceipt: false,
    paidOn: null,
  });
});

test("paid with receipt, expired, cancelled, and a position without IUV", () => {
  const paid = toPositionView(
    {
      ...base,
      codiceStatoPagamento: "0",
      presenzaQuietanza: true,
      dataEsitoPagamento: "2026-04-02T15:10:00Z",
    },
    "2026-11-23",
  );
  expect(paid).toMatchObject({ status: "paid", hasReceipt: true, payable: false, paidOn: "02/04/2026" });
  expect(toPositionView({ ...base, codiceStatoPagamento: "1" }, "2027-04-01")?.status).toBe("expired");
  expect(toPositionView({ ...base, codiceStatoPagamento: "2" }, "2026-11-23")).toMatchObject({
    status: "cancelled",
    payable: false,
  });
  expect(toPositionView({ ...base, iuv: null })).toBeNull();
});

test("the outcome comes from the upstream's state, never from codEsito alone", () => {
  expect(decideOutcome("paid", true, "000")).toBe("paid");
  expect(decideOutcome("paid", false, null)).toBe("waiting");
  expect(decideOutcome("unpaid", false, "000")).toBe("notConfirmed");
  expect(decideOutcome("expired", false, "000")).toBe("notConfirmed");
  expect(decideOutcome("unpaid", false, "100")).toBe("cancelled");
  expect(decideOutcome("cancelled", false, "000")).toBe("positionCancelled");
});

test("a payer-written position shows the type's official description, no free text, and is marked", () => {
  const position = {
    codiceAvviso: "301000000000000001",
    iuv: "01000000000000001",
    codiceVersamento: "MENSA",
    descrizionePagamento: "Mensa - paga con bonifico all'IBAN IT00...",
    descrizionePortale: "Mensa scolastica - ricarica",
    infoAggiuntive: "Paga con bonifico all'IBAN IT00...",
    importo: 10,
    codiceStatoPagamento: "1",
  };
  expect(toPositionView(position, "2026-11-23", true)).toMatchObject({
    description: "Mensa scolastica - ricarica",
    notes: null,
    payerWritten: true,
  });
  expect(toPositionView(position, "2026-11-23")).toMatchObject({
    description: "Mensa - paga con bonifico all'IBAN IT00...",
    payerWritten: false,
  });
});
