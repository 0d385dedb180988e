import { expect, test } from "vitest";
import type { TenantConfig } from "#shared/api/tenant-config.ts";
import {
  comuneFixture,
  contattiFixture,
  menuFixture,
  menuFooterFixture,
} from "#tests/support/tenant-fixture.ts";
import { shellView } from "./shell-view.ts";

const config = (over: Partial<TenantConfig> = {}): TenantConfig => ({
  comune: comuneFixture,
  menu: menuFixture,
  menuFooter: menuFooterFixture,
  contatti: contattiFixture,
  servizi: [],
  dettagli: [],
  ...over,
});

test("the header's view holds only what the navigation bar renders", () => {
  const { header } = shellView(config());
  expect(header.menu.main[0]).toEqual({
    title: "Amministrazione",
    url: "https://www.comune.valverde.it/amministrazione",
    dataElement: "management",
  });
  expect(header.menu.topics[0]).toEqual({
    title: "Anagrafe",
    url: "https://www.comune.valverde.it/argomenti/anagrafe",
  });
  expect(header.social.channels).toEqual(
    contattiFixture.social.channels.map(({ url, title, class: c }) => ({ url, title, class: c })),
  );
  expect(Object.keys(header)).toEqual(["menu", "social"]);
});

test("the footer's view keeps the footer menus and contacts", () => {
  const { footer } = shellView(config());
  expect(footer.comune).toEqual({ nome: "Comune di Valverde" });
  expect(footer.menuFooter.contacts).toBe(menuFooterFixture.contacts);
  expect(footer.contatti.block).toBe(contattiFixture.block);
});

test("derived once per configuration version: the same menus give the same view, new ones a new view", () => {
  const first = shellView(config());
  expect(shellView(config())).toBe(first);
  expect(shellView(config({ comune: { ...comuneFixture } }))).toBe(first);
  const refreshed = shellView(config({ menu: { ...menuFixture } }));
  expect(refreshed).not.toBe(first);
  expect(refreshed).toEqual(first);
});

test("without a CMS the services entries lead to the portal's catalogue, and the cache tells the two apart", () => {
  const withCms = shellView(config());
  const noCms = shellView(config({ comune: { ...comuneFixture, cms: false } }));
  expect(noCms).not.toBe(withCms);
  expect(noCms.header.menu.main.find((i) => i.dataElement === "all-services")?.url).toBe("/servizi");
});
