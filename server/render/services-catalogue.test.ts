import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// Issue #12 through the production build (npm test builds first), the real Express app and the sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
const get = (path: string, host = "comune-b.localhost") => request(app()).get(path).set("Host", host);
/** The opening tags carrying a data-element (attribute order is React's, not ours). */
const tagsWith = (html: string, dataElement: string) =>
  html.match(new RegExp(`<a\\b[^>]*data-element="${dataElement}"[^>]*>`, "g")) ?? [];
const count = (html: string, dataElement: string) => html.split(`data-element="${dataElement}"`).length - 1;

describe("the services catalogue /servizi", () => {
  test("renders the first page of cards, the categories, the booking entry and 'Carica altri' as a link", async () => {
    const res = await get("/servizi");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Servizi - Comune di Montealto</title>");
    expect(count(res.text, "service-link")).toBe(6);
    expect(tagsWith(res.text, "load-other-cards")[0]).toMatch(/href="\/servizi\?pagina=2#servizio-\d+"/);
    expect(count(res.text, "service-category-link")).toBeGreaterThanOrEqual(8);
    expect(res.text).toMatch(
      /href="\/servizi\/prenotazione-appuntamento"[^>]*data-element="appointment-booking"/,
    );
  });

  test("a GET search, a category and more pages; bad parameters fall back instead of failing", async () => {
    expect(count((await get("/servizi?pagina=2")).text, "service-link")).toBe(12);
    const search = await get("/servizi?q=asilo");
    expect(count(search.text, "service-link")).toBe(1);
    expect(search.text).toContain("1 servizio trovato");
    const category = await get("/servizi?categoria=tributi-finanze-e-contravvenzioni");
    expect(category.text).toContain(
      "<title>Tributi, finanze e contravvenzioni - Comune di Montealto</title>",
    );
    expect(count(category.text, "service-link")).toBe(3);
    const bad = await get("/servizi?pagina=abc&categoria=%3Cx%3E");
    expect(bad.status).toBe(200);
    expect(count(bad.text, "service-link")).toBe(6);
  });

  test("the header's Servizi leads here without CMS, to the website with CMS", async () => {
    expect(tagsWith((await get("/")).text, "all-services")[0]).toContain('href="/servizi"');
    expect(tagsWith((await get("/", "comune-a.localhost")).text, "all-services")[0]).toContain(
      'href="https://www.comune.valverde.it/servizi"',
    );
  });
});

describe("the scheda servizio /servizi/:id", () => {
  test("carries the JSON-LD with the request's CSP nonce, and every section", async () => {
    const res = await get("/servizi/201");
    expect(res.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))![1];
    const tag = /<script type="application\/ld\+json" data-element="metatag"[^>]*>([^<]*)<\/script>/.exec(
      res.text,
    );
    expect(tag?.[0]).toContain(`nonce="${nonce}"`);
    const json = JSON.parse(tag![1]!) as { "@type": string; name: string };
    expect(json).toMatchObject({ "@type": "GovernmentService", name: "Carta d'identità elettronica" });
    for (const name of [
      "service-addressed",
      "service-how-to",
      "service-needed",
      "service-achieved",
      "service-calendar-text",
      "service-calendar-list",
      "service-booking-access",
      "service-file",
      "service-area",
      "service-topic",
    ])
      expect(count(res.text, name), name).toBeGreaterThan(0);
    expect(res.text).toContain('href="/servizi/prenotazione-appuntamento-2?servizio=201"');
  });

  test("a Moon service links to the configured forms front office, never to a portal /moonfobl path", async () => {
    const res = await get("/servizi/102", "comune-a.localhost");
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/href="\/moonfobl/);
    expect(res.text).toMatch(
      /href="http:\/\/127\.0\.0\.1:\d+\/moonfobl\/accesso\/gasprp_salute\?[^"]*codice_modulo=CERT_ANAG/,
    );
  });

  test("an unknown service is a 404", async () => {
    expect((await get("/servizi/999")).status).toBe(404);
  });
});
