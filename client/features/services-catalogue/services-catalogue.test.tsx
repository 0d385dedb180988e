// @vitest-environment happy-dom
import { expect, test } from "vitest";
import type { Servizio } from "#shared/api/tenant-config.ts";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { buildCatalogue, PAGE_SIZE, parseCatalogueQuery } from "./catalogue-model.ts";
import { ServicesCataloguePage } from "./services-catalogue-page.tsx";

const service = (id: number, nome: string, categorie: string[], descrizione = ""): Servizio => ({
  id: String(id),
  nome,
  descrizione,
  categorie,
  linkScheda: null,
  linkServizio: null,
  attivo: true,
  motivoStato: null,
});

const services: Servizio[] = [
  service(1, "Carta d'identità", ["Anagrafe e stato civile"], "Rilascio della CIE"),
  service(2, "Certificati", ["Anagrafe e stato civile"], "Residenza e stato di famiglia"),
  service(3, "Pagamento TARI", ["Tributi, finanze e contravvenzioni"], "Tassa sui rifiuti"),
  service(4, "Mensa scolastica", ["Educazione e formazione", "Salute, benessere e assistenza"]),
  service(5, "Biblioteca", []),
  ...Array.from({ length: 8 }, (_, i) => service(10 + i, `Servizio Z${i}`, ["Ambiente"])),
];

const query = (search = "") => parseCatalogueQuery(new URLSearchParams(search));

test("the query falls back on bad values", () => {
  expect(query("q=%20cie%20&categoria=Bad!&pagina=-3")).toEqual({ q: "cie", categoria: null, pagina: 1 });
  expect(query("pagina=2&categoria=ambiente")).toEqual({ q: "", categoria: "ambiente", pagina: 2 });
  expect(query(`q=${"x".repeat(200)}`).q).toBe("");
});

test("cards by name, the first page, and 'Carica altri' adding a page with the same filters", () => {
  const first = buildCatalogue(services, query());
  expect(first.total).toBe(13);
  expect(first.cards).toHaveLength(PAGE_SIZE);
  expect(first.cards[0]).toMatchObject({ nome: "Biblioteca", href: "/servizi/5", categoria: null });
  expect(first.loadMoreHref).toBe("/servizi?pagina=2#servizio-11");
  const second = buildCatalogue(services, query("pagina=2"));
  expect(second.cards).toHaveLength(12);
  expect(second.firstNewCardId).toBe("11");
  const third = buildCatalogue(services, query("pagina=3"));
  expect(third.cards).toHaveLength(13);
  expect(third.loadMoreHref).toBeNull();
});

test("search by words, ignoring case and accents, in name, description and category", () => {
  expect(buildCatalogue(services, query("q=IDENTITA")).cards.map((c) => c.id)).toEqual(["1"]);
  expect(buildCatalogue(services, query("q=residenza famiglia")).cards.map((c) => c.id)).toEqual(["2"]);
  expect(buildCatalogue(services, query("q=anagrafe")).total).toBe(2);
  expect(buildCatalogue(services, query("q=nulla")).total).toBe(0);
});

test("categories with counts; a category filters, keeps the search and the paging", () => {
  const all = buildCatalogue(services, query());
  expect(all.categories.map((c) => [c.nome, c.count])).toEqual([
    ["Ambiente", 8],
    ["Anagrafe e stato civile", 2],
    ["Educazione e formazione", 1],
    ["Salute, benessere e assistenza", 1],
    ["Tributi, finanze e contravvenzioni", 1],
    ["Altri servizi", 1],
  ]);
  const ambiente = buildCatalogue(services, query("categoria=ambiente&q=servizio"));
  expect(ambiente.category).toEqual({ nome: "Ambiente", slug: "ambiente" });
  expect(ambiente.total).toBe(8);
  expect(ambiente.loadMoreHref).toBe("/servizi?q=servizio&categoria=ambiente&pagina=2#servizio-16");
  expect(buildCatalogue(services, query("categoria=sconosciuta")).category).toBeNull();
});

test("the page carries the model's data-elements as real links", () => {
  const page = renderPage(
    <ServicesCataloguePage
      catalogue={buildCatalogue(services, query())}
      bookingHref="/servizi/prenotazione-appuntamento"
    />,
    { url: "/servizi" },
  );
  expect(page.getByRole("heading", { level: 1, name: "Servizi" })).toBeTruthy();
  expect(byDataElement(page.container, "service-link")).toHaveLength(PAGE_SIZE);
  expect(byDataElement(page.container, "service-link")[0]?.getAttribute("href")).toBe("/servizi/5");
  expect(byDataElement(page.container, "load-other-cards")[0]?.getAttribute("href")).toMatch(
    /^\/servizi\?pagina=2/,
  );
  expect(byDataElement(page.container, "appointment-booking")[0]?.getAttribute("href")).toBe(
    "/servizi/prenotazione-appuntamento",
  );
  expect(byDataElement(page.container, "service-category-link")).toHaveLength(6);
  expect(page.getByRole("search")).toBeTruthy();
  expect(page.getByRole("status").textContent).toBe("13 servizi trovati");
});
