import { expect, test } from "vitest";
import { safeCallToAction } from "./call-to-action.ts";

const ORIGIN = "http://comune-a.localhost:3000";

test("same-origin paths and https addresses are kept", () => {
  expect(safeCallToAction("/servizi/prenotazione-appuntamento", ORIGIN)).toBe(
    "/servizi/prenotazione-appuntamento",
  );
  expect(safeCallToAction(" /area-personale?x=1#y ", ORIGIN)).toBe("/area-personale?x=1#y");
  expect(safeCallToAction("https://www.pagopa.gov.it/it/", ORIGIN)).toBe("https://www.pagopa.gov.it/it/");
});

test("anything else gives no button", () => {
  for (const value of [
    undefined,
    "",
    "javascript:alert(1)",
    "data:text/html,x",
    "http://example.org/",
    "//evil.example/",
    "/\\evil.example/",
    "servizi/relativo",
    "https://user:pw@example.org/",
    "/a\nb",
  ]) {
    expect(safeCallToAction(value, ORIGIN), String(value)).toBeNull();
  }
});
