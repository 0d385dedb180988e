// @vitest-environment happy-dom
import { fireEvent } from "@testing-library/react";
import { expect, test } from "vitest";
import { byDataElement, renderPage } from "#tests/support/render.tsx";
import { comuneFixture, contattiFixture, menuFixture } from "#tests/support/tenant-fixture.ts";
import { Header, type HeaderProps } from "./header.tsx";
import { CITIZENS } from "#tests/support/citizens.ts";

const baseProps: HeaderProps = {
  comune: comuneFixture,
  menu: menuFixture,
  social: contattiFixture.social,
  user: null,
  loginHref: "/api/utenti/login?redirector=%2Fservizi",
  env: { sandbox: false, devTools: false },
};

const user = { nome: "Mario", cognome: "Rossi", codFisc: CITIZENS.MARIO };
const hrefs = (page: ReturnType<typeof renderPage>) =>
  page.queryAllByRole("link").map((link) => link.getAttribute("href"));

test("anonymous visitors get the personal-area login link with its href", () => {
  const page = renderPage(<Header {...baseProps} />, { url: "/servizi" });
  const login = page.getByRole("link", { name: /Accedi all'area personale/ });
  expect(login.dataset.element).toBe("personal-area-login");
  expect(login.getAttribute("href")).toBe("/api/utenti/login?redirector=%2Fservizi");
  expect(page.queryByText("Mario Rossi")).toBeNull();
});

test("a logged-in citizen sees their name and the personal area, profile and logout links", () => {
  const page = renderPage(<Header {...baseProps} user={user} />);
  expect(page.getAllByText(/Mario Rossi/).length).toBeGreaterThan(0);
  expect(byDataElement(page.container, "personal-area-login")).toHaveLength(0);
  expect(hrefs(page)).toEqual(expect.arrayContaining(["/area-personale", "/logout"]));
  expect(page.getByRole("link", { name: "Profilo" }).getAttribute("href")).toMatch(
    /^\/area-personale\/profilo-utente\/?$/,
  );
  expect(page.container.querySelector("details.it-user-wrapper")).not.toBeNull();
});

test("the development logout simulation shows the login link and a toggle only with devTools", () => {
  const page = renderPage(
    <Header {...baseProps} user={user} devLoggedOut env={{ sandbox: false, devTools: true }} />,
  );
  expect(byDataElement(page.container, "personal-area-login")).toHaveLength(1);
  const toggle = page.getByRole("button", { name: /Simula login/ });
  expect(toggle.closest("form")?.getAttribute("action")).toBe("/dev/simulazione-logout");
  const production = renderPage(<Header {...baseProps} user={user} />);
  expect(production.container.querySelector('form[action="/dev/simulazione-logout"]')).toBeNull();
});

test("the search form is offered only when the tenant has a CMS", () => {
  // Server HTML (and without JavaScript): a link to the CMS search page, no dialog markup.
  const server = renderPage(<Header {...baseProps} />);
  expect(server.getByRole("link", { name: "Cerca nel sito" }).getAttribute("href")).toBe(
    "https://www.comune.valverde.it/ricerca",
  );
  expect(server.queryByRole("dialog", { hidden: true })).toBeNull();
  // Hydrated: a button opening the dialog.
  const page = renderPage(<Header {...baseProps} />, { hydrate: true });
  fireEvent.click(page.getByRole("button", { name: "Cerca nel sito" }));
  const dialog = page.getByRole("dialog", { name: "Cerca per parola chiave" });
  expect(dialog.getAttribute("aria-modal")).toBe("true");
  const search = page.getByLabelText("Parole da cercare") as HTMLInputElement;
  expect(search.type).toBe("search");
  expect(search.name).toBe("s");
  expect(search.form?.getAttribute("action")).toBe("https://www.comune.valverde.it/ricerca");
  expect(page.getAllByText(/Cerca per parola chiave/).length).toBeGreaterThan(0);
  const noCms = renderPage(<Header {...baseProps} comune={{ ...comuneFixture, cms: false }} />);
  expect(noCms.queryAllByText(/Cerca nel sito/)).toHaveLength(0);
  expect(noCms.container.querySelector('input[name="s"]')).toBeNull();
});

test("the menus carry the data-elements of the configuration", () => {
  const page = renderPage(<Header {...baseProps} />);
  const [main] = byDataElement(page.container, "main-navigation");
  expect(main?.tagName).toBe("UL");
  expect(main?.classList).toContain("navbar-nav");
  for (const value of ["management", "news", "all-services", "live", "all-topics"]) {
    const [link] = byDataElement(page.container, value);
    expect(link?.tagName, value).toBe("A");
    expect(link?.getAttribute("href"), value).toMatch(/^[^#]+$/);
  }
  expect(page.getByRole("navigation", { name: "Menu principale", hidden: true })).toBeTruthy();
  expect(page.getByRole("navigation", { name: "Menu argomenti", hidden: true })).toBeTruthy();
  expect(page.getByRole("banner").classList).toContain("it-header-wrapper");
});

test("the language links keep the path and mark their language", () => {
  const page = renderPage(<Header {...baseProps} />, { url: "/faq?q=tari" });
  const english = page.container.querySelector('a[lang="en"]')!;
  expect(english.getAttribute("href")).toBe("/faq?q=tari&lang=en");
  expect(english.textContent).toContain("English");
  expect(page.container.querySelector('a[lang="it"]')?.getAttribute("href")).toBe("/faq?q=tari&lang=it");
});

test("the region link opens a new window and says so", () => {
  const page = renderPage(<Header {...baseProps} />);
  const region = page.getByRole("link", { name: /Regione Verde/ });
  expect(region.getAttribute("href")).toBe("https://www.regione.verde.it");
  expect(region.getAttribute("target")).toBe("_blank");
  expect(region.getAttribute("rel")).toBe("noopener noreferrer");
  expect(region.textContent).toContain("(si apre in una nuova finestra)");
});

test("the mobile menu toggler and the close control point at the off-canvas panel", () => {
  const page = renderPage(<Header {...baseProps} />);
  const toggler = page.container.querySelector("a.custom-navbar-toggler")!;
  expect(toggler.getAttribute("href")).toBe("#menu-principale");
  expect(page.container.querySelector("#menu-principale")).not.toBeNull();
  expect(page.getAllByText(/Chiudi il menu/).length).toBeGreaterThan(0);
});

test("the header speaks English when asked", () => {
  const page = renderPage(<Header {...baseProps} />, { locale: "en" });
  expect(page.getByRole("link", { name: /Log in to your personal area/ })).toBeTruthy();
  expect(page.getAllByText(/Citizen Portal/).length).toBeGreaterThan(0);
});

test("pages that hide the menu get the header without its navigation bar", () => {
  const page = renderPage(<Header {...baseProps} hideNavigation />);
  expect(page.container.querySelector(".it-header-navbar-wrapper")).toBeNull();
  expect(byDataElement(page.container, "main-navigation")).toHaveLength(0);
  expect(page.getAllByText("Comune di Valverde").length).toBeGreaterThan(0);
  expect(byDataElement(page.container, "personal-area-login")).toHaveLength(1);
  expect(page.getByRole("link", { name: "Cerca nel sito" })).toBeTruthy();
});
