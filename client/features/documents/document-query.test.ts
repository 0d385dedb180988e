import { expect, test } from "vitest";
import { documentSearchQuery, pagerItems, parseDocumentSearch, toContractDate } from "./document-query.ts";

const parse = (query: string) => parseDocumentSearch(new URLSearchParams(query));

test("defaults: newest first, first page of 20, no filters", () => {
  const parsed = parse("");
  expect(parsed.query).toEqual({ limit: 20, offset: 0, sort: "dataCreazione", order: "desc" });
  expect(parsed.filtered).toBe(false);
  expect(parsed.page).toBe(1);
});

test("filters, order and page become the upstream query (dates as dd/MM/yyyy)", () => {
  const parsed = parse(
    "ambito=2&descrizione=+certificato+&da=2025-03-01&a=2025-03-31&ordine=scadenza&pagina=2",
  );
  expect(parsed.query).toEqual({
    limit: 20,
    offset: 20,
    sort: "dataFine",
    order: "asc",
    idAmbito: 2,
    descrizione: "certificato",
    dtCreazioneDa: "01/03/2025",
    dtCreazioneA: "31/03/2025",
  });
  expect(parsed.filtered).toBe(true);
  expect(parsed.errors).toEqual({});
});

test("invalid or inverted dates get the original's messages and are left out of the query", () => {
  const invalid = parse("da=2025-02-30&a=ieri");
  expect(invalid.errors).toEqual({ da: "invalidDate", a: "invalidDate" });
  expect(invalid.query.dtCreazioneDa).toBeUndefined();
  const inverted = parse("da=2025-04-01&a=2025-03-01");
  expect(inverted.errors).toEqual({ da: "dateOrder" });
  expect(inverted.query.dtCreazioneA).toBeUndefined();
});

test("garbage in the address falls back to the defaults", () => {
  const parsed = parse("ambito=x&ordine=boh&pagina=-3");
  expect(parsed.values.ambito).toBe("");
  expect(parsed.values.ordine).toBe("recenti");
  expect(parsed.page).toBe(1);
});

test("the pager keeps the search and drops defaults", () => {
  const { values } = parse("descrizione=tari&ordine=recenti");
  expect(documentSearchQuery(values, 2)).toEqual({ descrizione: "tari", pagina: 2 });
  expect(documentSearchQuery(values, 1)).toEqual({ descrizione: "tari" });
  expect(toContractDate("2025-12-01")).toBe("01/12/2025");
});

test("pager items: first, last and neighbours, with gaps", () => {
  expect(pagerItems(1, 2)).toEqual([1, 2]);
  expect(pagerItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
  expect(pagerItems(1, 1)).toEqual([1]);
});
