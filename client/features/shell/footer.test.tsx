import { expect, test } from "vitest";
import { findByDataElement, renderToHtml } from "#client/components/ui/testing/render-to-html.tsx";
import { Footer } from "./footer.tsx";
import { comuneFixture, contattiFixture, menuFooterFixture } from "./tenant-fixture.ts";

const html = renderToHtml(
  <Footer comune={comuneFixture} menuFooter={menuFooterFixture} contatti={contattiFixture} />,
);
const footer = html.match(/<footer[\s\S]*<\/footer>/)?.[0] ?? "";

test("every configured data-element is a real link inside the <footer>", () => {
  expect(footer).toMatch(/^<footer class="it-footer" id="footer">/);
  const expected = [
    "faq",
    "report-inefficiency",
    "appointment-booking",
    "privacy-policy-link",
    "legal-notes",
    "accessibility-link",
  ];
  for (const value of expected) {
    const [link] = findByDataElement(footer, value);
    expect(link, value).toMatch(/^<a [^>]*href="[^"#]+"/);
  }
  expect(footer).toMatch(/<a [^>]*data-element="report-inefficiency"[^>]*>Segnalazione disservizio<\/a>/);
});

test("the footer shows the EU logo, the municipality and at most four menu blocks", () => {
  expect(footer).toMatch(/<img src="[^"]+" alt="Logo Unione Europea"/);
  expect(footer).toContain("<h2>Comune di Valverde</h2>");
  expect(footer).toContain("Organi di governo");
  expect(footer).toContain("Vivere il comune");
  expect(footer).not.toContain("Quinto blocco");
  expect(footer).toContain('<h3 class="h4">Categorie di servizio</h3>');
});

test("the contacts body is rendered as HTML and socials open a new window", () => {
  expect(footer).toContain("<p>Piazza Municipio 1<br>PEC:");
  expect(footer).toMatch(/href="https:\/\/facebook.com\/valverde" target="_blank" rel="noopener noreferrer"/);
  expect(footer).toContain("#it-facebook");
  expect(footer).toContain("#it-instagram");
  expect(footer).toContain("Seguici su");
});

test("external menu links get rel=noopener, portal paths stay plain links", () => {
  const [privacy] = findByDataElement(footer, "privacy-policy-link");
  expect(privacy).toContain('href="https://www.comune.valverde.it/privacy"');
  expect(privacy).toContain('rel="noopener"');
  const [faq] = findByDataElement(footer, "faq");
  expect(faq).toContain('href="/faq"');
  expect(faq).not.toContain("rel=");
});
