import { expect, test } from "vitest";
import { ComuneConfigSchema, notifyServiceTitle, type TenantConfig } from "./tenant-config.ts";

const card = (titolo: string, codiceNotifiche: string | null) =>
  ({ titolo, codiceNotifiche }) as TenantConfig["dettagli"][number];

const config = (names: Record<string, string> | null, dettagli: TenantConfig["dettagli"]) =>
  ({ comune: { nomiServiziNotifiche: names }, dettagli }) as unknown as Pick<
    TenantConfig,
    "comune" | "dettagli"
  >;

test("a notification service is titled by its one service card", () => {
  const c = config({ valverde_tari: "Tributi" }, [card("Pagamento TARI", "valverde_tari")]);
  expect(notifyServiceTitle(c, "valverde_tari")).toBe("Pagamento TARI");
});

test("a code shared by several cards, or on none, reads the service's own name, never the code", () => {
  const c = config({ valverde_anagrafe: "Anagrafe e stato civile", valverde_eventi: "Eventi" }, [
    card("Carta d'identità elettronica", "valverde_anagrafe"),
    card("Certificati anagrafici", "valverde_anagrafe"),
  ]);
  expect(notifyServiceTitle(c, "valverde_anagrafe")).toBe("Anagrafe e stato civile");
  expect(notifyServiceTitle(c, "valverde_eventi")).toBe("Eventi");
});

test("without an own name: the first card's title; the code only when nothing names it", () => {
  const c = config(null, [card("Carta d'identità", "anagrafe"), card("Certificati", "anagrafe")]);
  expect(notifyServiceTitle(c, "anagrafe")).toBe("Carta d'identità");
  expect(notifyServiceTitle(c, "sconosciuto")).toBe("sconosciuto");
});

test("the names are optional and an invalid value is dropped, not fatal", () => {
  const base = {
    nome: "Comune di Valverde",
    regione: { nome: "Piemonte", link: "https://regione" },
    codiceEnte: "c_v001",
    homePage: "https://valverde",
  };
  expect(ComuneConfigSchema.parse(base).nomiServiziNotifiche).toBeUndefined();
  expect(
    ComuneConfigSchema.parse({ ...base, nomiServiziNotifiche: { a: "Anagrafe" } }).nomiServiziNotifiche,
  ).toEqual({ a: "Anagrafe" });
  expect(
    ComuneConfigSchema.parse({ ...base, nomiServiziNotifiche: { a: "" } }).nomiServiziNotifiche,
  ).toBeNull();
});
