import { expect, test } from "vitest";
import { INSTANCE_CODE_PATTERN, IstanzePageSchema, IstanzaSchema, MoonIdentitySchema } from "./moon.ts";

const istanza = {
  codiceIstanza: "MOON-2026-000003",
  codiceModulo: "CAMBIO_RES",
  created: "2026-03-21T11:00:00.000Z",
  modulo: {
    codiceModulo: "CAMBIO_RES",
    descrizioneModulo: "Dichiarazione di cambio di residenza",
    versione: "2",
  },
  stato: { codice: "BOZZA", descrizione: "Bozza" },
  altro: true,
};

test("an instance page of the contract parses, unknown fields and status codes kept", () => {
  const page = IstanzePageSchema.parse({
    items: [
      istanza,
      { ...istanza, codiceIstanza: "X1", stato: { codice: "RESPINTA", descrizione: "Respinta" } },
    ],
    totalElements: 2,
    totalPages: 1,
  });
  expect(page.items[0]).toMatchObject({ altro: true, modulo: { versione: "2" } });
  expect(page.items[1]!.stato.codice).toBe("RESPINTA");
  expect(IstanzePageSchema.parse({ items: [], totalElements: 0 }).totalPages).toBeUndefined();
});

test("a code the portal would put in a path must be plain", () => {
  for (const bad of ["../x", "a/b", "", "a b", "a%2Fb", "x".repeat(65)]) {
    expect(INSTANCE_CODE_PATTERN.test(bad)).toBe(false);
    expect(IstanzaSchema.safeParse({ ...istanza, codiceIstanza: bad }).success).toBe(false);
  }
});

test("an instance without its form description, date or status is refused", () => {
  expect(IstanzaSchema.safeParse({ ...istanza, created: "ieri" }).success).toBe(false);
  expect(IstanzaSchema.safeParse({ ...istanza, modulo: {} }).success).toBe(false);
  expect(IstanzaSchema.safeParse({ ...istanza, stato: undefined }).success).toBe(false);
  expect(IstanzePageSchema.safeParse({ items: [istanza] }).success).toBe(false);
});

test("the identity answer needs a token", () => {
  expect(MoonIdentitySchema.parse({ idMoonToken: "a.b.c", altro: 1 }).idMoonToken).toBe("a.b.c");
  expect(MoonIdentitySchema.safeParse({ idMoonToken: "" }).success).toBe(false);
});
