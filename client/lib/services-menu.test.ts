import { expect, test } from "vitest";
import { menuFixture } from "#tests/support/tenant-fixture.ts";
import { withPortalCatalogue } from "./services-menu.ts";

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
