import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, getPage, signIn } from "#tests/support/portal-requests.ts";

// The messages pages through the production build, the real Express app and a sandbox of this file's own.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let app: Express;
let logLines: string[];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const built = testApp({ upstreamUrl: sandbox.url, ssrHandler: await loadSsrHandler() });
  app = built.app;
  logLines = built.logs.lines;
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;
const MARIO = CITIZENS.MARIO;
const LIST = "/area-personale/messaggi";
const xsrf = createXsrfToken();

/** The citizen's session and the XSRF cookie (`xsrf`) a page's form echoes. */
async function citizenCookie(codiceFiscale: string = MARIO): Promise<string> {
  return `${await signIn(sandbox.url, codiceFiscale)}; XSRF-TOKEN=${xsrf}`;
}

async function resetMario() {
  expect((await request(sandbox.url).post(`/__sandbox/citizens/${MARIO}/reset`)).status).toBe(200);
}

const get = (path: string, cookie = "") => getPage(app, path, cookie, HOST);

/** The page's text without tags (React puts comments between adjacent text parts). */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the list", () => {
  test("anonymous visitors are sent to the login and back", async () => {
    const res = await get(LIST);
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/api\/utenti\/login\?redirector=/);
    expect(decodeURIComponent(res.headers.location as string)).toContain(LIST);
  });

  test("the first 15 of 20, the count, the unread badge and the link to the next ones", async () => {
    await resetMario();
    const res = await get(LIST, await citizenCookie());
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain("20 messaggi");
    expect(text).toContain("18 messaggi non letti");
    expect(res.text.match(/class="message-card /g)).toHaveLength(15);
    expect(res.text).toContain('href="/area-personale/messaggi?pagina=2#messaggio-16"');
    // "Vedi altre notifiche" adds the next ones to the list (without JavaScript too), at the first one added.
    const second = await get(`${LIST}?pagina=2`, await citizenCookie());
    expect(second.text.match(/class="message-card /g)).toHaveLength(20);
    expect(second.text).toMatch(/<li id="messaggio-16" class="message-card /);
    expect(textOf(second.text)).not.toContain("Vedi altre notifiche");
  });

  test("filters (GET) and the original's date messages", async () => {
    await resetMario();
    const cookie = await citizenCookie();
    const read = await get(`${LIST}?stato=letti`, cookie);
    expect(textOf(read.text)).toContain("2 messaggi");
    const none = await get(`${LIST}?servizio=nessuno`, cookie);
    expect(textOf(none.text)).toContain("Non ci sono notifiche in base ai filtri di ricerca");
    // A refused filter: 400, the message at the field, the day typed kept.
    const invalid = await get(`${LIST}?da=2026-02-30`, cookie);
    expect(invalid.status).toBe(400);
    expect(textOf(invalid.text)).toContain("Inserisci una data valida");
    expect(invalid.text).toContain('value="2026-02-30"');
    const period = await get(`${LIST}?da=2026-01-10&a=2026-01-01`, cookie);
    expect(period.status).toBe(400);
    expect(textOf(period.text)).toContain("La data iniziale deve essere precedente alla data finale");
  });

  test("a store that fails leaves the page up with the spec's message and no badge", async () => {
    const cookie = await citizenCookie();
    await request(sandbox.url).post("/__sandbox/faults").send({ messages: "down" });
    try {
      const res = await get(LIST, cookie);
      expect(res.status).toBe(200);
      expect(textOf(res.text)).toContain("Non è stato possibile ottenere le notifiche");
      expect(textOf(res.text)).not.toContain("messaggi non letti");
      expect(textOf(res.text)).not.toContain("Filtra le notifiche");
      // The log line names the portal as its service once, and the failing upstream apart (one key each).
      const line = logLines.find((l) => l.includes('"msg":"messages not loaded"'))!;
      expect(line.match(/"service":/g)).toHaveLength(1);
      expect(JSON.parse(line)).toMatchObject({ service: "portale-del-cittadino", upstream: "messagestore" });
      // A message's page: headed and titled by the short "Servizio non disponibile", the sentence below it.
      const one = await get(`${LIST}/qualsiasi-messaggio`, cookie);
      expect(one.status).toBeGreaterThanOrEqual(500);
      expect(one.text).toMatch(/<title>Servizio non disponibile - Area personale - /);
      expect(textOf(one.text)).toContain("Il servizio del Comune non risponde correttamente");
    } finally {
      await request(sandbox.url).post("/__sandbox/faults").send({ messages: null });
    }
  });

  test("a citizen with no message yet reads so, with no filter above it; a filter applied stays", async () => {
    const cookie = await citizenCookie(CITIZENS.LUCA);
    const empty = textOf((await get(LIST, cookie)).text);
    expect(empty).toContain("Non ci sono ancora notifiche");
    expect(empty).not.toContain("Filtra le notifiche");
    const filtered = textOf((await get(`${LIST}?stato=letti`, cookie)).text);
    expect(filtered).toContain("Filtra le notifiche");
    expect(filtered).toContain("Azzera filtri");
  });
});

describe("one message", () => {
  test("opening an unread message marks it read; the same answer already shows the lowered count", async () => {
    await resetMario();
    const cookie = await citizenCookie();
    // Opened from the portal's own list (a cross-site link does not mark it: messages-read.test.ts).
    const res = await get(`${LIST}/rssmra-a-01`, cookie).set("Sec-Fetch-Site", "same-origin");
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain("Aggiornamento dei dati di residenza");
    expect(text).toContain("17 messaggi non letti");
    expect(res.text).not.toMatch(/onclick|alert\(|javascript:/);
    const again = await get(`${LIST}/rssmra-a-01`, cookie);
    expect(textOf(again.text)).toContain("17 messaggi non letti");
  });

  test("the call to action's button only for a safe call to action", async () => {
    await resetMario();
    const res = await get(`${LIST}/rssmra-a-02`, await citizenCookie());
    expect(res.text).toMatch(
      /<a class="btn btn-primary" href="\/servizi\/prenotazione-appuntamento">Vai alla pagina indicata nel messaggio<\/a>/,
    );
  });

  test("unknown ids, another citizen's and another municipality's messages are 404", async () => {
    const cookie = await citizenCookie();
    expect((await get(`${LIST}/nope`, cookie)).status).toBe(404);
    expect((await get(`${LIST}/bncgli-a-01`, cookie)).status).toBe(404);
    expect((await get(`${LIST}/rssmra-b-01`, cookie)).status).toBe(404);
  });

  test("delete: confirmation, XSRF, then the list with the confirmation", async () => {
    await resetMario();
    const cookie = await citizenCookie();
    const confirm = await get(`${LIST}/rssmra-a-03?elimina=1`, cookie);
    expect(textOf(confirm.text)).toMatch(/Stai per eliminare il messaggio ".+"\. Vuoi proseguire\?/);
    // A post that names no sender (no Sec-Fetch-Site, Origin or Referer) needs the token; another site's is refused.
    // (Its own post, not postForm: these name no sender or another site, with the token or without.)
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      request(app)
        .post(`${LIST}/rssmra-a-03`)
        .set("Host", HOST)
        .set(headers)
        .set("Cookie", cookie)
        .type("form")
        .send(new URLSearchParams(fields).toString());
    expect((await post({})).status).toBe(403);
    const forged = await post({ _xsrf: maskXsrfToken(xsrf) }, { Origin: "https://attacker.example" });
    expect([400, 403]).toContain(forged.status);
    const done = await post({ _xsrf: maskXsrfToken(xsrf) });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe(`${LIST}?eliminato=1`);
    const list = await get(done.headers.location as string, cookie);
    expect(textOf(list.text)).toContain("Messaggio eliminato");
    expect(textOf(list.text)).toContain("19 messaggi");
    expect((await get(`${LIST}/rssmra-a-03`, cookie)).status).toBe(404);
  });
});
