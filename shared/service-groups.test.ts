import { describe, expect, test } from "vitest";
import { ServiziSchema } from "./api/tenant-config.ts";
import { UNCATEGORISED, groupServicesByCategory, categorySlug } from "./service-groups.ts";

const services = ServiziSchema.parse([
  { id: 1, nome: "Carta d'identità", categoria_servizio: { id: 1, nome: "Anagrafe e stato civile" } },
  { id: 2, nome: "Certificato di residenza", categoriaServizio: { id: 1, nome: "Anagrafe e stato civile" } },
  { id: 3, nome: "TARI", categoriaSevizio: [{ nome: "Tributi, finanze e contravvenzioni" }] },
  {
    id: 4,
    nome: "Mensa scolastica",
    categorie: [{ nome: "Educazione e formazione" }, { nome: "Tributi, finanze e contravvenzioni" }],
  },
  { id: 5, nome: "Segnalazioni", categoriaServizio: "Ambiente" },
  { id: 6, nome: "Servizio senza categoria" },
  { id: 7, nome: "Servizio spento", categorie: [{ nome: "Ambiente" }], servizio_attivo: false },
]);

describe("service categories", () => {
  test("every spelling of the category field is read, a single value becomes a list", () => {
    expect(services.map((s) => s.categorie)).toEqual([
      ["Anagrafe e stato civile"],
      ["Anagrafe e stato civile"],
      ["Tributi, finanze e contravvenzioni"],
      ["Educazione e formazione", "Tributi, finanze e contravvenzioni"],
      ["Ambiente"],
      [],
      ["Ambiente"],
    ]);
  });

  test("groups active services by category, uncategorised last", () => {
    const groups = groupServicesByCategory(services);
    expect(groups.map((g) => g.category)).toEqual([
      "Ambiente",
      "Anagrafe e stato civile",
      "Educazione e formazione",
      "Tributi, finanze e contravvenzioni",
      UNCATEGORISED,
    ]);
    expect(groups[3]!.services.map((s) => s.nome)).toEqual(["Mensa scolastica", "TARI"]);
    expect(groups.flatMap((g) => g.services).some((s) => s.nome === "Servizio spento")).toBe(false);
  });

  test("slugs are ASCII", () => {
    expect(categorySlug("Tributi, finanze e contravvenzioni")).toBe("tributi-finanze-e-contravvenzioni");
    expect(categorySlug("Mobilità e trasporti")).toBe("mobilita-e-trasporti");
  });
});
