import { describe, expect, test } from "vitest";
import { RAW_COOKIE_HEADER, type CookieJar } from "#server/middleware/cookies.ts";
import { createHash } from "node:crypto";
import { classifyCookie, classifyCookies, hashPolicy, pageKey, publicDocument } from "./page-cache.ts";

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

describe("an anonymous page made the same for every visitor", () => {
  const nonce = "abc+/def==";
  const inline = "window.__reactRouterContext = {};";
  const html =
    `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/><script nonce="${nonce}">${inline}</script>` +
    `<script type="module" async="" nonce="${nonce}">import "/assets/b.js";</script>` +
    `<script src="/assets/c.js" nonce="${nonce}"></script><script nonce="${nonce}">${inline}</script>`;
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  test("the render's nonce attributes go, and each inline script is allowed by its hash (once)", () => {
    const page = publicDocument(html, nonce)!;
    expect(page.html).not.toContain(nonce);
    expect(page.html).not.toContain("nonce=");
    expect(page.html).toContain(`<script>${inline}</script>`);
    expect(page.scriptHashes).toEqual([sha(inline), sha('import "/assets/b.js";')]);
  });

  test("the policy names the hashes where it named the nonce", () => {
    const policy = `default-src 'self';script-src 'self' 'nonce-${nonce}';style-src 'self'`;
    expect(hashPolicy(policy, nonce, ["'sha256-A'", "'sha256-B'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-A' 'sha256-B';style-src 'self'",
    );
    expect(hashPolicy(policy, nonce, [])).toBe(
      "default-src 'self';script-src 'self' 'none';style-src 'self'",
    );
  });

  test("a page whose nonce shows anywhere but in a nonce attribute is not made public", () => {
    expect(publicDocument(`${html}<p>${nonce}</p>`, nonce)).toBeUndefined();
  });
});

test("the key holds the language, the path and the query", () => {
  expect(pageKey("/faq?q=1", "it")).not.toBe(pageKey("/faq?q=1", "en"));
  expect(pageKey("/faq?q=1", "it")).not.toBe(pageKey("/faq?q=2", "it"));
});
