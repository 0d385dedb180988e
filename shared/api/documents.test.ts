import { expect, test } from "vitest";
import { DocumentAreasSchema, DocumentFileSchema, DocumentPageSchema } from "./documents.ts";
import { FavouriteIdsSchema } from "./favourites.ts";

test("areas, pages and files in the contract's shapes", () => {
  expect(DocumentAreasSchema.parse({ ambiti: [{ idAmbito: 1, denominazione: "Tributi" }] })).toEqual([
    { idAmbito: 1, denominazione: "Tributi" },
  ]);
  expect(DocumentAreasSchema.parse({ ambiti: null })).toEqual([]);
  const page = DocumentPageSchema.parse({
    documenti: [
      {
        uuid: "u",
        descrizione: "Avviso",
        dtaCreazione: "2025-01-01T00:00:00Z",
        ambito: { denominazione: "Tributi" },
        tipologia: { descrizione: "PDF", estensione: "pdf" },
      },
    ],
    totalElements: 1,
  });
  expect(page.documenti[0]!.dtaFine).toBeUndefined();
  expect(DocumentPageSchema.parse({ totalElements: 0 }).documenti).toEqual([]);
  expect(DocumentPageSchema.parse({ documenti: null }).documenti).toEqual([]);
  // An object of another shape (an error body) is no empty page: "no documents" would be untrue.
  expect(DocumentPageSchema.safeParse({}).success).toBe(false);
  expect(DocumentPageSchema.safeParse({ unexpected: true, content: "x" }).success).toBe(false);
  expect(DocumentAreasSchema.safeParse({ error: "x" }).success).toBe(false);
  expect(DocumentFileSchema.parse({ documento: { filename: "a.pdf", content: "AA==" } })).toMatchObject({
    filename: "a.pdf",
  });
  expect(() => DocumentFileSchema.parse({ documento: { filename: "a.pdf" } })).toThrow();
});

test('favourites: numbers, numeric strings and the BFF\'s literal "[]"', () => {
  expect(FavouriteIdsSchema.parse([101, "104"])).toEqual([101, 104]);
  expect(FavouriteIdsSchema.parse("[]")).toEqual([]);
  expect(FavouriteIdsSchema.parse("[5]")).toEqual([5]);
  expect(FavouriteIdsSchema.parse(null)).toEqual([]);
  expect(() => FavouriteIdsSchema.parse({})).toThrow();
});
