import { describe, expect, test } from "vitest";
import { RAW_COOKIE_HEADER, type CookieJar } from "#server/middleware/cookies.ts";
import { classifyCookie, classifyCookies, fillTemplate, makeTemplate, pageKey } from "./page-cache.ts";

const IDENTITY = ["SANDBOX_SSO", "_shibsession_*"];
const jar = (cookies: Record<string, string>): CookieJar => ({ ...cookies, [RAW_COOKIE_HEADER]: "x" });

describe("which cookies bypass the cache", () => {
  test("the XSRF token and the language are neutral", () => {
    expect(classifyCookie("XSRF-TOKEN", IDENTITY)).toBe("neutral");
    expect(classifyCookie("lang", IDENTITY)).toBe("neutral");
  });
  test("every other registered cookie makes the page personal: maintenance, flows, development logout", () => {
    expect(classifyCookie("CITFAC_MAINTENANCE", IDENTITY)).toBe("personal");
    expect(classifyCookie("flow_booking", IDENTITY)).toBe("personal");
    expect(classifyCookie("dev_logout", IDENTITY)).toBe("personal");
  });
  test("the upstream's session cookies, by name or prefix, are personal", () => {
    expect(classifyCookie("SANDBOX_SSO", IDENTITY)).toBe("personal");
    expect(classifyCookie("_shibsession_abc123", IDENTITY)).toBe("personal");
  });
  test("unknown cookies (analytics) are neither", () => {
    expect(classifyCookie("_ga", IDENTITY)).toBe("unknown");
  });
  test("a jar takes its worst cookie", () => {
    expect(classifyCookies(jar({}), IDENTITY)).toBe("neutral");
    expect(classifyCookies(jar({ "XSRF-TOKEN": "t", lang: "en" }), IDENTITY)).toBe("neutral");
    expect(classifyCookies(jar({ "XSRF-TOKEN": "t", _ga: "1" }), IDENTITY)).toBe("unknown");
    expect(classifyCookies(jar({ _ga: "1", flow_x: "s" }), IDENTITY)).toBe("personal");
  });
});

describe("substitution", () => {
  const nonce = "abc+/def==";
  const xsrf = "T".repeat(86);
  const html = `<script nonce="${nonce}">x</script><input name="_xsrf" value="${xsrf}"><style nonce="${nonce}"></style>"${xsrf}"`;

  test("cuts out every nonce and token and fills in new ones", () => {
    const template = makeTemplate(html, nonce, xsrf);
    expect(template.slots).toEqual(["nonce", "xsrf", "nonce", "xsrf"]);
    const filled = fillTemplate(template, "NEW", "TOKEN");
    expect(filled).toBe(
      `<script nonce="NEW">x</script><input name="_xsrf" value="TOKEN"><style nonce="NEW"></style>"TOKEN"`,
    );
    expect(filled).not.toContain(nonce);
    expect(filled).not.toContain(xsrf);
  });

  test("the template round-trips with the original values", () => {
    expect(fillTemplate(makeTemplate(html, nonce, xsrf), nonce, xsrf)).toBe(html);
  });

  test("a page without either is kept whole", () => {
    expect(makeTemplate("<p>ciao</p>", nonce, xsrf)).toEqual({ parts: ["<p>ciao</p>"], slots: [] });
  });
});

test("the key holds the language, the path and the query", () => {
  expect(pageKey("/faq?q=1", "it")).not.toBe(pageKey("/faq?q=1", "en"));
  expect(pageKey("/faq?q=1", "it")).not.toBe(pageKey("/faq?q=2", "it"));
});
