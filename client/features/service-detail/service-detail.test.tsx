// @vitest-environment happy-dom
import { expect, test } from "vitest";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import {
  comuneFixture,
  contattiFixture,
  menuFixture,
  menuFooterFixture,
} from "#tests/support/tenant-fixture.ts";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { moonAccessHref } from "#client/lib/upstream-links.ts";
import { buildServiceDetail } from "./service-detail-model.ts";
import { ServiceDetailPage } from "./service-detail-page.tsx";

const asset = (codice: string) => ({ codice, showPublic: true });
const service = (id: string, extra: Partial<TenantConfig["servizi"][number]> = {}) => ({
  id,
  nome: `Servizio ${id}`,
  descrizione: `Descrizione ${id}`,
  categorie: ["Anagrafe e stato civile"],
  linkScheda: `https://www.comune.valverde.it/servizi/${id}`,
  linkServizio: `/servizi/${id}`,
  attivo: true,
  ...extra,
});
const detail = (idServizio: string, extra: Partial<TenantConfig["dettagli"][number]> = {}) => ({
  titolo: `Servizio ${idServizio}`,
  idServizio,
  delegabile: false,
  ...extra,
});

const config: TenantConfig = {
  comune: {
    ...comuneFixture,
    assets: ["MOON", "APPSCHED", "DELEGHE", "ASSISTENZA_CRM"].map(asset),
  },
  menu: menuFixture,
  menuFooter: menuFooterFixture,
  contatti: contattiFixture,
  servizi: [
    service("102"),
    service("202", {
      linkServizio: "https://www.anagrafenazionale.interno.it/",
      linkScheda: null,
      categorie: [],
    }),
    service("113", { attivo: false }),
    service("300", { linkServizio: "javascript:alert(1)", descrizione: "" }),
  ],
  dettagli: [
    detail("102", { moduloMoon: "CERT_ANAG", delegabile: true, noteDelega: "Nota delega", idFaq: 121 }),
    detail("202"),
  ],
};

const origin = "https://servizi.comune.valverde.it";

test("a service with a Moon form links to the forms module with its deep-link parameters", () => {
  const view = buildServiceDetail(config, "102", origin)!;
  expect(view.access).toEqual({
    kind: "document",
    href: moonAccessHref({ moduloMoon: "CERT_ANAG", codiceEnte: "c_v001", backUrl: `${origin}/servizi/102` }),
  });
  const url = new URL(view.access!.href, origin);
  expect(url.pathname).toBe("/moonfobl/accesso/gasprp_salute");
  expect(Object.fromEntries(url.searchParams)).toEqual({
    consumer: "cittafacile",
    service: "new",
    back_url: `${origin}/servizi/102`,
    codice_ente: "c_v001",
    codice_modulo: "CERT_ANAG",
  });
  // No competent office in the detail: the general booking, never a variant that would not know the service.
  expect(view.bookingHref).toBe("/servizi/prenotazione-appuntamento");
  expect(view.delegation).toEqual({ note: "Nota delega" });
  expect(view.contacts.faqHref).toBe("/faq/121/dettagli");
  expect(view.contacts.assistanceHref).toBe("/nuova-richiesta");
  expect(view.categorie).toEqual([
    { nome: "Anagrafe e stato civile", href: "/#categoria-anagrafe-e-stato-civile" },
  ]);
});

test("without Moon the configured address is used, never the page itself or a script address", () => {
  expect(buildServiceDetail(config, "202", origin)?.access).toEqual({
    kind: "external",
    href: "https://www.anagrafenazionale.interno.it/",
  });
  expect(buildServiceDetail(config, "300", origin)?.access).toBeNull();
  const noMoon = { ...config, comune: { ...config.comune, assets: [] } };
  const view = buildServiceDetail(noMoon, "102", origin)!;
  expect(view.access).toBeNull();
  expect(view.bookingHref).toBeNull();
  expect(view.delegation).toBeNull();
  expect(view.contacts.assistanceHref).toBeNull();
});

