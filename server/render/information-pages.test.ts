import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { TOPICS } from "#shared/topics.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// Issue #24 through the production build, the real Express app and the sandbox upstream: the pages a municipality
// without a website of its own (comune-b, Montealto, `cms: false`) needs, and their links in the header and footer.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
const get = (path: string, host = "comune-b.localhost") => request(app()).get(path).set("Host", host);
/** The opening tags carrying a data-element. */
const tagsWith = (html: string, dataElement: string) =>
  html.match(new RegExp(`<[a-z0-9]+\\b[^>]*data-element="${dataElement}"[^>]*>`, "g")) ?? [];
/** The text of every element carrying a data-element (elements without nested tags of the same name). */
const textsOf = (html: string, dataElement: string) =>
  [
    ...html.matchAll(
      new RegExp(`<([a-z0-9]+)\\b[^>]*data-element="${dataElement}"[^>]*>([\\s\\S]*?)</\\1>`, "g"),
    ),
  ]
    .map((m) =>
      m[2]!
        .replace(/<[^>]+>/g, "")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, "&"),
    )
    .map((text) => text.replace(/\s+/g, " ").trim());
const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

const LICENCE =
  "In applicazione del principio open by default ai sensi dell’articolo 52 del decreto legislativo 7 marzo 2005, n. 82 (CAD) e salvo dove diversamente specificato (compresi i contenuti incorporati di terzi), i dati, i documenti e le informazioni pubblicati sul sito sono rilasciati con licenza CC-BY 4.0. Gli utenti sono quindi liberi di condividere (riprodurre, distribuire, comunicare al pubblico, esporre in pubblico), rappresentare, eseguire e recitare questo materiale con qualsiasi mezzo e formato e modificare (trasformare il materiale e utilizzarlo per opere derivate) per qualsiasi fine, anche commerciale con il solo onere di attribuzione, senza apporre restrizioni aggiuntive.";

describe("a municipality without a CMS: the portal serves and links the pages", () => {
  test("the header's topics and the footer's legal notes and privacy notice lead to the portal", async () => {
    const home = (await get("/")).text;
    expect(tagsWith(home, "all-topics")[0]).toContain('href="/argomenti"');
    expect(tagsWith(home, "legal-notes")[0]).toContain('href="/note-legali"');
    expect(tagsWith(home, "privacy-policy-link")[0]).toContain('href="/privacy"');
    // Each topic of the header menu leads to its page.
    expect(home).toContain('href="/argomenti/tempo-libero"');
    expect(home).not.toContain("https://www.comune.montealto.it/argomenti");
    expect(home).not.toContain("https://www.comune.montealto.it/note-legali");
    expect(home).not.toContain("https://www.comune.montealto.it/privacy");
  });

  test("/argomenti: every topic-element a topic of the model, with the services of that topic", async () => {
    const res = await get("/argomenti");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Argomenti - Comune di Montealto</title>");
    expect(metaDescription(res.text)).toContain("Comune di Montealto");
    expect(textsOf(res.text, "page-name")).toEqual(["Argomenti"]);
    expect(textsOf(res.text, "breadcrumb")[0]).toContain("Home");
    const topics = textsOf(res.text, "topic-element");
    expect(topics.length).toBeGreaterThanOrEqual(5);
    for (const topic of topics) expect(TOPICS, topic).toContain(topic);
    // From the service sheets (Anagrafe, Imposte, Assistenza sociale…) and the configured topics menu (Sport).
    expect(topics).toEqual(expect.arrayContaining(["Anagrafe", "Imposte", "Assistenza sociale", "Sport"]));
    // Topics outside the vocabulary ("Documenti di identità") are not listed.
    expect(topics).not.toContain("Documenti di identità");
    expect(tagsWith(res.text, "topic-element")[0]).toMatch(/href="\/argomenti\/[a-z0-9-]+"/);
    // "Imposte" lists the two services whose sheets name it.
    const imposte = res.text.slice(res.text.indexOf(">Imposte<"));
    expect(imposte.slice(0, imposte.indexOf("</li></ul>"))).toMatch(
      /2 servizi[\s\S]*Pagamento IMU[\s\S]*Pagamento spontaneo pagoPA/,
    );
  });

  test("/argomenti/:topic: the topic's services as service cards; an unknown topic is a 404", async () => {
    const res = await get("/argomenti/anagrafe");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Anagrafe - Comune di Montealto</title>");
    expect(metaDescription(res.text)).toBeTruthy();
    expect(textsOf(res.text, "page-name")).toEqual(["Anagrafe"]);
    expect(textsOf(res.text, "service-link")).toEqual(["Carta d'identità elettronica", "Certificati online"]);
    expect(tagsWith(res.text, "service-link")[0]).toContain('href="/servizi/201"');
    const empty = await get("/argomenti/ztl");
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("Per questo argomento non ci sono ancora servizi online.");
    expect((await get("/argomenti/non-un-argomento")).status).toBe(404);
  });

  test("/note-legali: 'Licenza dei contenuti' and the model's exact text, then the municipality's notes", async () => {
    const res = await get("/note-legali");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Note legali - Comune di Montealto</title>");
    expect(metaDescription(res.text)).toContain("CC-BY 4.0");
    expect(textsOf(res.text, "page-name")).toEqual(["Note legali"]);
    expect(textsOf(res.text, "legal-notes-section").map((t) => t.toLowerCase())).toEqual([
      "licenza dei contenuti",
    ]);
    expect(textsOf(res.text, "legal-notes-body")).toEqual([LICENCE]);
    expect(res.text).toContain("fanno fede gli atti ufficiali pubblicati all&#x27;Albo pretorio");
  });

  test("/privacy: the municipality's configured notice", async () => {
    const res = await get("/privacy");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<title>Informativa sulla privacy - Comune di Montealto</title>");
    expect(metaDescription(res.text)).toBeTruthy();
    expect(textsOf(res.text, "page-name")).toEqual(["Informativa sulla privacy"]);
    expect(res.text).toContain("rpd@comune.montealto.it");
    expect(textsOf(res.text, "breadcrumb")[0]).toContain("Informativa sulla privacy");
  });
});

describe("a municipality with a CMS", () => {
  test("keeps the links to its own website", async () => {
    const home = (await get("/", "comune-a.localhost")).text;
    expect(tagsWith(home, "all-topics")[0]).toContain('href="https://www.comune.valverde.it/argomenti"');
    expect(tagsWith(home, "legal-notes")[0]).toContain('href="https://www.comune.valverde.it/note-legali"');
    expect(tagsWith(home, "privacy-policy-link")[0]).toContain(
      'href="https://www.comune.valverde.it/privacy"',
    );
  });

  test("without configured texts the privacy notice is the portal's default", async () => {
    const res = await get("/privacy", "comune-a.localhost");
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      "Titolare del trattamento dei dati personali raccolti attraverso questo portale è l&#x27;ente Comune di Valverde",
    );
  });
});

describe("the structured data of a service received by video call", () => {
  test("falls back to the municipality's main office address", async () => {
    const res = await get("/servizi/211");
    const json = JSON.parse(
      /<script type="application\/ld\+json" data-element="metatag"[^>]*>([^<]*)<\/script>/.exec(
        res.text,
      )![1]!,
    ) as { availableChannel: { serviceLocation: unknown } };
    expect(json.availableChannel.serviceLocation).toEqual({
      "@type": "Place",
      name: "Servizi sociali – colloqui in videochiamata",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Piazza della Libertà, 3",
        postalCode: "24030",
        addressLocality: "Montealto",
      },
    });
  });
});
