import { expect, test } from "vitest";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { configuredPortalPage } from "./configured-links.ts";

/** A municipality offering `assets`, whose service 104 is paid through PPAY and 106 through MYPAY. */
const offering = (...assets: string[]) =>
  ({
    comune: { assets: assets.map((codice) => ({ codice })) },
    dettagli: [
      { idServizio: "104", asset: { codice: "PPAY" } },
      { idServizio: "106", asset: { codice: "MYPAY" } },
      { idServizio: "101", asset: { codice: "APPSCHED" } },
    ],
  }) as unknown as TenantConfig;
const everything = offering("ASSISTENZA_CRM", "DISSERVIZIO_CRM", "MY_DOCS", "PPAY", "MYPAY", "APPSCHED");

test("a configured path to a page this release serves is kept, with its query", () => {
  expect(configuredPortalPage("/area-personale/documenti", everything)).toBe("/area-personale/documenti");
  expect(configuredPortalPage("/faq?categoria=3#risposte", everything)).toBe("/faq?categoria=3#risposte");
  // Payments (issue #10): the payment service pages and the spontaneous payments.
  expect(configuredPortalPage("/servizi/pagamenti/104", everything)).toBe("/servizi/pagamenti/104");
  expect(configuredPortalPage("/servizi/ppay/pagamento-spontaneo", everything)).toBe(
    "/servizi/ppay/pagamento-spontaneo",
  );
  expect(configuredPortalPage("/servizi/mypay/pagamento-spontaneo", everything)).toBe(
    "/servizi/mypay/pagamento-spontaneo",
  );
});

test("a page whose service the municipality (or its upstream) does not offer is not linked", () => {
  // The published BFF: no disruption reports, no MYPAY.
  const published = offering("ASSISTENZA_CRM", "MY_DOCS", "PPAY", "APPSCHED");
  expect(configuredPortalPage("/servizi/segnalazioni/nuova", published)).toBeNull();
  expect(configuredPortalPage("/servizi/mypay/pagamento-spontaneo", published)).toBeNull();
  expect(configuredPortalPage("/servizi/pagamenti/106", published)).toBeNull();
  expect(configuredPortalPage("/servizi/pagamenti/104", published)).toBe("/servizi/pagamenti/104");
  expect(configuredPortalPage("/area-personale/documenti", offering("PPAY"))).toBeNull();
  expect(configuredPortalPage("/nuova-richiesta", offering("PPAY"))).toBeNull();
  // Pages no service of the municipality gates.
  expect(configuredPortalPage("/faq", offering())).toBe("/faq");
  expect(configuredPortalPage("/area-personale/attivita", offering())).toBe("/area-personale/attivita");
  // A payment page naming a service that is no payment service, or none.
  expect(configuredPortalPage("/servizi/pagamenti/101", everything)).toBeNull();
  expect(configuredPortalPage("/servizi/pagamenti/999", everything)).toBeNull();
});

test("paths to pages not built yet, other sites and look-alikes are not linked", () => {
  for (const link of [
    "/servizi/pagamenti/104/altro",
    "/servizi/inesistente/pagina",
    "//evil.example/faq",
    "/\\evil.example",
    "https://www.comune.valverde.it/servizi",
    "",
    null,
    undefined,
  ]) {
    expect(configuredPortalPage(link, everything), String(link)).toBeNull();
  }
});
