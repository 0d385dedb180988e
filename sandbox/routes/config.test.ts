import { describe, expect, test } from "vitest";
import {
  ComuneConfigSchema,
  ContattiSchema,
  MenuFooterSchema,
  MenuSchema,
  ServiceDetailsSchema,
  ServiziSchema,
} from "#shared/api/tenant-config.ts";
import { createTestSandbox, hosts, maintenanceBasic } from "#tests/support/test-sandbox.ts";

const { http } = createTestSandbox();

async function get(host: string, path: string) {
  const res = await http
    .get(`/api-public/configComune/${path}`)
    .set("X-Forwarded-Host", host)
    .set("Authorization", maintenanceBasic);
  expect(res.status, `${host} ${path}`).toBe(200);
  expect(res.text).not.toContain("Roccaserena-2026");
  return res.body as unknown;
}

describe.each(Object.entries(hosts))("comune %s", (_key, host) => {
  test("every configuration answer parses with the portal's schemas", async () => {
    const comune = ComuneConfigSchema.parse(await get(host, "fromtenant"));
    expect(comune.tenant).toBe(host);
    // Valverde and Montealto offer the push opt-in; the third municipality has no firebase settings.
    if (host === hosts.c) expect(comune.firebase).toBeNull();
    else
      expect(comune.firebase).toMatchObject({ vapidKey: expect.any(String), projectId: expect.any(String) });
    MenuSchema.parse(await get(host, "menu"));
    MenuFooterSchema.parse(await get(host, "menufooter"));
    ContattiSchema.parse(await get(host, "contatti"));
    const servizi = ServiziSchema.parse(await get(host, "servizi"));
    expect(servizi.length).toBeGreaterThanOrEqual(10);
    for (const s of servizi) expect(s.categorie.length, s.nome).toBeGreaterThan(0);
    const details = ServiceDetailsSchema.parse(await get(host, "dettaglioServizi"));
    const codes = new Set(comune.assets.map((a) => a.codice));
    for (const d of details) {
      expect(
        servizi.some((s) => s.id === d.idServizio),
        d.titolo,
      ).toBe(true);
      if (d.asset) expect(codes.has(d.asset.codice), `${d.titolo} ${d.asset.codice}`).toBe(true);
    }
    expect(typeof (await get(host, "disservizio/policy"))).toBe("string");
  });

  test("the header and footer menus carry the Modello Comuni data-elements", async () => {
    const menu = MenuSchema.parse(await get(host, "menu"));
    if (host === hosts.b) {
      // Montealto has no website (cms false, issue #40): of the model's first-level entries it keeps only the
      // services one (the portal's catalogue serves it), never a link into the website that does not exist.
      expect(menu.main.map((m) => [m.dataElement, m.title])).toEqual([["all-services", "Servizi"]]);
    } else {
      expect(menu.main.map((m) => m.dataElement)).toEqual(["management", "news", "all-services", "live"]);
      expect(menu.main.slice(0, 3).map((m) => m.title)).toEqual(["Amministrazione", "Novità", "Servizi"]);
    }
    expect(menu.topics.at(-1)).toMatchObject({ title: "Tutti gli argomenti", dataElement: "all-topics" });
    const footer = MenuFooterSchema.parse(await get(host, "menufooter"));
    expect(footer.main.length).toBeLessThanOrEqual(4);
    const elements = [...footer.contacts, ...footer.smallPrint].map((m) => m.dataElement);
    for (const e of [
      "faq",
      "report-inefficiency",
      "privacy-policy-link",
      "legal-notes",
      "accessibility-link",
    ]) {
      expect(elements).toContain(e);
    }
    const declaration = footer.smallPrint.find((m) => m.dataElement === "accessibility-link");
    expect(declaration?.url).toMatch(/^https:\/\/form\.agid\.gov\.it\/view\/[0-9a-f-]{36}$/);
  });
});

test("the services use every category spelling the portal normalises", async () => {
  const raw = [hosts.a, hosts.b, hosts.c].map((h) => get(h, "servizi"));
  const all = (await Promise.all(raw)).flat() as Array<Record<string, unknown>>;
  const has = (pred: (s: Record<string, unknown>) => boolean) => expect(all.some(pred)).toBe(true);
  has((s) => typeof s.categoria_servizio === "object");
  has((s) => typeof s.categoriaServizio === "object");
  has((s) => typeof s.categoriaServizio === "string");
  has((s) => typeof s.categoriaSevizio === "object");
  has((s) => Array.isArray(s.categorie) && s.categorie.length > 1);
  has((s) => typeof s.link_servizio === "string");
  has((s) => typeof s.linkServizio === "string");
});

test("each municipality has its own assets and flags", async () => {
  const a = ComuneConfigSchema.parse(await get(hosts.a, "fromtenant"));
  const b = ComuneConfigSchema.parse(await get(hosts.b, "fromtenant"));
  const c = ComuneConfigSchema.parse(await get(hosts.c, "fromtenant"));
  expect(a.assets).toHaveLength(9);
  expect(a.assets.find((x) => x.codice === "DELEGHE")?.delegheMaxDays).toBe(365);
  expect(b.assets.find((x) => x.codice === "DELEGHE")?.delegheMaxDays).toBe(90);
  expect(a.assets.find((x) => x.codice === "APPSCHED")?.showPublic).toBe(true);
  expect(a).toMatchObject({
    cms: true,
    urlRicerca: "https://www.comune.valverde.it/ricerca",
    maintenance: false,
  });
  expect(b.assets.map((x) => x.codice).sort()).toEqual([
    "APPSCHED",
    "ASSISTENZA_CRM",
    "DELEGHE",
    "DISSERVIZIO_CRM",
    "NOTIFICATIONS",
    "PPAY",
  ]);
  expect(b.assets.find((x) => x.codice === "APPSCHED")?.showPublic).toBe(false);
  expect(b).toMatchObject({ cms: false, urlRicerca: null, regione: { nome: "Regione Lombardia" } });
  expect(c.maintenance).toBe(true);
});

test("the contacts block of Montealto carries markup the portal must sanitise", async () => {
  const contatti = ContattiSchema.parse(await get(hosts.b, "contatti"));
  expect(contatti.block.body).toContain("<script>alert(1)</script>");
  expect(contatti.block.body).toContain("onclick=");
  expect(contatti.social.title).toBe("Seguici su");
});
