import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import {
  CITIZENS,
  HOSTS,
  UPSTREAM_HOSTS,
  getPage,
  postForm,
  postMultipart,
  signIn,
} from "#tests/support/portal-requests.ts";

// The citizen's assistance tickets over HTTP: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const ANNA = CITIZENS.ANNA;
const MARIO = CITIZENS.MARIO;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type TicketDto = { id: number; number: string; title: string; state_id: number };
type ArticleDto = { id: number; sender: string; attachments: Array<{ id: number; filename: string }> };

async function citizenCookie(codiceFiscale: string, tenant: "a" | "b" = "a"): Promise<string> {
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return signIn(sandbox.url, codiceFiscale, tenant);
}

/** The citizen's tickets as the sandbox knows them (straight from the upstream, with the citizen's cookie). */
async function ticketsOf(cookie: string, cf: string, tenant: "a" | "b" = "a"): Promise<TicketDto[]> {
  const res = await request(sandbox.url)
    .get("/api/crm/tickets/search")
    .query({ per_page: 20, page: 1, filter: JSON.stringify({ "customer.codice_fiscale": { eq: cf } }) })
    .set("X-Forwarded-Host", UPSTREAM_HOSTS[tenant])
    .set("Cookie", cookie)
    .expect(200);
  return res.body as TicketDto[];
}

async function articlesOf(cookie: string, id: number, tenant: "a" | "b" = "a"): Promise<ArticleDto[]> {
  const res = await request(sandbox.url)
    .get(`/api/crm/tickets/${id}/articles`)
    .set("X-Forwarded-Host", UPSTREAM_HOSTS[tenant])
    .set("Cookie", cookie)
    .expect(200);
  return res.body as ArticleDto[];
}

const app = () => testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;

const get = (path: string, cookie = "", host = HOSTS.a) => getPage(app(), path, cookie, host);

const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const ticketPath = (id: number) => `/area-personale/richieste/${id}`;

/** The visible text of Attività's "Richieste di assistenza" section only. */
function ticketsSection(html: string): string {
  const section = /<section[^>]*id="richieste"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return visible(section?.[1] ?? "");
}

