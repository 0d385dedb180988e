import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express, RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { startHeldRelay } from "#tests/support/held-relay.ts";
import { computeFiscalCodeCheckLetter } from "#shared/validation/fiscal-code.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS, signIn, type TestTenant } from "#tests/support/portal-requests.ts";

// Issue #23: the portal's own defences around one-time codes, drafts and ticket creation, against the sandbox in gaps
// mode (it plays the real upstream: the code checked against the fiscal code only, no cap on wrong codes, anyone's
// draft deletable). Production build, real app, sandbox over HTTP.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let app: Express;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, gaps: true });
  ssrHandler = await loadSsrHandler();
  app = newApp();
});
afterAll(() => sandbox.close());

/** A portal with its own limiters (each test counts its own sends), generous unless the test says otherwise. */
function newApp(env: Record<string, string> = {}, upstreamUrl = sandbox.url): Express {
  return newPortal(env, upstreamUrl).app;
}

function newPortal(env: Record<string, string> = {}, upstreamUrl = sandbox.url) {
  return testApp({
    upstreamUrl,
    ssrHandler,
    env: { OTP_SEND_PER_CLIENT: "1000", OTP_SEND_PER_CONTACT: "1000", ...env },
  });
}

const HOST = HOSTS.b;
const UPSTREAM_HOST = "servizi.comune.montealto.it";
const FORM = "/nuova-richiesta";
const VERIFY = `${FORM}?passo=verifica`;
const WIZARD = "/area-personale/profilo-utente/componi";
const LUCA = CITIZENS.LUCA;
const GIULIA = CITIZENS.GIULIA;
/** A valid fiscal code of its own for each anonymous request (a code for one fiscal code holds it for 5 minutes). */
let nextCf = 0;
function freshCf(): string {
  const first15 = `VRDLCU90E${String(11 + nextCf++).padStart(2, "0")}F205`;
  return first15 + computeFiscalCodeCheckLetter(first15);
}

/** A citizen's browser on the portal of `tenant`, logged in (their upstream data put back as seeded). */
async function login(codiceFiscale: string, tenant: TestTenant = "b"): Promise<PortalBrowser> {
  const browser = new PortalBrowser(app, HOSTS[tenant]).withCookie(
    await signIn(sandbox.url, codiceFiscale, tenant),
  );
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return browser;
}

async function newestCode(to: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
  const messages = (await res.json()) as Array<{ body: string }>;
  return /\b(\d{5})\b/.exec(messages.at(0)?.body ?? "")?.[1] ?? "";
}

/** The tickets the sandbox holds for `cf` whose first message contains `marker` (read as Luca, gaps mode). */
async function ticketsWith(cf: string, marker: string): Promise<number> {
  return (await ticketIdsWith(cf, marker)).length;
}

async function ticketIdsWith(cf: string, marker: string): Promise<number[]> {
  const reader = await signIn(sandbox.url, LUCA, "b");
  const res = await request(sandbox.url)
    .get("/api/crm/tickets/search")
    .query({ per_page: 100, page: 1, filter: JSON.stringify({ "customer.codice_fiscale": { eq: cf } }) })
    .set("X-Forwarded-Host", UPSTREAM_HOST)
    .set("Cookie", reader)
    .expect(200);
  const ids: number[] = [];
  for (const ticket of res.body as Array<{ id: number }>) {
    const articles = await request(sandbox.url)
      .get(`/api/crm/tickets/${ticket.id}/articles`)
      .set("X-Forwarded-Host", UPSTREAM_HOST)
      .set("Cookie", reader);
    if (JSON.stringify(articles.body).includes(marker)) ids.push(ticket.id);
  }
  return ids;
}

const anonymousRequest = (email: string, dettagli: string, codiceFiscale: string) => ({
  intent: "invia",
  nome: "Luca",
  cognome: "Verdi",
  codiceFiscale,
  email,
  telefono: "3331234567",
  servizio: "2",
  tipologia: "201",
  dettagli,
  privacy: "1",
});

/** An anonymous request on its code step, the code asked for: the jar and the code received. */
async function anonymousOnCodeStep(email: string, dettagli: string, portal = app, cf = freshCf()) {
  const jar = new PortalBrowser(portal, HOST);
  await jar.get(FORM);
  const sent = await jar.post(FORM, anonymousRequest(email, dettagli, cf));
  expect(sent.headers.location).toBe(`${FORM}?passo=verifica`);
  const asked = await jar.post(VERIFY, { intent: "codice" });
  expect(asked.status).toBe(302);
  return { jar, cf, code: await newestCode(email) };
}

