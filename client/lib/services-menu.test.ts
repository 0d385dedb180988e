import { expect, test } from "vitest";
import { menuFixture } from "#tests/support/tenant-fixture.ts";
import { withoutAbsentWebsite, withPortalCatalogue, withPortalPages } from "./services-menu.ts";

const SERVICES = "https://www.comune.valverde.it/servizi";
const main = menuFixture.main.map((item) =>
  item.dataElement === "all-services"
    ? {
        ...item,
        url: SERVICES,
        children: [{ title: "Anagrafe e stato civile", url: "https://x.it/a", children: [] }],
      }
    : item,
);
const footerMain = [
  { title: "Amministrazione", url: "https://www.comune.valverde.it/amministrazione", children: [] },
  {
    title: "Categorie di servizio",
    url: SERVICES,
    children: [
      { title: "Tributi, finanze e contravvenzioni", url: `${SERVICES}/categorie/tributi`, children: [] },
    ],
  },
];

test("without a CMS the 'Servizi' entry, the footer's categories and their children lead to the catalogue", () => {
  const menus = withPortalCatalogue({ main, footerMain }, false);
  const services = menus.main.find((i) => i.dataElement === "all-services")!;
  expect(services.url).toBe("/servizi");
  expect(services.children.map((c) => c.url)).toEqual(["/servizi?categoria=anagrafe-e-stato-civile"]);
  expect(menus.footerMain[1]!.url).toBe("/servizi");
  expect(menus.footerMain[1]!.children.map((c) => c.url)).toEqual([
    "/servizi?categoria=tributi-finanze-e-contravvenzioni",
  ]);
  // The other entries are untouched.
  expect(menus.main[0]).toBe(main[0]);
  expect(menus.footerMain[0]).toBe(footerMain[0]);
});

test("with a CMS the configured menus are kept", () => {
  const menus = { main, footerMain };
  expect(withPortalCatalogue(menus, true)).toBe(menus);
});

const SITE = "https://www.comune.montealto.it";
const topics = [
  { title: "Tempo libero", url: `${SITE}/argomenti/tempo-libero`, children: [] },
  { title: "Cultura", url: `${SITE}/argomenti/cultura`, children: [] },
  { title: "Tutti gli argomenti", url: `${SITE}/argomenti`, dataElement: "all-topics", children: [] },
];
const smallPrint = [
  { title: "Informativa privacy", url: `${SITE}/privacy`, dataElement: "privacy-policy-link", children: [] },
  { title: "Note legali", url: `${SITE}/note-legali`, dataElement: "legal-notes", children: [] },
  { title: "Media policy", url: `${SITE}/media-policy`, children: [] },
];

test("without a CMS the topics, the legal notes and the privacy notice lead to the portal's pages", () => {
  const menus = withPortalPages({ topics, smallPrint }, false);
  // A topic of the model's vocabulary has its page; another name leads to all topics.
  expect(menus.topics.map((i) => i.url)).toEqual(["/argomenti/tempo-libero", "/argomenti", "/argomenti"]);
  expect(menus.smallPrint.map((i) => i.url)).toEqual(["/privacy", "/note-legali", `${SITE}/media-policy`]);
  expect(menus.smallPrint[2]).toBe(smallPrint[2]);
});

test("with a CMS the topics and small print are kept", () => {
  const menus = { topics, smallPrint };
  expect(withPortalPages(menus, true)).toBe(menus);
});

test("without a CMS no link leads into the website the municipality does not have (issue #40)", () => {
  const header = [
    { title: "Amministrazione", url: `${SITE}/amministrazione`, dataElement: "management", children: [] },
    { title: "Novità", url: `${SITE}/novita`, dataElement: "news", children: [] },
    {
      title: "Servizi",
      url: "/servizi",
      dataElement: "all-services",
      children: [{ title: "Tributi", url: "/servizi?categoria=tributi", children: [] }],
    },
    { title: "Vivere Montealto", url: `${SITE}/vivere-il-comune`, dataElement: "live", children: [] },
  ];
  const footer = [
    { title: "Media policy", url: `${SITE}/media-policy`, children: [] },
    { title: "Note legali", url: "/note-legali", dataElement: "legal-notes", children: [] },
    { title: "Dichiarazione di accessibilità", url: "https://form.agid.gov.it/view/x", children: [] },
    {
      title: "Contatti",
      url: "#",
      children: [
        { title: "Sportello", url: `${SITE}/uffici/sportello`, children: [] },
        { title: "Scrivici", url: "mailto:sportello@comune.montealto.it", children: [] },
      ],
    },
  ];
  const kept = withoutAbsentWebsite({ header, footer }, false, `${SITE}/`);
  expect(kept.header.map((i) => i.dataElement)).toEqual(["all-services"]);
  expect(kept.header[0]!.children).toHaveLength(1);
  expect(kept.footer.map((i) => i.title)).toEqual([
    "Note legali",
    "Dichiarazione di accessibilità",
    "Contatti",
  ]);
  expect(kept.footer[2]!.children.map((i) => i.title)).toEqual(["Scrivici"]);
  // With a CMS the website exists: nothing is left out.
  const withCms = { header, footer };
  expect(withoutAbsentWebsite(withCms, true, SITE)).toBe(withCms);
});