test("an inactive service offers no access and no booking", () => {
  const view = buildServiceDetail(config, "113", origin)!;
  expect(view.attivo).toBe(false);
  expect(view.access).toBeNull();
  expect(view.bookingHref).toBeNull();
});

test("a service with a competent office books from the service, the others through the general booking", () => {
  const withOffice = {
    ...config,
    dettagli: [...config.dettagli.filter((d) => d.idServizio !== "202"), detail("202", { idSportello: 7 })],
  };
  expect(buildServiceDetail(withOffice, "202", origin)!.bookingHref).toBe(
    "/servizi/prenotazione-appuntamento-2?servizio=202",
  );
  expect(buildServiceDetail(withOffice, "102", origin)!.bookingHref).toBe(
    "/servizi/prenotazione-appuntamento",
  );
});

test("unknown or malformed ids find nothing", () => {
  for (const id of ["999", "", "../102", "102?x", "a".repeat(65)])
    expect(buildServiceDetail(config, id, origin)).toBeNull();
});

test("the page follows the scheda servizio structure with only the sections that have content", () => {
  const page = renderPage(
    <ServiceDetailPage
      service={buildServiceDetail(config, "102", origin)!}
      municipality="Comune di Valverde"
    />,
  );
  const inPage = (value: string) => byDataElement(page.container, value);
  expect(inPage("service-title")[0]?.tagName).toBe("H1");
  expect(page.getByRole("heading", { level: 1, name: "Servizio 102" })).toBe(inPage("service-title")[0]);
  expect(inPage("service-status")).toHaveLength(1);
  expect(inPage("service-description")[0]?.tagName).toBe("P");
  expect(inPage("breadcrumb")).toHaveLength(1);
  const [index] = inPage("page-index");
  expect([...index!.querySelectorAll(".title-medium")].map((title) => title.textContent)).toEqual([
    "Accedi al servizio",
    "Delega",
    "Ulteriori informazioni",
    "Contatti",
  ]);
  const [access] = inPage("service-online-access");
  expect(access?.tagName).toBe("A");
  expect(access?.getAttribute("href")).toMatch(/^\/moonfobl\/accesso\//);
  expect(inPage("appointment-booking")[0]?.getAttribute("href")).toBe("/servizi/prenotazione-appuntamento");
  expect(inPage("service-booking-access")).toHaveLength(1);
  expect(inPage("service-area")).toHaveLength(1);
  const trail = page.getByRole("navigation", { name: "Percorso di navigazione" });
  expect([...trail.querySelectorAll("li")].map((item) => item.textContent?.replace("/", ""))).toEqual([
    "Home",
    "Servizi",
    "Anagrafe e stato civile",
    "Servizio 102",
  ]);

  const bare = renderPage(
    <ServiceDetailPage
      service={{
        ...buildServiceDetail(config, "300", origin)!,
        linkScheda: null,
        bookingHref: null,
        contacts: { block: null, assistanceHref: null, faqHref: null },
      }}
      municipality="Comune di Valverde"
    />,
  );
  expect(byDataElement(bare.container, "page-index")).toHaveLength(0);
  expect(byDataElement(bare.container, "service-description")).toHaveLength(0);
});

test("an inactive service says so in its status and access section", () => {
  const page = renderPage(
    <ServiceDetailPage
      service={buildServiceDetail(config, "113", origin)!}
      municipality="Comune di Valverde"
    />,
  );
  expect(page.getAllByText("Servizio non attivo").length).toBeGreaterThan(0);
  expect(page.getByText(/^Il servizio non è attivo in questo momento\./)).toBeTruthy();
  expect(byDataElement(page.container, "service-online-access")).toHaveLength(0);
  expect(byDataElement(page.container, "appointment-booking")).toHaveLength(0);
});
