import { expect, test } from "vitest";
import { bootstrapItaliaClasses, classNamesInCss, selectorPreludes } from "./bootstrap-italia-classes.ts";

test("selectors are read from style rules, inside @media too, never from declarations or keyframes", () => {
  const css = `@charset "UTF-8";:root{--x: '.not-a-class{'}
    .a,.b > .c:hover{margin:.5rem;background:url("x.svg#.nope")}
    @media (min-width:992px){.d .e{width:50%}}
    @keyframes spin{0%{opacity:.1}12.5%{opacity:1}}
    @font-face{font-family:x;src:url(a.woff2)}
    .f::after{content:"."}`;
  expect(selectorPreludes(css)).toEqual([":root", ".a,.b > .c:hover", ".d .e", ".f::after"]);
  expect([...classNamesInCss(css)].sort()).toEqual(["a", "b", "c", "d", "e", "f"]);
});

test("escaped identifiers are unescaped", () => {
  expect([...classNamesInCss(".w-1\\/2{x:y} .\\31 0col{x:y} .md\\:flex{x:y}")].sort()).toEqual([
    "10col",
    "md:flex",
    "w-1/2",
  ]);
});

test("the shipped stylesheet yields the bootstrap-italia classes the portal relies on", () => {
  const classes = bootstrapItaliaClasses();
  expect(classes.size).toBeGreaterThan(1500);
  for (const name of [
    "container",
    "row",
    "col-lg-10",
    "btn",
    "btn-primary",
    "it-header-wrapper",
    "it-header-slim-wrapper",
    "it-footer",
    "breadcrumb",
    "breadcrumb-item",
    "card",
    "card-body",
    "chip",
    "chip-label",
    "link-list",
    "visually-hidden",
    "rating",
    "callout",
    "form-control",
    "navbar-nav",
  ])
    expect(classes, name).toContain(name);
  for (const name of ["toast-region", "bg-grey-card", "rating-followup", "faq-answer", "5rem", "svg"])
    expect(classes, name).not.toContain(name);
});
