import { expect, test } from "vitest";
import { configuredPortalPage } from "./configured-links.ts";

test("a configured path to a page this release serves is kept, with its query", () => {
  expect(configuredPortalPage("/area-personale/documenti")).toBe("/area-personale/documenti");
  expect(configuredPortalPage("/faq?categoria=3#risposte")).toBe("/faq?categoria=3#risposte");
  // Payments (issue #10): the payment service pages and the spontaneous payments.
  expect(configuredPortalPage("/servizi/pagamenti/104")).toBe("/servizi/pagamenti/104");
  expect(configuredPortalPage("/servizi/ppay/pagamento-spontaneo")).toBe("/servizi/ppay/pagamento-spontaneo");
  expect(configuredPortalPage("/servizi/mypay/pagamento-spontaneo")).toBe(
    "/servizi/mypay/pagamento-spontaneo",
  );
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
    expect(configuredPortalPage(link), String(link)).toBeNull();
  }
});
