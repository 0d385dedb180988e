// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { ServiceDetailSchema, type TenantConfig } from "#shared/api/tenant-config.ts";
import {
  comuneFixture,
  contattiFixture,
  menuFixture,
  menuFooterFixture,
} from "#tests/support/tenant-fixture.ts";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { moonAccessHref } from "#client/lib/upstream-links.ts";
import { buildServiceDetail, jsonLdText } from "./service-detail-model.ts";
import { ServiceDetailPage } from "./service-detail-page.tsx";
import { formatDate } from "#shared/dates.ts";

/** What the route's loader passes for an Italian page. */
const formatDay = (day: string) => formatDate(day, "d MMMM yyyy", "it");

type JsonLd = {
  "@type"?: string;
  name?: string;
  serviceType?: string;
  serviceOperator?: { name?: string };
  areaServed?: { name?: string };
  audience?: { audienceType?: string };
  availableChannel?: {
    serviceUrl?: string;
    serviceLocation?: {
      name?: string;
      address?: { streetAddress?: string; postalCode?: string; addressLocality?: string };
    };
  };
};

const asset = (codice: string) => ({ codice, showPublic: true });
const service = (id: string, extra: Partial<TenantConfig["servizi"][number]> = {}) => ({
  id,
  nome: `Servizio ${id}`,
  descrizione: `Descrizione ${id}`,
  categorie: ["Anagrafe e stato civile"],
  linkScheda: `https://www.comune.valverde.it/servizi/${id}`,
  linkServizio: `/servizi/${id}`,
  attivo: true,
  motivoStato: null,
  ...extra,
});
const office = {
  nome: "Ufficio Anagrafe",
  indirizzo: { via: "Piazza Municipio, 1", cap: "10090", comune: "Valverde" },
  telefono: "011 123",
};
const sheet = {
  destinatari: "Residenti",
  comeFare: "Compila la domanda",
  cosaServe: ["Un documento", "Una foto"],
  cosaSiOttiene: "Il certificato",
  tempi: "Subito",
  scadenze: [{ titolo: "Chiusura", data: "2026-07-15" }],
  costi: "16 euro",
  condizioni: { titolo: "Condizioni di servizio", url: "https://www.comune.valverde.it/c.pdf" },
  ufficio: office,
  argomenti: ["Anagrafe"],
  pubblico: "Cittadini residenti",
  tipo: "Anagrafe e stato civile",
};
const detail = (idServizio: string, extra: Record<string, unknown> = {}) =>
  ServiceDetailSchema.parse({ titolo: `Servizio ${idServizio}`, idServizio, ...extra });

const config: TenantConfig = {
  comune: {
    ...comuneFixture,
    urlModuli: "http://127.0.0.1:4000/moonfobl",
    assets: ["MOON", "APPSCHED", "DELEGHE", "ASSISTENZA_CRM", "PPAY", "DISSERVIZIO_CRM"].map(asset),
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
    service("113", { attivo: false, motivoStato: "Sospeso per lavori" }),
    service("300", { linkServizio: "javascript:alert(1)", descrizione: "" }),
    service("104", { linkServizio: "/servizi/pagamenti/104" }),
    service("110", { linkServizio: "/servizi/segnalazioni/nuova" }),
  ],
  dettagli: [
    detail("102", {
      moduloMoon: "CERT_ANAG",
      delegabile: true,
      noteDelega: "Nota delega",
      idFaq: 121,
      scheda: sheet,
    }),
    detail("202"),
    detail("113", {
      scheda: {
        ...sheet,
        ufficio: { nome: "Servizi sociali", videochiamata: "https://meet.example.it/sociali" },
      },
    }),
    detail("104", { scheda: sheet, asset: { codice: "PPAY" } }),
  ],
};

const origin = "https://servizi.comune.valverde.it";

test("a Moon service links to the configured forms front office with its deep-link parameters", () => {
  const view = buildServiceDetail(config, "102", origin, formatDay)!;
  expect(view.access).toEqual({
    kind: "external",
    href: moonAccessHref({
      baseUrl: "http://127.0.0.1:4000/moonfobl",
      moduloMoon: "CERT_ANAG",
      codiceEnte: "c_v001",
      backUrl: `${origin}/servizi/102`,
    }),
  });
  const url = new URL(view.access!.href);
  expect(url.origin).toBe("http://127.0.0.1:4000");
  expect(url.pathname).toBe("/moonfobl/accesso/gasprp_salute");
  expect(Object.fromEntries(url.searchParams)).toEqual({
    consumer: "cittafacile",
    service: "new",
    back_url: `${origin}/servizi/102`,
    codice_ente: "c_v001",
    codice_modulo: "CERT_ANAG",
  });
  // No competent office in the detail: the general booking, never a variant that would not know the service.
  expect(view.booking).toEqual({ href: "/servizi/prenotazione-appuntamento", fromService: false });
  expect(view.delegation).toEqual({ note: "Nota delega" });
  expect(view.contacts.faqHref).toBe("/faq/121/dettagli");
  expect(view.categorie).toEqual([
    { nome: "Anagrafe e stato civile", href: "/servizi?categoria=anagrafe-e-stato-civile" },
  ]);
  expect(view.argomenti).toEqual(["Anagrafe"]);
});

