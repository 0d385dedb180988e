import { describe, expect, test } from "vitest";
import { safeRedirectPath } from "#shared/redirector.ts";
import { createSealer } from "./seal.ts";
import { createXsrfToken, maskXsrfToken, xsrfFieldFromPrefix, xsrfMatches } from "./xsrf.ts";

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
  const sealer = createSealer("a-secret-a-secret-a-secret-a-secret!", "test", { maxAgeS: 3600 });

  test("round-trips a value", () => {
    expect(sealer.unseal(sealer.seal("ciao"))).toBe("ciao");
  });

  test("refuses tampered, foreign and malformed tokens", () => {
    const token = sealer.seal("ciao");
    // A character in the middle: each of its 6 bits is the token's (the last character of a base64 text may carry
    // bits a decoder ignores, so changing it alone changed nothing now and then: a flake of the test, not of the sealer).
    const middle = Math.floor(token.length / 2);
    const tampered = token.slice(0, middle) + (token[middle] === "A" ? "B" : "A") + token.slice(middle + 1);
    expect(sealer.unseal(tampered)).toBeUndefined();
    expect(
      createSealer("another-secret-another-secret-12345", "test", { maxAgeS: 3600 }).unseal(token),
    ).toBeUndefined();
    expect(
      createSealer("a-secret-a-secret-a-secret-a-secret!", "other", { maxAgeS: 3600 }).unseal(token),
    ).toBeUndefined();
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

describe("XSRF token masking (BREACH)", () => {
  test("every masked copy differs, and each one still proves the token", () => {
    const token = createXsrfToken();
    const first = maskXsrfToken(token);
    const second = maskXsrfToken(token);
    expect(first).not.toBe(second);
    expect(first).not.toContain(token);
    expect(xsrfMatches(token, first)).toBe(true);
    expect(xsrfMatches(token, second)).toBe(true);
  });

  test("a masked copy of another token, or a tampered one, is refused", () => {
    const token = createXsrfToken();
    expect(xsrfMatches(token, maskXsrfToken(createXsrfToken()))).toBe(false);
    const masked = maskXsrfToken(token);
    const tampered = masked.slice(0, 50) + (masked[50] === "A" ? "B" : "A") + masked.slice(51);
    expect(xsrfMatches(token, tampered)).toBe(false);
  });
});

describe("the XSRF field read from a form's first bytes", () => {
  const urlencoded = "application/x-www-form-urlencoded";
  const multipart = "multipart/form-data; boundary=XyZ";

  test("urlencoded: found when complete, waits while it could still grow", () => {
    expect(xsrfFieldFromPrefix(urlencoded, "_xsrf=abc&rating=5", false)).toBe("abc");
    expect(xsrfFieldFromPrefix(urlencoded, "_xsrf=ab", false)).toBe("incomplete");
    expect(xsrfFieldFromPrefix(urlencoded, "_xsrf=abc", true)).toBe("abc");
    expect(xsrfFieldFromPrefix(urlencoded, "rating=5&details=x", true)).toBeUndefined();
    expect(xsrfFieldFromPrefix(urlencoded, "_xsrf=%ZZ&x=1", false)).toBeUndefined();
  });

  test("multipart: the _xsrf part's value", () => {
    const body = '--XyZ\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\ntok123\r\n--XyZ\r\n';
    expect(xsrfFieldFromPrefix(multipart, body, false)).toBe("tok123");
    expect(xsrfFieldFromPrefix(multipart, body.slice(0, 40), false)).toBe("incomplete");
    expect(xsrfFieldFromPrefix(multipart, "--XyZ--\r\n", true)).toBeUndefined();
  });

  test("other content types carry no form token", () => {
    expect(xsrfFieldFromPrefix("application/json", '{"_xsrf":"abc"}', true)).toBeUndefined();
  });
});