describe("Attività: Richieste di assistenza", () => {
  test("Anna's tickets newest first, with number, state label and detail link", async () => {
    const cookie = await citizenCookie(ANNA);
    const tickets = await ticketsOf(cookie, ANNA);
    const res = await get("/area-personale/attivita", cookie);
    expect(res.status).toBe(200);
    const text = ticketsSection(res.text);
    const order = ["Portale del cittadino", "Tributi", "Anagrafe e stato civile"].map((title) =>
      text.indexOf(title),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(text).toMatch(/Stato\s*:\s*In lavorazione/);
    expect(text).toMatch(/Stato\s*:\s*Chiusa/);
    for (const ticket of tickets) {
      expect(text).toContain(`Richiesta n. ${ticket.number}`);
      expect(res.text).toContain(`href="${ticketPath(ticket.id)}"`);
    }
    expect(text).not.toContain("Vedi altre richieste");
  });

  test("GET filter by state and title; the 'more' link when the page is full", async () => {
    const cookie = await citizenCookie(ANNA);
    const closed = ticketsSection(
      (await get("/area-personale/attivita?stato-richiesta=chiuse", cookie)).text,
    );
    expect(closed).toContain("Anagrafe e stato civile");
    expect(closed).not.toContain("Portale del cittadino");
    const byTitle = ticketsSection(
      (await get("/area-personale/attivita?cerca-richiesta=tributi", cookie)).text,
    );
    expect(byTitle).toContain("Tributi");
    expect(byTitle).not.toContain("Anagrafe e stato civile");
    const none = ticketsSection((await get("/area-personale/attivita?cerca-richiesta=zzz", cookie)).text);
    expect(none).toContain("Non ci sono richieste in base ai filtri di ricerca");
    // Five more tickets: the first page is full, "Vedi altre richieste" asks for ten.
    for (let i = 0; i < 3; i++) {
      const tickets = await ticketsOf(cookie, ANNA);
      expect(tickets.length).toBeGreaterThan(0);
      await request(sandbox.url)
        .post("/api/crm/tickets")
        .set("X-Forwarded-Host", UPSTREAM_HOSTS.a)
        .set("Cookie", cookie)
        .send({
          title: `Extra ${i}`,
          group_id: 2,
          priority_id: 4,
          type_id: 1,
          utente_riconosciuto: 1,
          service_catalog_item_id: 4,
          service_catalog_sub_item_id: 403,
          customer: {
            email: "anna.esposito@example.it",
            mobile: null,
            firstname: "Anna",
            lastname: "Esposito",
            codice_fiscale: ANNA,
          },
          article: {
            body: "<p>x</p>",
            from: "anna.esposito@example.it",
            type_id: 13,
            content_type: "text/html",
          },
        })
        .expect((r) => expect(r.status).toBeLessThan(300));
    }
    const full = await get("/area-personale/attivita", cookie);
    expect(ticketsSection(full.text)).toContain("Vedi altre richieste");
    expect(full.text).toContain('href="/area-personale/attivita?richieste=10#richieste"');
    const more = ticketsSection((await get("/area-personale/attivita?richieste=10", cookie)).text);
    expect(more).toContain("Anagrafe e stato civile");
    expect(more).not.toContain("Vedi altre richieste");
  });

  test("a CRM that fails leaves the page up with the list's message", async () => {
    const cookie = await citizenCookie(ANNA);
    await request(sandbox.url).post("/__sandbox/faults").send({ crm: "down" }).expect(200);
    try {
      const res = await get("/area-personale/attivita", cookie);
      expect(res.status).toBe(200);
      expect(visible(res.text)).toContain(
        "Non è stato possibile caricare l'elenco delle richieste di assistenza",
      );
    } finally {
      await request(sandbox.url).post("/__sandbox/faults").send({ crm: null }).expect(200);
    }
  });
});

describe("a ticket's page", () => {
  test("anonymous: sent to the login and back", async () => {
    const res = await get(ticketPath(1));
    expect(res.status).toBe(302);
    expect(res.headers.location).toContain("/api/utenti/login?redirector=");
  });

  test("data, conversation (Tu / Operatore, sanitised) and the attachment link", async () => {
    const cookie = await citizenCookie(ANNA);
    const tributi = (await ticketsOf(cookie, ANNA)).find((t) => t.title === "Tributi")!;
    const res = await get(ticketPath(tributi.id), cookie);
    expect(res.status).toBe(200);
    const text = visible(res.text);
    expect(text).toContain(`Numero richiesta ${tributi.number}`);
    expect(text).toContain("Tipologia problematica TARI - tassa rifiuti");
    expect(text).toContain("Tu ");
    expect(text).toContain("Operatore");
    expect(text).toContain("il secondo avviso sostituisce il primo");
    expect(text).toContain("Scarica avviso.png");
    expect(text).toContain("Rispondi");
    expect(text).toContain("Chiudi la richiesta");
    expect(res.text).toMatch(/<title>Richiesta n\. \d+ - Area personale - Comune di Valverde<\/title>/);
  });

  test("another citizen's ticket and an unknown one are the 404 page", async () => {
    const anna = await citizenCookie(ANNA);
    const tributi = (await ticketsOf(anna, ANNA)).find((t) => t.title === "Tributi")!;
    const mario = await citizenCookie(MARIO);
    const other = await get(ticketPath(tributi.id), mario);
    expect(other.status).toBe(404);
    expect(visible(other.text)).toContain("Richiesta non trovata");
    expect((await get(ticketPath(99999), mario)).status).toBe(404);
    expect((await get("/area-personale/richieste/abc", mario)).status).toBe(404);
  });

  test("reply: empty text is a 400, a lying attachment is refused with the text kept; a good one is sent", async () => {
    const cookie = await citizenCookie(ANNA);
    const tributi = (await ticketsOf(cookie, ANNA)).find((t) => t.title === "Tributi")!;
    const empty = await postMultipart(app(), ticketPath(tributi.id), { messaggio: "  " }, [], cookie);
    expect(empty.status).toBe(400);
    expect(visible(empty.text)).toContain("Messaggio:");

    const lying = await postMultipart(
      app(),
      ticketPath(tributi.id),
      { messaggio: "Ecco la ricevuta" },
      [{ field: "allegato", bytes: PNG, name: "ricevuta.pdf", type: "application/pdf" }],
      cookie,
    );
    expect(lying.status).toBe(400);
    expect(visible(lying.text)).toContain("non è del tipo dichiarato dalla sua estensione");
    expect(lying.text).toContain("Ecco la ricevuta</textarea>");

    const sent = await postMultipart(
      app(),
      ticketPath(tributi.id),
      { messaggio: "Ecco la foto <b>richiesta</b>" },
      [{ field: "allegato", bytes: PNG, name: "foto.png", type: "image/png" }],
      cookie,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(`${ticketPath(tributi.id)}?inviata=1#conversazione`);
    const after = await get(`${ticketPath(tributi.id)}?inviata=1`, cookie);
    expect(visible(after.text)).toContain("Risposta inviata");
    expect(visible(after.text)).toContain("Ecco la foto <b>richiesta</b>");
    const articles = await articlesOf(cookie, tributi.id);
    expect(articles.at(-1)).toMatchObject({ sender: "Customer", attachments: [{ filename: "foto.png" }] });
  });

  test("Chiudi: the confirmation step, then closed and no reply form", async () => {
    const cookie = await citizenCookie(ANNA);
    const nuovo = (await ticketsOf(cookie, ANNA)).find((t) => t.title === "Portale del cittadino")!;
    const confirm = visible((await get(`${ticketPath(nuovo.id)}?chiudi=1`, cookie)).text);
    expect(confirm).toContain("Stai per chiudere la richiesta");
    const closed = await postForm(app(), `${ticketPath(nuovo.id)}?chiudi=1`, {}, cookie);
    expect(closed.status).toBe(302);
    expect(closed.headers.location).toBe(`${ticketPath(nuovo.id)}?chiusa=1`);
    const page = visible((await get(`${ticketPath(nuovo.id)}?chiusa=1`, cookie)).text);
    expect(page).toContain("Richiesta chiusa");
    expect(page).toContain("La richiesta è chiusa: non è possibile inviare altre risposte.");
    expect(page).not.toContain("Invia risposta");
    // Another citizen cannot close Anna's ticket.
    const mario = await citizenCookie(MARIO);
    const tributi = (await ticketsOf(cookie, ANNA)).find((t) => t.title === "Tributi")!;
    expect((await postForm(app(), `${ticketPath(tributi.id)}?chiudi=1`, {}, mario)).status).toBe(404);
    expect((await ticketsOf(cookie, ANNA)).find((t) => t.id === tributi.id)?.state_id).toBe(2);
  });
});

describe("attachment download", () => {
  test("the citizen's own attachment: the file, its type and name, not stored", async () => {
    const cookie = await citizenCookie(ANNA);
    const tributi = (await ticketsOf(cookie, ANNA)).find((t) => t.title === "Tributi")!;
    const [first] = await articlesOf(cookie, tributi.id);
    const path = `${ticketPath(tributi.id)}/articoli/${first!.id}/allegati/${first!.attachments[0]!.id}`;
    const res = await get(path, cookie).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toContain('attachment; filename="avviso.png"');
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(Buffer.from(res.body as Buffer).equals(PNG)).toBe(true);

    const mario = await citizenCookie(MARIO);
    expect((await get(path, mario)).status).toBe(404);
    expect((await get(`${ticketPath(tributi.id)}/articoli/99999/allegati/1`, cookie)).status).toBe(404);
    const anonymous = await get(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toContain("/api/utenti/login?redirector=");
  });

  test("a name in another script downloads under its own name; bidi controls are gone from the page and the file", async () => {
    const cookie = await citizenCookie(ANNA);
    const tributi = (await ticketsOf(cookie, ANNA)).find((t) => t.title === "Tributi")!;
    // U+202E would show "Счёт ‮gnp.exe" reversed; the upload keeps the name without it.
    const sent = await postMultipart(
      app(),
      ticketPath(tributi.id),
      { messaggio: "Il documento" },
      [{ field: "allegato", bytes: PNG, name: "Счёт \u202e2026\u2066.png", type: "image/png" }],
      cookie,
    );
    expect(sent.status).toBe(302);
    const last = (await articlesOf(cookie, tributi.id)).at(-1)!;
    expect(last.attachments[0]!.filename).toBe("Счёт 2026.png");
    const page = await get(ticketPath(tributi.id), cookie);
    expect(page.text).toContain("Счёт 2026.png");
    expect(page.text).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    const path = `${ticketPath(tributi.id)}/articoli/${last.id}/allegati/${last.attachments[0]!.id}`;
    const res = await get(path, cookie).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      "attachment; filename=\"____ 2026.png\"; filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82%202026.png",
    );
    expect(Buffer.from(res.body as Buffer).equals(PNG)).toBe(true);
  });
});
