import { expect, test } from "vitest";
import { ServiziSchema } from "#shared/api/tenant-config.ts";
import { personalServices, searchable } from "./favourite-services.ts";

const servizi = ServiziSchema.parse([
  { id: 101, nome: "Carta d'identità elettronica", categoria_servizio: { nome: "Anagrafe" } },
  { id: 102, nome: "Certificati anagrafici", descrizione: "Online" },
  { id: 103, nome: "Pagamento TARI" },
  { id: "cms-x", nome: "Servizio dal CMS" },
]);

test("favourites first, then the others, each in the configuration's order", () => {
  const list = personalServices(servizi, [103, 999]);
  expect(list.map((s) => [s.id, s.favourite])).toEqual([
    ["103", true],
    ["101", false],
    ["102", false],
    ["cms-x", false],
  ]);
  expect(list[1]).toMatchObject({ category: "Anagrafe", favouriteId: 101 });
  expect(list[3]!.favouriteId).toBeNull();
});

test("search by name ignores case and accents", () => {
  expect(personalServices(servizi, [], "IDENTITA").map((s) => s.id)).toEqual(["101"]);
  expect(personalServices(servizi, [], "nessuno")).toEqual([]);
  expect(searchable("  Città  Facile ")).toBe("citta facile");
});