const wrongOf = (code: string) => (code === "00000" ? "11111" : "00000");

describe("the anonymous request's e-mail code", () => {
  test("5 wrong codes discard the request; the 6th try fails even with the right code (replayed cookie too)", async () => {
    const { jar, cf, code } = await anonymousOnCodeStep("brute@example.it", "Richiesta forzata 6f1");
    const replay = jar.copy();
    for (let i = 1; i <= 4; i++) {
      const wrong = await jar.post(VERIFY, { intent: "verifica", codice: wrongOf(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain(`Tentativi rimasti: ${5 - i}.`);
    }
    const fifth = await jar.post(VERIFY, { intent: "verifica", codice: wrongOf(code) });
    expect(fifth.status).toBe(302);
    expect(fifth.headers.location).toBe(`${FORM}?annullata=1`);
    const form = await jar.get(fifth.headers.location!);
    expect(form.text).toContain(
      "Hai inserito un codice errato troppe volte: la richiesta è stata annullata.",
    );
    expect(form.text).not.toContain("Richiesta forzata 6f1");

    const sixth = await replay.post(VERIFY, { intent: "verifica", codice: code });
    expect(sixth.status).toBe(302);
    expect(sixth.headers.location).toBe(`${FORM}?avviso=ricominciato`);
    const again = await replay.get(sixth.headers.location!);
    expect(again.text).toContain("La richiesta non è più disponibile: compila di nuovo il modulo.");
    expect(await ticketsWith(cf, "Richiesta forzata 6f1")).toBe(0);
  });

  test("in English, the discarded request says so", async () => {
    const { jar, code } = await anonymousOnCodeStep("brute.en@example.it", "Richiesta inglese");
    jar.cookies.set("lang", "en");
    for (let i = 0; i < 5; i++) await jar.post(VERIFY, { intent: "verifica", codice: wrongOf(code) });
    const form = await jar.get(`${FORM}?annullata=1`);
    expect(form.text).toContain("You entered a wrong code too many times: the request has been cancelled.");
  });

  test("a code sent to one address does not send a request naming another", async () => {
    const { cf, code } = await anonymousOnCodeStep("mallory@example.it", "Primo indirizzo");
    // Same browser or not: a new request with the victim's address, and the code received at the first one.
    const jar = new PortalBrowser(app, HOST);
    await jar.get(FORM);
    await jar.post(FORM, anonymousRequest("vittima@example.it", "Dirottata 9c2", cf));
    const res = await jar.post(VERIFY, { intent: "verifica", codice: code });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Non c&#x27;è un codice valido per questa richiesta: chiedi un nuovo codice.");
    // Nor once a code went to the victim: the upstream would take the first code for any request naming this
    // fiscal code, so no code goes to another address while the first may still be valid.
    const asked = await jar.post(VERIFY, { intent: "codice" });
    expect(asked.status).toBe(429);
    expect(asked.text).toContain(
      "Un codice per questo codice fiscale è stato appena inviato a un altro indirizzo email: potrai chiederne uno per questo indirizzo tra 5 minuti.",
    );
    expect(await newestCode("vittima@example.it")).toBe("");
    const again = await jar.post(VERIFY, { intent: "verifica", codice: code });
    expect(again.status).toBe(400);
    expect(await ticketsWith(cf, "Dirottata 9c2")).toBe(0);
  });

  test("resends: not within 30 s of the last code, with the wait said", async () => {
    const { jar } = await anonymousOnCodeStep("resend@example.it", "Reinvio");
    const again = await jar.post(VERIFY, { intent: "reinvia" });
    expect(again.status).toBe(429);
    expect(again.text).toMatch(/Puoi chiedere un nuovo codice tra (29|30) secondi\./);
  });

  test("sending is limited per contact, whoever asks", async () => {
    const { app: limited, logs } = newPortal({ OTP_SEND_PER_CONTACT: "2" });
    await anonymousOnCodeStep("limite@example.it", "Uno", limited);
    await anonymousOnCodeStep("limite@example.it", "Due", limited);
    const jar = new PortalBrowser(limited, HOST);
    await jar.get(FORM);
    await jar.post(FORM, anonymousRequest("LIMITE@example.it", "Tre", freshCf()));
    const third = await jar.post(VERIFY, { intent: "codice" });
    expect(third.status).toBe(429);
    expect(third.text).toContain("Sono stati chiesti troppi codici: riprova tra 60 minuti.");
    const logged = logs.lines.join("\n");
    expect(logged).toContain("one-time code sending limit reached");
    expect(logged).not.toMatch(/limite@example|VRDLCU90E/i);
  });

  test("sending is limited per client address", async () => {
    const limited = newApp({ OTP_SEND_PER_CLIENT: "2" });
    await anonymousOnCodeStep("cliente1@example.it", "Uno", limited);
    await anonymousOnCodeStep("cliente2@example.it", "Due", limited);
    const jar = new PortalBrowser(limited, HOST);
    await jar.get(FORM);
    await jar.post(FORM, anonymousRequest("cliente3@example.it", "Tre", freshCf()));
    const third = await jar.post(VERIFY, { intent: "codice" });
    expect(third.status).toBe(429);
    expect(third.text).toContain("Sono stati chiesti troppi codici");
  });

  test("a CRM outage while checking the code: the service is down, the step stays, no try is counted", async () => {
    const { jar, cf, code } = await anonymousOnCodeStep("guasto@example.it", "Durante il guasto 4d7");
    await request(sandbox.url).post("/__sandbox/faults").send({ crm: "down" }).expect(200);
    try {
      for (let i = 0; i < 6; i++) {
        const down = await jar.post(VERIFY, { intent: "verifica", codice: code });
        expect(down.status).toBe(502);
        expect(down.text).toContain("Il servizio non è disponibile, riprova più tardi");
        expect(down.text).not.toContain("nuovo codice Otp");
        expect(down.text).toContain("Conferma e invia la richiesta");
      }
    } finally {
      await request(sandbox.url).post("/__sandbox/faults").send({ crm: "" }).expect(200);
    }
    const ok = await jar.post(VERIFY, { intent: "verifica", codice: code });
    expect(ok.headers.location).toBe("/feedback?feedbackType=ticketNoAuth");
    expect(await ticketsWith(cf, "Durante il guasto 4d7")).toBe(1);
  });
});

describe("the profile wizard's codes", () => {
  async function wizardOnCodeStep(email: string) {
    const jar = await login(GIULIA, "a");
    await jar.get(WIZARD);
    await jar.post(`${WIZARD}?passo=informativa`, { intent: "privacy", accept: "on" });
    const sent = await jar.post(`${WIZARD}?passo=contatti`, {
      intent: "contacts",
      email,
      emailRepeat: email,
      phone: "",
    });
    expect(sent.headers.location).toBe(`${WIZARD}?passo=contatti`);
    return { jar, code: await newestCode(email) };
  }

  test("5 wrong codes discard the verification; the 6th try with the right code, replayed cookie or not, fails", async () => {
    const { jar, code } = await wizardOnCodeStep("giulia.brute@example.it");
    const replay = jar.copy();
    for (let i = 1; i <= 4; i++) {
      const wrong = await jar.post(`${WIZARD}?passo=contatti`, { intent: "verify", code: wrongOf(code) });
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain(`Codice errato. Tentativi rimasti: ${5 - i}.`);
    }
    const fifth = await jar.post(`${WIZARD}?passo=contatti`, { intent: "verify", code: wrongOf(code) });
    expect(fifth.headers.location).toBe(`${WIZARD}?passo=contatti&annullato=1`);
    const page = await jar.get(fifth.headers.location!);
    expect(page.text).toContain("Hai inserito un codice errato troppe volte: la verifica è stata annullata.");

    const sixth = await replay.post(`${WIZARD}?passo=contatti`, { intent: "verify", code });
    expect(sixth.status).toBe(400);
    expect(sixth.text).toContain("Non c&#x27;è un codice valido per questo contatto");
    expect((await replay.get(`${WIZARD}?passo=preferenze`)).text).not.toContain(
      "giulia.brute@example.it è stato verificato",
    );
  });

  test("a resend within 30 s is refused with the wait", async () => {
    const { jar } = await wizardOnCodeStep("giulia.resend@example.it");
    const again = await jar.post(`${WIZARD}?passo=contatti`, { intent: "resend" });
    expect(again.status).toBe(429);
    expect(again.text).toMatch(/Puoi chiedere un nuovo codice tra (29|30) secondi\./);
  });
});

describe("drafts and tickets own their ids", () => {
  async function giuliasDraft(): Promise<{ giulia: PortalBrowser; id: string }> {
    const giulia = await login(GIULIA);
    await giulia.get(FORM);
    await giulia.post(FORM, { intent: "bozza", servizio: "3", dettagli: "Bozza di Giulia" });
    const activities = await giulia.get("/area-personale/attivita");
    return { giulia, id: /idBozza=(\d+)/.exec(activities.text)![1]! };
  }

  test("sending a request with another citizen's idBozza is refused and her draft stays", async () => {
    const { giulia, id } = await giuliasDraft();
    const luca = await login(LUCA);
    await luca.get(FORM);
    const res = await luca.post(FORM, {
      intent: "invia",
      email: "luca.verdi@example.it",
      telefono: "3331234567",
      servizio: "2",
      tipologia: "201",
      dettagli: "Con la bozza altrui 2b8",
      privacy: "1",
      idBozza: id,
    });
    expect(res.status).toBe(404);
    expect(res.text).toContain("Bozza non trovata");
    expect((await giulia.get(`${FORM}?idBozza=${id}`)).status).toBe(200);
    expect(await ticketsWith(LUCA, "Con la bozza altrui 2b8")).toBe(0);
  });

  test("deleting another citizen's draft is refused and her draft stays", async () => {
    const { giulia, id } = await giuliasDraft();
    const luca = await login(LUCA);
    await luca.get(FORM);
    const res = await luca.post(`/nuova-richiesta/bozze/${id}/elimina`, {});
    expect(res.status).toBe(404);
    expect((await giulia.get(`${FORM}?idBozza=${id}`)).status).toBe(200);
  });

  test("a request whose attachment the store no longer has is not sent without it", async () => {
    const luca = await login(LUCA);
    await luca.get(FORM);
    const res = await luca.post(FORM, {
      intent: "invia",
      email: "luca.verdi@example.it",
      telefono: "3331234567",
      servizio: "2",
      tipologia: "201",
      dettagli: "Senza il suo allegato 7e1",
      privacy: "1",
      allegatoRef: "A".repeat(43),
      allegatoNome: "ricevuta.pdf",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Il file allegato (ricevuta.pdf) non è più disponibile: allegalo di nuovo");
    expect(res.text).toContain("Senza il suo allegato 7e1");
    expect(await ticketsWith(LUCA, "Senza il suo allegato 7e1")).toBe(0);
  });
});

describe("no duplicate ticket after a timeout", () => {
  let relay: Awaited<ReturnType<typeof startHeldRelay>>;
  beforeAll(async () => {
    // In front of the sandbox: the first ticket creation is forwarded at once, its answer held past the portal's
    // timeout (500 ms in tests); `relay.answered` settles when the sandbox has answered (the ticket exists).
    relay = await startHeldRelay(
      sandbox.url,
      (method, path) => method === "POST" && path === "/api/crm/tickets",
    );
  });
  afterAll(() => relay.close());

  test("the citizen's retry of the same form finds the first ticket: exactly one exists", async () => {
    // The upstream had time to finish (no settling): a retry looks for the ticket before it sends.
    const portal = newApp({ WRITE_SETTLE_MS: "0" }, relay.url);
    const luca = (await login(LUCA)).through(portal);
    const form = await luca.get(FORM);
    const key = /name="chiaveInvio" value="([\w-]{43})"/.exec(form.text)?.[1];
    expect(key).toBeDefined();
    const fields = {
      chiaveInvio: key!,
      intent: "invia",
      email: "luca.verdi@example.it",
      telefono: "3331234567",
      servizio: "2",
      tipologia: "201",
      dettagli: "Una sola volta 5a3",
      privacy: "1",
    };
    const late = await luca.post(FORM, fields);
    expect(late.status).toBe(504);
    expect(late.text).toContain("la richiesta potrebbe essere arrivata comunque");
    // The form comes back with the same key, and the upstream did create the ticket meanwhile.
    expect(late.text).toContain(`name="chiaveInvio" value="${key}"`);
    await relay.answered;
    const retry = await luca.post(FORM, fields);
    expect(retry.headers.location).toBe("/feedback?feedbackType=ticket");
    const ids = await ticketIdsWith(LUCA, "Una sola volta 5a3");
    expect(ids).toHaveLength(1);
    const seen = await luca.get(`/area-personale/richieste/${ids[0]}`);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain("Una sola volta 5a3");
  });
});
