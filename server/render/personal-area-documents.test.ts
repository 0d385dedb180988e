import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import {
  CITIZENS,
  HOSTS,
  UPSTREAM_HOSTS,
  getPage,
  postForm,
  signIn,
} from "#tests/support/portal-requests.ts";

// The documents and services tabs of the personal area over HTTP: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const GIULIA = CITIZENS.GIULIA;
const ANNA = CITIZENS.ANNA;
const GIULIA_FIRST = "9a11b1a0-0000-4000-8000-000000000001";

async function citizenCookie(codiceFiscale: string, tenant: "a" | "b" = "a"): Promise<string> {
  return signIn(sandbox.url, codiceFiscale, tenant);
}

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;

const get = (path: string, cookie = "", host = HOSTS.a) => getPage(app(), path, cookie, host);

async function setFault(name: string, value: "down" | null) {
  const res = await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ [name]: value }),
  });
  expect(res.ok).toBe(true);
}

/** The text of the page without tags, for assertions on what a reader sees. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("Documenti", () => {
  test.each(["/area-personale/documenti?pagina=2", `/area-personale/documenti/${GIULIA_FIRST}/file`])(
    "anonymous %s: sent to the login and back",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/api/utenti/login?redirector=${encodeURIComponent(path)}`);
    },
  );

  test("the first page: 20 documents, the count, the areas, a pager to page 2", async () => {
    const cookie = await citizenCookie(GIULIA);
    const res = await get("/area-personale/documenti", cookie);
    expect(res.status).toBe(200);
    const text = visible(res.text);
    expect(text).toContain("Documenti");
    expect(text).toMatch(/26 documenti - pagina 1 di 2/);
    expect(res.text.match(/>Scarica</g)).toHaveLength(20);
    expect(res.text).toContain('<option value="3">Edilizia</option>');
    expect(res.text).toContain('href="/area-personale/documenti?pagina=2"');
    expect(res.text).toContain(`href="/area-personale/documenti/${GIULIA_FIRST}/file"`);
  });

  test("filters, page 2, the expiry order, and the date messages", async () => {
    const cookie = await citizenCookie(GIULIA);
    const second = await get("/area-personale/documenti?pagina=2", cookie);
    expect(second.text.match(/>Scarica</g)).toHaveLength(6);
    expect(second.text).toContain('aria-current="page"');
    const past = await get("/area-personale/documenti?descrizione=tari&pagina=5", cookie);
    expect([past.status, past.headers.location]).toEqual([302, "/area-personale/documenti?descrizione=tari"]);
    const area = await get("/area-personale/documenti?ambito=3&descrizione=permesso", cookie);
    expect(visible(area.text)).toContain("1 documento");
    expect(visible(area.text)).toContain("Permesso di costruire n. 112/2024");
    const none = await get("/area-personale/documenti?descrizione=nessuno", cookie);
    expect(visible(none.text)).toContain("Non ci sono documenti in base ai filtri di ricerca");
    const expiry = await get("/area-personale/documenti?ordine=scadenza", cookie);
    const titles = [...expiry.text.matchAll(/<h3 class="card-title[^"]*">([^<]+)</g)].map((m) => m[1]);
    expect(titles[0]).toBe("Avviso di accertamento IMU 2022");
    const dates = await get("/area-personale/documenti?da=2025-04-01&a=2025-03-01", cookie);
    expect(dates.status).toBe(400); // a refused filter
    expect(visible(dates.text)).toContain("La data iniziale deve essere precedente alla data finale");
    const invalid = await get("/area-personale/documenti?da=2025-02-31", cookie);
    expect(invalid.status).toBe(400);
    expect(visible(invalid.text)).toContain("Inserisci una data valida");
  });

  test("a citizen without documents reads the original's empty text", async () => {
    const cookie = await citizenCookie(CITIZENS.MARIO);
    const res = await get("/area-personale/documenti", cookie);
    expect(res.status).toBe(200);
    expect(visible(res.text)).toContain("Non ci sono ancora documenti");
    // Nothing to search in: no search form above the empty text; a search kept in the address keeps its form.
    expect(res.text).not.toContain("Filtra i documenti");
    const searched = await get("/area-personale/documenti?descrizione=TARI", cookie);
    expect(visible(searched.text)).toContain("Filtra i documenti");
  });

  test("the download: status, headers and the PDF bytes", async () => {
    const cookie = await citizenCookie(GIULIA);
    const res = await get(`/area-personale/documenti/${GIULIA_FIRST}/file`, cookie)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => callback(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="[a-z0-9-]+\.pdf"; filename\*=UTF-8''[a-z0-9-]+\.pdf$/,
    );
    // The route's own values replace the app's defaults (no "no-store, private, no-store").
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const body = res.body as Buffer;
    expect(res.headers["content-length"]).toBe(String(body.length));
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    expect(body.toString("latin1")).toContain("Giulia Bianchi");
  });

  test("another citizen's document and an unknown one are 404", async () => {
    const anna = await citizenCookie(ANNA);
    expect((await get(`/area-personale/documenti/${GIULIA_FIRST}/file`, anna)).status).toBe(404);
    const giulia = await citizenCookie(GIULIA);
    expect((await get("/area-personale/documenti/non-esiste/file", giulia)).status).toBe(404);
    expect((await get("/area-personale/documenti/%3Cx%3E/file", giulia)).status).toBe(404);
  });

  test("comune-b has no documents: both the page and the file go to 'servizio non disponibile'", async () => {
    const cookie = await citizenCookie(ANNA, "b");
    for (const path of ["/area-personale/documenti", `/area-personale/documenti/${GIULIA_FIRST}/file`]) {
      const res = await get(path, cookie, HOSTS.b);
      expect([res.status, res.headers.location]).toEqual([302, "/servizio-non-disponibile"]);
    }
  });

  test("a failing documents service leaves the page up with the original's message", async () => {
    const cookie = await citizenCookie(GIULIA);
    await setFault("mydocs", "down");
    try {
      const res = await get("/area-personale/documenti", cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain("Giulia Bianchi");
      expect(visible(res.text)).toContain("Non è stato possibile caricare l'elenco dei documenti");
    } finally {
      await setFault("mydocs", null);
    }
  });
});

describe("Servizi", () => {
  test("anonymous: sent to the login", async () => {
    const res = await get("/area-personale/servizi");
    expect(res.status).toBe(302);
  });

  test("favourites first, search by name", async () => {
    await fetch(`${sandbox.url}/__sandbox/citizens/${ANNA}/reset`, { method: "POST" });
    const cookie = await citizenCookie(ANNA);
    const res = await get("/area-personale/servizi", cookie);
    expect(res.status).toBe(200);
    const buttons = [...res.text.matchAll(/(Aggiungi ai|Rimuovi dai) preferiti/g)].map((m) => m[1]);
    expect(buttons.slice(0, 2)).toEqual(["Rimuovi dai", "Rimuovi dai"]);
    expect(buttons[2]).toBe("Aggiungi ai");
    expect(res.text).toContain('href="/servizi/101"');
    const search = await get("/area-personale/servizi?q=residenza", cookie);
    expect(visible(search.text)).toContain("Cambio di residenza");
    expect(visible(search.text)).not.toContain("Carta d'identità elettronica");
    const none = await get("/area-personale/servizi?q=zzz", cookie);
    expect(visible(none.text)).toContain("Non ci sono servizi in base ai filtri di ricerca");
  });

  test("toggle: add and remove redirect back with the search; a bad form is 400; a failure says so", async () => {
    await fetch(`${sandbox.url}/__sandbox/citizens/${ANNA}/reset`, { method: "POST" });
    const cookie = await citizenCookie(ANNA);
    const browser = new PortalBrowser(app(), HOSTS.a).withCookie(cookie);
    // A link naming a toggle nobody made says nothing at the card (issue #40).
    const crafted = await browser.get("/area-personale/servizi?preferito=rimosso&servizio=101");
    expect(crafted.status).toBe(200);
    expect(crafted.text).not.toContain("Rimosso dai preferiti");
    const add = await browser.post("/area-personale/servizi?q=residenza", {
      serviceId: "103",
      intent: "add",
    });
    expect([add.status, add.headers.location]).toEqual([
      302,
      "/area-personale/servizi?q=residenza&preferito=aggiunto&servizio=103#servizio-103",
    ]);
    // Said at the service's card (issue #40: the toggle ended with no word of it).
    const added = await browser.get(add.headers.location!);
    expect(added.text).toMatch(/<p role="status"[^>]*>Aggiunto ai preferiti<\/p>/);
    const favourites = await request(sandbox.url)
      .get("/api/preferenze")
      .set("X-Forwarded-Host", UPSTREAM_HOSTS.a)
      .set("Cookie", cookie);
    expect(favourites.body).toEqual([101, 104, 103]);
    const remove = await browser.post("/area-personale/servizi", { serviceId: "103", intent: "remove" });
    expect([remove.status, remove.headers.location]).toEqual([
      302,
      "/area-personale/servizi?preferito=rimosso&servizio=103#servizio-103",
    ]);
    expect((await browser.get(remove.headers.location!)).text).toMatch(
      /<p role="status"[^>]*>Rimosso dai preferiti<\/p>/,
    );
    const bad = await postForm(app(), "/area-personale/servizi", { serviceId: "abc", intent: "add" }, cookie);
    expect(bad.status).toBe(400);
    expect(visible(bad.text)).toContain("Non è stato possibile modificare i preferiti");
    await setFault("preferenze-write", "down");
    try {
      const failed = await postForm(
        app(),
        "/area-personale/servizi",
        { serviceId: "105", intent: "add" },
        cookie,
      );
      expect(failed.status).toBe(502);
      expect(visible(failed.text)).toContain("Non è stato possibile modificare i preferiti");
      expect(visible(failed.text)).toContain("Servizi");
    } finally {
      await setFault("preferenze-write", null);
    }
  });
});
