import { expect, test } from "vitest";
import { findByDataElement, renderToHtml } from "#client/components/ui/testing/render-to-html.tsx";
import { Header, type HeaderProps } from "./header.tsx";
import { comuneFixture, contattiFixture, menuFixture } from "./tenant-fixture.ts";

const baseProps: HeaderProps = {
  comune: comuneFixture,
  menu: menuFixture,
  social: contattiFixture.social,
  user: null,
  loginHref: "/api/utenti/login?redirector=%2Fservizi",
  env: { sandbox: false, devTools: false },
};

const user = { nome: "Mario", cognome: "Rossi", codFisc: "RSSMRA80A01H501U" };

test("anonymous visitors get the personal-area login link with its href", () => {
  const html = renderToHtml(<Header {...baseProps} />, { url: "/servizi" });
  const [login] = findByDataElement(html, "personal-area-login");
  expect(login).toMatch(/^<a /);
  expect(login).toContain('href="/api/utenti/login?redirector=%2Fservizi"');
  expect(html).toContain("Accedi all&#x27;area personale");
  expect(html).not.toContain("Mario Rossi");
});

test("a logged-in citizen sees their name and the personal area, profile and logout links", () => {
  const html = renderToHtml(<Header {...baseProps} user={user} />);
  expect(html).toContain("Mario Rossi");
  expect(findByDataElement(html, "personal-area-login")).toHaveLength(0);
  expect(html).toContain('href="/area-personale"');
  expect(html).toContain('href="/area-personale/profilo-utente/"');
  expect(html).toContain('href="/logout"');
  expect(html).toMatch(/<details[^>]*class="it-user-wrapper/);
});

test("the development logout simulation shows the login link and a toggle only with devTools", () => {
  const html = renderToHtml(
    <Header {...baseProps} user={user} devLoggedOut env={{ sandbox: false, devTools: true }} />,
  );
  expect(findByDataElement(html, "personal-area-login")).toHaveLength(1);
  expect(html).toContain('action="/dev/simulazione-logout"');
  expect(html).toContain("Simula login");
  const production = renderToHtml(<Header {...baseProps} user={user} />);
  expect(production).not.toContain("/dev/simulazione-logout");
});

test("the search form is offered only when the tenant has a CMS", () => {
  const html = renderToHtml(<Header {...baseProps} />);
  expect(html).toContain('action="https://www.comune.valverde.it/ricerca"');
  expect(html).toMatch(/<input[^>]*name="s"/);
  expect(html).toContain("Cerca per parola chiave");
  expect(html).toMatch(/role="dialog"[^>]*aria-modal="true"/);
  const noCms = renderToHtml(<Header {...baseProps} comune={{ ...comuneFixture, cms: false }} />);
  expect(noCms).not.toContain("Cerca per parola chiave");
  expect(noCms).not.toMatch(/name="s"/);
});

test("the menus carry the data-elements of the configuration", () => {
  const html = renderToHtml(<Header {...baseProps} />);
  expect(findByDataElement(html, "main-navigation")[0]).toMatch(/^<ul class="navbar-nav"/);
  for (const value of ["management", "news", "all-services", "live", "all-topics"]) {
    const [link] = findByDataElement(html, value);
    expect(link, value).toMatch(/^<a [^>]*href="[^"#]+"/);
  }
  expect(html).toContain('aria-label="Menu principale"');
  expect(html).toContain('aria-label="Menu argomenti"');
  expect(html).toMatch(/<header class="it-header-wrapper"/);
});

test("the language links keep the path and mark their language", () => {
  const html = renderToHtml(<Header {...baseProps} />, { url: "/faq?q=tari" });
  expect(html).toContain('href="/faq?q=tari&amp;lang=en" lang="en"');
  expect(html).toContain('href="/faq?q=tari&amp;lang=it" lang="it"');
  expect(html).toContain("English");
});

test("the region link opens a new window and says so", () => {
  const html = renderToHtml(<Header {...baseProps} />);
  expect(html).toMatch(
    /href="https:\/\/www.regione.verde.it" target="_blank" rel="noopener noreferrer">Regione Verde/,
  );
  expect(html).toContain("(si apre in una nuova finestra)");
});

test("the mobile menu toggler and the close control point at the off-canvas panel", () => {
  const html = renderToHtml(<Header {...baseProps} />);
  expect(html).toMatch(/class="custom-navbar-toggler" href="#menu-principale"/);
  expect(html).toContain('id="menu-principale"');
  expect(html).toContain("Chiudi il menu");
});

test("the header speaks English when asked", () => {
  const html = renderToHtml(<Header {...baseProps} />, { locale: "en" });
  expect(html).toContain("Log in to your personal area");
  expect(html).toContain("Citizen Portal");
});

test("pages that hide the menu get the header without its navigation bar", () => {
  const html = renderToHtml(<Header {...baseProps} hideNavigation />);
  expect(html).not.toContain("it-header-navbar-wrapper");
  expect(findByDataElement(html, "main-navigation")).toHaveLength(0);
  expect(html).toContain("Comune di Valverde");
  expect(findByDataElement(html, "personal-area-login")).toHaveLength(1);
  expect(html).toContain("Cerca per parola chiave");
});
