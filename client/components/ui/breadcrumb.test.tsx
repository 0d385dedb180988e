import { expect, test } from "vitest";
import { renderToHtml } from "./testing/render-to-html.tsx";
import { Breadcrumb } from "./breadcrumb.tsx";
import { PageHero } from "./page-hero.tsx";

test("the breadcrumb follows the Modello Comuni markup", () => {
  const html = renderToHtml(
    <Breadcrumb
      items={[{ name: "Home", href: "/" }, { name: "Servizi", href: "/servizi" }, { name: "Anagrafe" }]}
    />,
  );
  expect(html).toMatch(/^<nav class="breadcrumb-container" aria-label="Percorso di navigazione">/);
  expect(html).toContain('<ol class="breadcrumb p-0" data-element="breadcrumb">');
  expect(html).toContain(
    '<li class="breadcrumb-item"><a href="/">Home</a><span class="separator">/</span></li>',
  );
  expect(html).toContain('<li class="breadcrumb-item active" aria-current="page">Anagrafe</li>');
  expect(html.match(/class="separator"/g)).toHaveLength(2);
});

test("the last item is not a link even with an href", () => {
  const html = renderToHtml(
    <Breadcrumb
      items={[
        { name: "Home", href: "/" },
        { name: "FAQ", href: "/faq" },
      ]}
    />,
  );
  expect(html).not.toContain('href="/faq"');
});

test("the page hero carries page-name on the h1", () => {
  const html = renderToHtml(
    <PageHero title="Domande frequenti" lead="Le risposte alle domande più comuni" />,
  );
  expect(html).toContain('<h1 class="mb-3" data-element="page-name">Domande frequenti</h1>');
  expect(html).toContain('<p class="lead">Le risposte alle domande più comuni</p>');
});
