import { expect, test, vi } from "vitest";
import type { PortalApi } from "#shared/api/portal-api.ts";
import { routeError } from "#shared/route-error.ts";
import { mypaySystem } from "./mypay-system.server.ts";

const request = {
  typeCode: "DIRITTI_SEGRETERIA",
  note: " Pratica 12 ",
  amountCents: 1250,
  payer: { kind: "G" as const, companyName: "Edil Srl", taxCode: "", email: "edil@example.org" },
};

test("only spontaneous types, with notes and the required flag", async () => {
  const api = {
    mypay: {
      tipologie: async () => [
        {
          codTipo: "A",
          descrizione: "Diritti",
          spontaneo: true,
          notePerIlPagatore: "Pratica",
          noteObbligatorie: true,
        },
        { codTipo: "B", descrizione: "Votive", spontaneo: false },
      ],
    },
  } as unknown as PortalApi;
  expect(await mypaySystem.listTypes(api)).toEqual({
    ok: true,
    value: [{ code: "A", label: "Diritti", notes: "Pratica", notesRequired: true }],
  });
});

test("pay online sends the due in euro; failures become reasons, a 5xx one whose outcome is unknown", async () => {
  const importaDovutoImmediato = vi.fn(async () => ({ iuv: "1", urlPagamento: "http://x/checkout" }));
  const api = { mypay: { importaDovutoImmediato } } as unknown as PortalApi;
  expect(await mypaySystem.payOnline(api, request)).toEqual({
    ok: true,
    value: { iuv: "1", paymentUrl: "http://x/checkout" },
  });
  expect(importaDovutoImmediato).toHaveBeenCalledWith({
    codTipo: "DIRITTI_SEGRETERIA",
    importo: 12.5,
    causale: "Pratica 12",
    pagatore: {
      tipo: "G",
      codiceIdentificativo: "ANONIMO",
      anagrafica: "Edil Srl",
      email: "edil@example.org",
    },
  });
  const failing = (status: number) =>
    ({
      mypay: {
        importaDovuto: async () => {
          throw routeError(status, { title: "x", service: "mypay", details: ["causale obbligatoria"] });
        },
      },
    }) as unknown as PortalApi;
  expect(await mypaySystem.createNotice(failing(400), request)).toEqual({
    ok: false,
    reason: "rejected",
    detail: "causale obbligatoria",
  });
  expect(await mypaySystem.createNotice(failing(504), request)).toEqual({
    ok: false,
    reason: "unavailable",
    unsure: true,
  });
  expect(await mypaySystem.createNotice(failing(403), request)).toEqual({
    ok: false,
    reason: "unavailable",
    unsure: false,
  });
});