test("without a configured forms URL a Moon service has no online access (never a portal path)", () => {
  const noUrl = { ...config, comune: { ...config.comune, urlModuli: null } };
  expect(buildServiceDetail(noUrl, "102", origin, formatDay)!.access).toBeNull();
});

test("online access only to real places: external https, or portal pages that exist", () => {
  expect(buildServiceDetail(config, "202", origin, formatDay)?.access).toEqual({
    kind: "external",
    href: "https://www.anagrafenazionale.interno.it/",
  });
  expect(buildServiceDetail(config, "300", origin, formatDay)?.access).toBeNull();
  // The payment service page (issue #10) is served.
  expect(buildServiceDetail(config, "104", origin, formatDay)?.access).toEqual({
    kind: "route",
    href: "/servizi/pagamenti/104",
  });
  expect(buildServiceDetail(config, "110", origin, formatDay)?.access).toEqual({
    kind: "route",
    href: "/servizi/segnalazioni/nuova",
  });
  // A page of the portal whose service the municipality (or its upstream) does not offer: no online access.
  const noReports = { ...config, comune: { ...config.comune, assets: [asset("PPAY")] } };
  expect(buildServiceDetail(noReports, "110", origin, formatDay)?.access).toBeNull();
  expect(buildServiceDetail(noReports, "104", origin, formatDay)?.access?.href).toBe(
    "/servizi/pagamenti/104",
  );
  const noAssets = { ...config, comune: { ...config.comune, assets: [] } };
  const view = buildServiceDetail(noAssets, "102", origin, formatDay)!;
  expect(view.access).toBeNull();
  expect(view.booking).toBeNull();
  expect(view.delegation).toBeNull();
  expect(view.contacts.assistanceHref).toBeNull();
});

test("a service with a competent office books from the service, the others through the general booking", () => {
  const withOffice = {
    ...config,
    dettagli: [...config.dettagli.filter((d) => d.idServizio !== "202"), detail("202", { idSportello: 7 })],
  };
  expect(buildServiceDetail(withOffice, "202", origin, formatDay)!.booking).toEqual({
    href: "/servizi/prenotazione-appuntamento-2?servizio=202",
    fromService: true,
  });
  expect(buildServiceDetail(withOffice, "102", origin, formatDay)!.booking?.href).toBe(
    "/servizi/prenotazione-appuntamento",
  );
});

test("unknown or malformed ids find nothing", () => {
  for (const id of ["999", "", "../102", "102?x", "a".repeat(65)])
    expect(buildServiceDetail(config, id, origin, formatDay)).toBeNull();
});

test("an invalid sheet from the upstream is dropped, not fatal", () => {
  expect(detail("1", { scheda: { destinatari: "" } }).scheda).toBeNull();
});

