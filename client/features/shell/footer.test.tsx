// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { comuneFixture, contattiFixture, menuFooterFixture } from "#tests/support/tenant-fixture.ts";
import { iconSymbols } from "#client/components/icon-symbols.ts";
import { Footer } from "./footer.tsx";

const render = () =>
  renderPage(<Footer comune={comuneFixture} menuFooter={menuFooterFixture} contatti={contattiFixture} />);

test("every configured data-element is a real link inside the <footer>", () => {
  const page = render();
  const footer = page.getByRole("contentinfo");
  expect(footer.id).toBe("footer");
  const expected = [
    "faq",
    "report-inefficiency",
    "appointment-booking",
    "privacy-policy-link",
    "legal-notes",
    "accessibility-link",
  ];
  for (const value of expected) {
    const [link] = byDataElement(footer, value);
    expect(link?.tagName, value).toBe("A");
    expect(link?.getAttribute("href"), value).toMatch(/^[^#]+$/);
  }
  expect(page.getByRole("link", { name: "Segnalazione disservizio" }).dataset.element).toBe(
    "report-inefficiency",
  );
});

test("the footer shows the EU logo, the municipality and at most four menu blocks", () => {
  const page = render();
  expect(page.getByRole("img", { name: "Logo Unione Europea" }).getAttribute("src")).toBeTruthy();
  expect(page.getByRole("heading", { level: 2, name: "Comune di Valverde" })).toBeTruthy();
  expect(page.getByRole("link", { name: "Organi di governo" })).toBeTruthy();
  expect(page.getByRole("link", { name: "Vivere il comune" })).toBeTruthy();
  expect(page.queryByText("Quinto blocco")).toBeNull();
  expect(page.getByRole("heading", { level: 3, name: "Categorie di servizio" })).toBeTruthy();
});

test("the contacts body is rendered as HTML and socials open a new window", () => {
  const page = render();
  const pec = page.getByRole("link", { name: "pec@valverde.it" });
  expect(pec.closest("p")?.textContent).toBe("Piazza Municipio 1PEC: pec@valverde.it");
  const facebook = page.container.querySelector('a[href="https://facebook.com/valverde"]')!;
  expect(facebook.getAttribute("target")).toBe("_blank");
  expect(facebook.getAttribute("rel")).toBe("noopener noreferrer");
  const shapes = [...page.container.querySelectorAll("svg.icon path")].map((path) => path.getAttribute("d"));
  for (const name of ["it-facebook", "it-instagram"])
    expect(shapes).toContain(/ d="([^"]+)"/.exec(iconSymbols.get(name)!)![1]);
  expect(page.getByText("Seguici su")).toBeTruthy();
});

test("menu links are plain same-window links, external or not (no rel: noopener only matters for new windows)", () => {
  const page = render();
  const [privacy] = byDataElement(page.container, "privacy-policy-link");
  expect(privacy?.getAttribute("href")).toBe("https://www.comune.valverde.it/privacy");
  expect(privacy?.hasAttribute("rel")).toBe(false);
  expect(privacy?.hasAttribute("target")).toBe(false);
  const [faq] = byDataElement(page.container, "faq");
  expect(faq?.getAttribute("href")).toBe("/faq");
  expect(faq?.hasAttribute("rel")).toBe(false);
});

test("no footer menus nor contacts upstream (the published BFF): the portal's own links, no empty heading", () => {
  const empty = { main: [], contacts: [], smallPrint: [] };
  const none = { block: { title: "", body: "" }, social: { title: "", channels: [] } };
  const page = renderPage(
    <Footer
      comune={comuneFixture}
      menuFooter={empty}
      contatti={none}
      ownLinks={{ booking: true, assistance: true, report: null, accessibility: null }}
    />,
  );
  const footer = page.getByRole("contentinfo");
  const hrefOf = (element: string) => byDataElement(footer, element)[0]?.getAttribute("href");
  expect(hrefOf("faq")).toBe("/faq");
  expect(hrefOf("appointment-booking")).toBe("/servizi/prenotazione-appuntamento");
  expect(hrefOf("privacy-policy-link")).toBe("/privacy");
  expect(hrefOf("legal-notes")).toBe("/note-legali");
  expect(page.getByRole("link", { name: "Richiesta d'assistenza" }).getAttribute("href")).toBe(
    "/nuova-richiesta",
  );
  // A municipality without disruption reports gets no link to them; no "Contatti" heading over nothing.
  expect(byDataElement(footer, "report-inefficiency")).toHaveLength(0);
  expect(byDataElement(footer, "accessibility-link")).toHaveLength(0);
  expect(page.queryByRole("heading", { name: "Contatti" })).toBeNull();
});

test("the tenants file's links where the upstream sends no footer menus: the accessibility statement, a report by e-mail", () => {
  const empty = { main: [], contacts: [], smallPrint: [] };
  const none = { block: { title: "", body: "" }, social: { title: "", channels: [] } };
  const statement = "https://form.agid.gov.it/view/c41d9e02-6f3a-4b7e-8d15-92a0e7b3f6c8";
  const page = renderPage(
    <Footer
      comune={comuneFixture}
      menuFooter={empty}
      contatti={none}
      ownLinks={{
        booking: false,
        assistance: false,
        report: "mailto:urp@comune.example.it",
        accessibility: statement,
      }}
    />,
  );
  const footer = page.getByRole("contentinfo");
  const [declaration] = byDataElement(footer, "accessibility-link");
  expect(declaration?.getAttribute("href")).toBe(statement);
  expect(declaration?.textContent).toContain("Dichiarazione di accessibilità");
  const [report] = byDataElement(footer, "report-inefficiency");
  expect(report?.getAttribute("href")).toBe("mailto:urp@comune.example.it");
  expect(report?.textContent).toBe("Segnalazione disservizio");
});
