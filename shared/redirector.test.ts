import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { currentPathHref, isSameOriginPath, safeRedirectPath } from "./redirector.ts";
import { OPEN_REDIRECT_PAYLOADS, SAFE_REDIRECTS } from "./redirect-payloads.ts";

const ORIGIN = "https://comune-a.example.it";
const HERE = `${ORIGIN}/area-personale/attivita`;

/** Reference built on the WHATWG URL parser, as a browser reads a Location header or a link. */
function staysOnSite(target: string): boolean {
  try {
    return new URL(target, HERE).origin === ORIGIN && !/^[/\\]{2}/.test(target);
  } catch {
    return false;
  }
}

describe("safeRedirectPath", () => {
  test("the payload corpus is large enough to mean something", () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(OPEN_REDIRECT_PAYLOADS)("never leaves the site for %j", (payload) => {
    const result = safeRedirectPath(payload, "/fallback");
    expect(staysOnSite(result)).toBe(true);
    expect(result.startsWith("/")).toBe(true);
  });

  // "/..;/evil.example" is a plain (non-existent) page of the site: `..;` is not a dot segment.
  test.each(OPEN_REDIRECT_PAYLOADS.filter((p) => p !== "/..;/evil.example"))(
    "falls back for the payload %j",
    (payload) => {
      expect(safeRedirectPath(payload, "/fallback")).toBe("/fallback");
    },
  );

  test.each(SAFE_REDIRECTS)("keeps the same-origin target %j", (input, expected) => {
    expect(safeRedirectPath(input, "/fallback")).toBe(expected);
  });

  test("dot segments that normalise to `//host` are refused (the defect: the raw string looked fine)", () => {
    expect(safeRedirectPath("/.//evil.example")).toBe("/area-personale");
    expect(safeRedirectPath("/x/..//evil.example", "/")).toBe("/");
  });

  test("non-strings, empty and overlong values fall back", () => {
    expect(safeRedirectPath(undefined)).toBe("/area-personale");
    expect(safeRedirectPath(["/faq"])).toBe("/area-personale");
    expect(safeRedirectPath("")).toBe("/area-personale");
    expect(safeRedirectPath(`/${"a".repeat(2001)}`)).toBe("/area-personale");
  });
});

const pieces = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "./",
  "../",
  "%2F",
  "%2f",
  "%5C",
  "%2e",
  "%252F",
  "%09",
  "\t",
  "\n",
  " ",
  "@",
  ":",
  "?",
  "#",
  "%",
  "evil.example",
  "comune-b.localhost",
  "faq",
  "javascript:",
  "data:",
  "https:",
  "\u2215",
  "\uff0f",
  "a",
];
const crafted = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(""));
const anyInput = fc.oneof(crafted, fc.string({ unit: "binary", maxLength: 40 }), fc.webUrl(), fc.webPath());

describe("safeRedirectPath, property-based against the URL reference", () => {
  test("its answer never leads off the site, whatever the input", () => {
    fc.assert(
      fc.property(anyInput, (input) => staysOnSite(safeRedirectPath(input, "/fallback"))),
      { numRuns: 5000 },
    );
  });

  test("an accepted target leads exactly where the input would have led", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        fc.pre(!/^%2f/i.test(input));
        const result = safeRedirectPath(input, "/fallback");
        if (result === "/fallback") return true;
        return new URL(result, HERE).href === new URL(input, HERE).href;
      }),
      { numRuns: 5000 },
    );
  });

  test("its answer is stable: guarding it again changes nothing", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = safeRedirectPath(input, "/fallback");
        return safeRedirectPath(result, "/other") === result;
      }),
      { numRuns: 5000 },
    );
  });

  test("every ordinary site path is accepted unchanged", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        let target = "";
        try {
          const normalised = new URL(path || "/", ORIGIN);
          target = normalised.pathname + normalised.search;
        } catch {
          fc.pre(false);
        }
        fc.pre(isSameOriginPath(target));
        return safeRedirectPath(target, "/fallback") === target;
      }),
    );
  });
});

describe("currentPathHref (links built from the request path)", () => {
  test.each([
    ["//evil.example", "", "/evil.example"],
    ["/\\evil.example", "?lang=en", "/evil.example?lang=en"],
    ["///evil.example/x", "", "/evil.example/x"],
    ["/faq", "?lang=en", "/faq?lang=en"],
  ])("%j%j links to %j", (pathname, search, expected) => {
    const href = currentPathHref(pathname, search);
    expect(href).toBe(expected);
    expect(staysOnSite(href)).toBe(true);
  });
});
