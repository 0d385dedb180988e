import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express, RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, pageText } from "#tests/support/portal-requests.ts";

// The assistance request (issue #11) over HTTP without JavaScript: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let app: Express;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  app = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
});
afterAll(() => sandbox.close());

const HOST = HOSTS.b;
const UPSTREAM_HOST = "servizi.comune.montealto.it";
const FORM = "/nuova-richiesta";
const LUCA = CITIZENS.LUCA;
const GIULIA = CITIZENS.GIULIA;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from("%PDF-1.4\n%test\n");

class CookieJar {
  readonly cookies = new Map<string, string>();
  take(setCookies: string[] | string | undefined) {
    for (const line of [setCookies ?? []].flat()) {
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (/;\s*Max-Age=0(;|$)/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function login(codiceFiscale: string): Promise<CookieJar> {
  const res = await request(sandbox.url)
    .post("/api-public/sandbox-idp/login")
    .set("X-Forwarded-Host", UPSTREAM_HOST)
    .type("form")
    .send({ codiceFiscale, redirector: "" });
  const jar = new CookieJar();
  jar.take(res.headers["set-cookie"]);
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return jar;
}

async function get(jar: CookieJar, path: string) {
  const res = await request(app).get(path).set("Host", HOST).set("Cookie", jar.header());
  jar.take(res.headers["set-cookie"]);
  return res;
}

type Attach = { name: string; content: Buffer };

async function post(
  jar: CookieJar,
  path: string,
  fields: Record<string, string>,
  file?: Attach,
  xsrf = true,
) {
  // Without the token, the post also names no sender: only then does the token decide (a post with our Origin needs
  // none, docs/decisions/anonymous-pages.md).
  let req = request(app)
    .post(path)
    .set("Host", HOST)
    .set(xsrf ? { Origin: `http://${HOST}` } : {})
    .set("Cookie", jar.header());
  if (xsrf) req = req.field("_xsrf", maskXsrfToken(jar.cookies.get("XSRF-TOKEN")!));
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  if (file) req = req.attach("allegato", file.content, file.name);
  const res = await req;
  jar.take(res.headers["set-cookie"]);
  return res;
}

async function newestCode(to: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
  const messages = (await res.json()) as Array<{ body: string }>;
  return /\b(\d{5})\b/.exec(messages.at(0)?.body ?? "")?.[1] ?? "";
}

const request1 = {
  email: "luca.verdi@example.it",
  telefono: "3331234567",
  servizio: "2",
  tipologia: "201",
  dettagli: "Ho ricevuto due avvisi <b>TARI</b>.",
  privacy: "1",
};

describe("the assistance request", () => {
  test("anonymous: the form with the login offer, the lists and the privacy text", async () => {
    const jar = new CookieJar();
    const res = await get(jar, `${FORM}?servizio=2`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("I campi contraddistinti dal simbolo (*) sono obbligatori");
    expect(res.text).toContain("Hai già un&#x27;identità digitale SPID o CIE?");
    expect(res.text).toContain("TARI - tassa rifiuti");
    expect(res.text).toContain("Informativa sul trattamento dei dati personali");
    expect(res.text).toContain("Aggiorna tipologie");
    expect(res.text).not.toContain("Salva richiesta");
  });

  test("without a token, from a browser that names no sender, the post is refused", async () => {
    const jar = new CookieJar();
    await get(jar, FORM);
    const res = await post(jar, FORM, { intent: "invia", ...request1 }, undefined, false);
    expect(res.status).toBe(403);
  });

  test("errors keep every value; 'Aggiorna tipologie' shows the dependent list", async () => {
    const jar = new CookieJar();
    await get(jar, FORM);
    const updated = await post(jar, FORM, {
      intent: "tipologie",
      nome: "Luca",
      servizio: "1",
      dettagli: "ciao",
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain("Certificati anagrafici");
    expect(updated.text).toContain('value="Luca"');
    const invalid = await post(jar, FORM, {
      intent: "invia",
      nome: "Luca",
      cognome: "",
      codiceFiscale: "VRDLCU90E10F205X",
      email: "non-una-mail",
      telefono: "12",
      servizio: "1",
      tipologia: "",
      dettagli: "x".repeat(601),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("Inserire un codice fiscale valido");
    expect(invalid.text).toContain("Inserire mail valida");
    expect(invalid.text).toContain("Inserire un numero valido");
    expect(invalid.text).toContain("Inserire al massimo 600 caratteri");
    expect(invalid.text).toContain("Dichiara di aver letto l&#x27;informativa");
    expect(invalid.text).toContain('value="non-una-mail"');
    expect(invalid.text).toContain('value="VRDLCU90E10F205X"');
  });

  test("a file whose content is not its extension is refused; a good one is kept across errors", async () => {
    const jar = new CookieJar();
    await get(jar, FORM);
    const lying = await post(
      jar,
      FORM,
      { intent: "invia", ...request1 },
      { name: "documento.pdf", content: PNG },
    );
    expect(lying.status).toBe(400);
    expect(lying.text).toContain("Il file documento.pdf non è del tipo dichiarato");
    const kept = await post(
      jar,
      FORM,
      { intent: "invia", ...request1, privacy: "" },
      { name: "avviso.pdf", content: PDF },
    );
    expect(kept.status).toBe(400);
    expect(pageText(kept.text)).toContain("File allegato: avviso.pdf");
    expect(kept.text).toMatch(/name="allegatoRef" value="[\w-]{43}"/);
  });

  test("anonymous: valid form → e-mail code → wrong code stays → right code → /feedback with the e-mail", async () => {
    const jar = new CookieJar();
    await get(jar, FORM);
    const sent = await post(
      jar,
      FORM,
      {
        intent: "invia",
        nome: "Luca",
        cognome: "Verdi",
        codiceFiscale: LUCA,
        ...request1,
        email: "anon.b@example.it",
      },
      { name: "avviso.png", content: PNG },
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(`${FORM}?passo=verifica`);
    const step = await get(jar, `${FORM}?passo=verifica`);
    expect(step.text).toContain(
      "ti verrà inviato un codice di verifica all&#x27;indirizzo anon.b@example.it",
    );
    const asked = await post(jar, FORM, { intent: "codice" });
    expect(asked.status).toBe(302);
    const codeStep = await get(jar, asked.headers.location!);
    expect(codeStep.text).toContain("Codice di verifica");
    const code = await newestCode("anon.b@example.it");
    expect(code).toMatch(/^\d{5}$/);
    expect(codeStep.text).not.toContain(code);
    const wrong = await post(jar, FORM, { intent: "verifica", codice: code === "00000" ? "11111" : "00000" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Il codice non è corretto o è scaduto");
    const ok = await post(jar, FORM, { intent: "verifica", codice: code });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe("/feedback?feedbackType=ticketNoAuth");
    const feedback = await get(jar, ok.headers.location!);
    expect(feedback.text).toContain("Richiesta inviata");
    expect(feedback.text).toContain("Abbiamo inviato il riepilogo alla email: anon.b@example.it");
    const again = await post(jar, FORM, { intent: "verifica", codice: code });
    expect(again.status).toBe(400);
  });

  test("logged in: identity locked (posted values ignored), sent → /feedback?feedbackType=ticket", async () => {
    const jar = await login(GIULIA);
    const form = await get(jar, FORM);
    expect(form.text).toMatch(/value="Giulia"[^>]*readOnly|readOnly[^>]*value="Giulia"/i);
    expect(form.text).toContain("giulia.bianchi@example.it");
    expect(form.text).toContain('value="3471112233"');
    const res = await post(jar, FORM, {
      intent: "invia",
      ...request1,
      nome: "Falso",
      codiceFiscale: LUCA,
      email: "giulia.bianchi@example.it",
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/feedback?feedbackType=ticket");
    const feedback = await get(jar, res.headers.location!);
    expect(feedback.text).toContain("Richiesta inviata");
    expect(feedback.text).toContain("Area riservata");
  });

  test("drafts: save (only Servizio required), resume with the attachment, send deletes it; others get 404", async () => {
    const jar = await login(GIULIA);
    await get(jar, FORM);
    const missing = await post(jar, FORM, { intent: "bozza", servizio: "" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Campo obbligatorio");
    const saved = await post(
      jar,
      FORM,
      { intent: "bozza", servizio: "1", dettagli: "Bozza di prova" },
      { name: "foto.png", content: PNG },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/feedback?feedbackType=partialTicket");
    expect((await get(jar, saved.headers.location!)).text).toContain("Bozza salvata");
    const activities = await get(jar, "/area-personale/attivita");
    expect(activities.text).toContain("Bozze di richiesta");
    const id = /idBozza=(\d+)/.exec(activities.text)?.[1];
    expect(id).toBeDefined();
    const resumed = await get(jar, `${FORM}?idBozza=${id}`);
    expect(resumed.status).toBe(200);
    expect(resumed.text).toContain("Bozza di prova");
    expect(pageText(resumed.text)).toContain("File allegato: foto.png");

    const other = await login(LUCA);
    expect((await get(other, `${FORM}?idBozza=${id}`)).status).toBe(404);
    expect((await get(other, `/nuova-richiesta/bozze/${id}/elimina`)).status).toBe(404);

    const allegatoRef = /name="allegatoRef" value="([\w-]{43})"/.exec(resumed.text)?.[1] ?? "";
    const sent = await post(jar, FORM, {
      intent: "invia",
      ...request1,
      servizio: "1",
      tipologia: "101",
      idBozza: id!,
      allegatoRef,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe("/feedback?feedbackType=ticket");
    expect((await get(jar, `${FORM}?idBozza=${id}`)).status).toBe(404);
  });

  test("drafts can be deleted after a confirmation", async () => {
    const jar = await login(GIULIA);
    await get(jar, FORM);
    await post(jar, FORM, { intent: "bozza", servizio: "3" });
    const activities = await get(jar, "/area-personale/attivita");
    const id = /idBozza=(\d+)/.exec(activities.text)?.[1];
    const confirm = await get(jar, `/nuova-richiesta/bozze/${id}/elimina`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain("Vuoi eliminare la bozza");
    const deleted = await post(jar, `/nuova-richiesta/bozze/${id}/elimina`, {});
    expect(deleted.status).toBe(302);
    expect((await get(jar, "/area-personale/attivita")).text).toContain("Non ci sono bozze di richiesta");
  });

  test("/feedback without a known type is a neutral page", async () => {
    const res = await get(new CookieJar(), "/feedback?feedbackType=boh");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Nessuna richiesta da mostrare");
    expect(res.text).not.toContain("Richiesta inviata");
  });

  test("an upstream failure keeps what was typed with a 502", async () => {
    const jar = await login(GIULIA);
    await get(jar, FORM);
    await request(sandbox.url).post("/__sandbox/faults").send({ crm: "down" });
    try {
      const res = await post(jar, FORM, { intent: "invia", ...request1, dettagli: "Tenetemi" });
      expect(res.status).toBe(502);
      expect(res.text).toContain("Tenetemi");
    } finally {
      await request(sandbox.url).post("/__sandbox/faults").send({ crm: "up" });
    }
  });
});
