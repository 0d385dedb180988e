import { describe, expect, test } from "vitest";
import { safeRedirectPath } from "#shared/redirector.ts";
import { createSealer } from "./seal.ts";
import { createXsrfToken, xsrfMatches } from "./xsrf.ts";

describe("login redirector guard", () => {
  test.each([
    ["/servizi/prenotazione-appuntamento?step=2", "/servizi/prenotazione-appuntamento?step=2"],
    ["%2Ffaq%3Fq%3Dcarta", "/faq?q=carta"],
    ["/area-personale/deleghe", "/area-personale/deleghe"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  test.each([
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "%2F%2Fevil.example",
    "%252F%252Fevil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "",
    "evil",
  ])("falls back to the personal area for %s", (input) => {
    expect(safeRedirectPath(input)).toBe("/area-personale");
  });
});

describe("sealed cookies", () => {
  const sealer = createSealer("a-secret-a-secret-a-secret-a-secret!", "test");

  test("round-trips a value", () => {
    expect(sealer.unseal(sealer.seal("ciao"))).toBe("ciao");
  });

  test("refuses tampered, foreign and malformed tokens", () => {
    const token = sealer.seal("ciao");
    const tampered = token.slice(0, -2) + (token.endsWith("A") ? "BB" : "AA");
    expect(sealer.unseal(tampered)).toBeUndefined();
    expect(createSealer("another-secret-another-secret-12345", "test").unseal(token)).toBeUndefined();
    expect(createSealer("a-secret-a-secret-a-secret-a-secret!", "other").unseal(token)).toBeUndefined();
    expect(sealer.unseal("not base64!")).toBeUndefined();
    expect(sealer.unseal(undefined)).toBeUndefined();
  });

  test("does not reveal the value", () => {
    expect(sealer.seal("manutentore:segreto")).not.toContain("manutentore");
  });
});

describe("XSRF double submit", () => {
  test("accepts the echoed token and refuses anything else", () => {
    const token = createXsrfToken();
    expect(xsrfMatches(token, token)).toBe(true);
    expect(xsrfMatches(token, createXsrfToken())).toBe(false);
    expect(xsrfMatches(token, undefined)).toBe(false);
    expect(xsrfMatches(undefined, token)).toBe(false);
    expect(xsrfMatches("short", "short")).toBe(false);
  });
});
