import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { anchorPseudoSelectors, isPurgedStylesheet, PURGE_CONTENT, purgeStylesheet } from "./purge-css.ts";

const ROOT = resolve(import.meta.dirname, "..");
const raw = (text: string) => ({ raw: text, extension: "tsx" });

describe("purgeStylesheet", () => {
  const css = [
    ".used{color:red}",
    ".unused{color:blue}",
    ".modal.show{display:block}",
    ".modal-lg{max-width:800px}",
    ".badge.bg-success{color:green}",
    ".bg-nonsense{color:pink}",
    ".leaflet-pane{z-index:400}",
    ".navbar .navbar-collapsable.expanded{display:block}",
    ".collapsing{height:0}",
    "@font-face{font-family:VideoJS;src:url(data:x)}",
    ".vjs{font-family:VideoJS}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
    ".spinner{animation:spin 1s}",
  ].join("");

  test("keeps the classes the content uses and drops the others", async () => {
    const out = await purgeStylesheet(
      css,
      [raw('<div className="used modal navbar navbar-collapsable" />')],
      [],
    );
    expect(out).toContain(".used{");
    expect(out).not.toContain(".unused");
    expect(out).not.toContain(".bg-nonsense");
  });

  test("keeps the classes toggled at run time or built from a prefix (safelist)", async () => {
    const out = await purgeStylesheet(
      css,
      [raw('<div className="modal navbar navbar-collapsable badge" />')],
      [],
    );
    expect(out).toContain(".modal.show");
    expect(out).toContain(".modal-lg");
    expect(out).toContain(".badge.bg-success");
    expect(out).toContain(".leaflet-pane");
    expect(out).toContain(".navbar-collapsable.expanded");
    expect(out).toContain(".collapsing");
  });

  test("drops fonts and keyframes that no kept rule uses", async () => {
    const out = await purgeStylesheet(css, [raw('<div className="used" />')], []);
    expect(out).not.toContain("VideoJS");
    expect(out).not.toContain("@keyframes");
    const withSpinner = await purgeStylesheet(css, [raw('<div className="spinner" />')], []);
    expect(withSpinner).toContain("@keyframes spin");
  });
});

test("selectors led by a pseudo-class get an explicit * so PurgeCSS keeps them", async () => {
  expect(
    anchorPseudoSelectors(":focus:not([x]){a:b}a,:hover{c:d}@media (min-width:1px){:focus-visible{e:f}}"),
  ).toBe("*:focus:not([x]){a:b}a,*:hover{c:d}@media (min-width:1px){*:focus-visible{e:f}}");
  expect(anchorPseudoSelectors(":root{--x:1}::selection{a:b}")).toBe(":root{--x:1}::selection{a:b}");
  const out = await purgeStylesheet(
    ":focus:not([data-focus-mouse=true]){outline:0}.unused{a:b}",
    [raw("<p/>")],
    [],
  );
  expect(out).toContain("*:focus:not([data-focus-mouse=true])");
});

test("only bootstrap-italia's stylesheet is purged", () => {
  expect(isPurgedStylesheet("/x/node_modules/bootstrap-italia/dist/css/bootstrap-italia.min.css")).toBe(true);
  expect(
    isPurgedStylesheet("/x/node_modules/bootstrap-italia/dist/css/bootstrap-italia.min.css?direct"),
  ).toBe(true);
  expect(isPurgedStylesheet("/x/client/styles/portal.css")).toBe(false);
  expect(isPurgedStylesheet("/x/node_modules/leaflet/dist/leaflet.css")).toBe(false);
});

test("the portal's sources purge bootstrap-italia to under 30 kB gzip and keep the shell's rules", async () => {
  const css = readFileSync(
    resolve(ROOT, "node_modules/bootstrap-italia/dist/css/bootstrap-italia.min.css"),
    "utf8",
  );
  const out = await purgeStylesheet(
    css,
    PURGE_CONTENT.map((glob) => `${ROOT}/${glob}`),
  );
  expect(gzipSync(out).length).toBeLessThan(30 * 1024);
  for (const selector of [
    ".it-header-wrapper",
    ".navbar-collapsable",
    ".dropdown-menu",
    ".modal-dialog",
    ".it-footer",
    ".callout",
    ".notification",
    ".btn-primary",
    ".form-control.is-invalid",
    ".visually-hidden-focusable",
  ]) {
    expect(out, selector).toContain(selector);
  }
  // bootstrap-italia's keyboard focus ring, on every focused element.
  expect(out).toContain("*:focus:not([data-focus-mouse=true])");
  // The embedded VideoJS icon font: no rule uses it.
  expect(out).not.toContain("VideoJS");
});
