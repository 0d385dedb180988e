import { expect, test } from "vitest";
import { upstreamLoginHref } from "./upstream-links.ts";

test("the login comes back to the page it left", () => {
  expect(upstreamLoginHref("/servizi/101?x=1")).toBe("/api/utenti/login?redirector=%2Fservizi%2F101%3Fx%3D1");
});

test("never with an e-mailed appointment link's secret in its query: from those pages, back home", () => {
  for (const page of [
    "/servizi/modifica-appuntamento/abc123def",
    "/servizi/modifica-appuntamento/successo/abc123def",
  ])
    expect(upstreamLoginHref(page)).toBe("/api/utenti/login?redirector=%2F");
});
