import { expect, test } from "vitest";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import { findByDataElement, renderToHtml } from "#client/components/ui/testing/render-to-html.tsx";
import {
  comuneFixture,
  contattiFixture,
  menuFixture,
  menuFooterFixture,
} from "#client/features/shell/tenant-fixture.ts";
import { buildServiceDetail, moonAccessHref } from "./service-detail-model.ts";
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
  expect(view.bookingHref).toBe("/servizi/prenotazione-appuntamento-2?servizio=102");
  expect(view.delegation).toEqual({ note: "Nota delega" });
  expect(view.contacts.faqHref).toBe("/faq/121/dettagli/");
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

test("unknown or malformed ids find nothing", () => {
  for (const id of ["999", "", "../102", "102?x", "a".repeat(65)])
    expect(buildServiceDetail(config, id, origin)).toBeNull();
});

test("the page follows the scheda servizio structure with only the sections that have content", () => {
  const html = renderToHtml(
    <ServiceDetailPage
      service={buildServiceDetail(config, "102", origin)!}
      municipality="Comune di Valverde"
    />,
  );
  expect(findByDataElement(html, "service-title")[0]).toMatch(/^<h1 /);
  expect(findByDataElement(html, "service-status")).toHaveLength(1);
  expect(findByDataElement(html, "service-description")[0]).toMatch(/^<p /);
  expect(findByDataElement(html, "breadcrumb")).toHaveLength(1);
  const index = html.match(/data-element="page-index">([\s\S]*?)<\/ul>/)?.[1] ?? "";
  expect([...index.matchAll(/<span class="title-medium">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual([
    "Accedi al servizio",
    "Delega",
    "Ulteriori informazioni",
    "Contatti",
  ]);
  expect(findByDataElement(html, "service-online-access")[0]).toMatch(/^<a [^>]*href="\/moonfobl\/accesso\//);
  expect(findByDataElement(html, "appointment-booking")[0]).toContain(
    'href="/servizi/prenotazione-appuntamento-2?servizio=102"',
  );
  expect(findByDataElement(html, "service-booking-access")).toHaveLength(1);
  expect(findByDataElement(html, "service-area")).toHaveLength(1);
  expect(html).toMatch(/Home<\/a>.*Servizi<\/a>.*Anagrafe e stato civile<\/a>.*Servizio 102<\/li>/s);

  const bare = renderToHtml(
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
  expect(findByDataElement(bare, "page-index")).toHaveLength(0);
  expect(findByDataElement(bare, "service-description")).toHaveLength(0);
});

test("an inactive service says so in its status and access section", () => {
  const html = renderToHtml(
    <ServiceDetailPage
      service={buildServiceDetail(config, "113", origin)!}
      municipality="Comune di Valverde"
    />,
  );
  expect(html).toContain("Servizio non attivo");
  expect(html).toContain("Il servizio non è attivo in questo momento.");
  expect(findByDataElement(html, "service-online-access")).toHaveLength(0);
  expect(findByDataElement(html, "appointment-booking")).toHaveLength(0);
});