test("the JSON-LD is a GovernmentService with the fields the checker reads, safe inside a script", () => {
  const view = buildServiceDetail(config, "102", origin, formatDay)!;
  const json = JSON.parse(jsonLdText(view.jsonLd)) as JsonLd;
  expect(json["@type"]).toBe("GovernmentService");
  expect(json.name).toBe("Servizio 102");
  expect(json.serviceType).toBe("Anagrafe e stato civile");
  expect(json.serviceOperator?.name).toBe("Comune di Valverde");
  expect(json.areaServed?.name).toBe("Comune di Valverde");
  expect(json.audience?.audienceType).toBe("Cittadini residenti");
  expect(json.availableChannel?.serviceUrl).toMatch(/^http:\/\/127\.0\.0\.1:4000\/moonfobl\//);
  expect(json.availableChannel?.serviceLocation?.name).toBe("Ufficio Anagrafe");
  expect(json.availableChannel?.serviceLocation?.address).toMatchObject({
    streetAddress: "Piazza Municipio, 1",
    postalCode: "10090",
    addressLocality: "Valverde",
  });
  expect(jsonLdText({ name: "</script><b>" })).not.toContain("</script>");
});

test("the page follows the scheda servizio in the model's order, each section with its data-element", () => {
  const page = renderPage(
    <ServiceDetailPage service={buildServiceDetail(config, "102", origin, formatDay)!} nonce="n1" />,
  );
  const inPage = (value: string) => byDataElement(page.container, value);
  expect(inPage("service-title")[0]?.tagName).toBe("H1");
  expect(page.getByRole("heading", { level: 1, name: "Servizio 102" })).toBe(inPage("service-title")[0]);
  expect(inPage("service-status")).toHaveLength(1);
  expect(inPage("service-description")[0]?.tagName).toBe("P");
  expect(inPage("service-topic").map((e) => e.textContent)).toEqual(["Anagrafe"]);
  const [index] = inPage("page-index");
  expect([...index!.querySelectorAll(":scope > li > a")].map((a) => a.textContent)).toEqual([
    "A chi è rivolto",
    "Come fare",
    "Cosa serve",
    "Cosa si ottiene",
    "Tempi e scadenze",
    "Quanto costa",
    "Accedi al servizio",
    "Delega",
    "Condizioni di servizio",
    "Contatti",
    "Ulteriori informazioni",
  ]);
  // One heading per section ("Cosa serve" is not repeated).
  expect(page.getAllByRole("heading", { name: "Cosa serve" })).toHaveLength(1);
  for (const name of ["service-addressed", "service-how-to", "service-needed", "service-achieved"])
    expect(inPage(name)[0]?.textContent?.trim().length, name).toBeGreaterThanOrEqual(3);
  expect(inPage("service-calendar-text")[0]?.textContent).toBe("Subito");
  expect(inPage("service-calendar-list")[0]?.querySelectorAll("li")).toHaveLength(1);
  // the day comes written out by the loader; the machine-readable one stays in `datetime`
  const day = inPage("service-calendar-list")[0]?.querySelector("time");
  expect(day?.textContent).toBe("15 luglio 2026");
  expect(day?.getAttribute("datetime")).toBe("2026-07-15");
  expect(inPage("service-file")[0]?.getAttribute("href")).toBe("https://www.comune.valverde.it/c.pdf");
  const [area] = inPage("service-area");
  expect(area?.textContent).toContain("Indirizzo");
  expect(area?.textContent).toContain("Piazza Municipio, 1, 10090 Valverde");
  const [access] = inPage("service-online-access");
  expect(access?.getAttribute("href")).toMatch(/^http:\/\/127\.0\.0\.1:4000\/moonfobl\/accesso\//);
  expect(inPage("appointment-booking")[0]?.getAttribute("href")).toBe("/servizi/prenotazione-appuntamento");
  const [metatag] = inPage("metatag");
  expect(metatag?.tagName).toBe("SCRIPT");
  expect(metatag?.getAttribute("type")).toBe("application/ld+json");
  expect(JSON.parse(metatag!.textContent!).name).toBe("Servizio 102");
  const trail = page.getByRole("navigation", { name: "Percorso di navigazione" });
  expect([...trail.querySelectorAll("li")].map((item) => item.textContent?.replace("/", ""))).toEqual([
    "Home",
    "Servizi",
    "Anagrafe e stato civile",
    "Servizio 102",
  ]);
  expect(trail.querySelectorAll("a")[1]?.getAttribute("href")).toBe("/servizi");

  const bare = renderPage(
    <ServiceDetailPage
      service={{
        ...buildServiceDetail(config, "300", origin, formatDay)!,
        linkScheda: null,
        booking: null,
        contacts: { assistanceHref: null, faqHref: null },
      }}
    />,
  );
  expect(byDataElement(bare.container, "page-index")).toHaveLength(0);
  expect(byDataElement(bare.container, "service-description")).toHaveLength(0);
});

test("an inactive service says why, and its video-call office is not shown as an address", () => {
  const page = renderPage(
    <ServiceDetailPage service={buildServiceDetail(config, "113", origin, formatDay)!} />,
  );
  expect(page.getAllByText("Servizio non attivo").length).toBeGreaterThan(0);
  expect(page.getAllByText(/Sospeso per lavori/).length).toBeGreaterThan(0);
  expect(byDataElement(page.container, "service-online-access")).toHaveLength(0);
  expect(byDataElement(page.container, "service-generic-access")[0]?.getAttribute("href")).toBe("#contatti");
  const [area] = byDataElement(page.container, "service-area");
  expect(area?.textContent).not.toContain("Indirizzo");
  expect(area?.textContent).toContain("Ricevimento in videochiamata");
  expect(area?.querySelector('a[href="https://meet.example.it/sociali"]')).toBeTruthy();
});

test("a service with neither online access nor booking offers the generic access to its office", () => {
  const noBooking = {
    ...config,
    comune: { ...config.comune, assets: [] },
    servizi: config.servizi.map((s) => (s.id === "104" ? { ...s, linkServizio: null } : s)),
  };
  const page = renderPage(
    <ServiceDetailPage service={buildServiceDetail(noBooking, "104", origin, formatDay)!} />,
  );
  expect(byDataElement(page.container, "service-generic-access")).toHaveLength(1);
});
