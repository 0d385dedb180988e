import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express, RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { PortalBrowser } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS, pageText, signIn } from "#tests/support/portal-requests.ts";

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
const FORM = "/nuova-richiesta";
const LUCA = CITIZENS.LUCA;
const GIULIA = CITIZENS.GIULIA;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from("%PDF-1.4\n%test\n");

/** A browser on the request's form, which is sent multipart (its file field). */
const browser = () => new PortalBrowser(app, HOST).withMultipartForms();

/** A citizen's browser, logged in (their upstream data put back as seeded). */
async function login(codiceFiscale: string): Promise<PortalBrowser> {
  const logged = browser().withCookie(await signIn(sandbox.url, codiceFiscale, "b"));
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return logged;
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
    const jar = browser();
    const res = await jar.get(`${FORM}?servizio=2`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("I campi contraddistinti dal simbolo (*) sono obbligatori");
    expect(res.text).toContain("Hai già un&#x27;identità digitale SPID o CIE?");
    expect(res.text).toContain("TARI - tassa rifiuti");
    expect(res.text).toContain("Informativa sul trattamento dei dati personali");
    expect(res.text).toContain("Aggiorna tipologie");
    expect(res.text).not.toContain("Salva richiesta");
    // The form is no end of a service (Modello Comuni C.SE.1.7): the page's rating question.
    expect(res.text).toContain("Quanto sono chiare le informazioni su questa pagina?");
    expect(res.text).not.toContain("Quanto è stato facile usare questo servizio?");
  });

  test("without a token, from a browser that names no sender, the post is refused", async () => {
    const jar = browser();
    await jar.get(FORM);
    const res = await jar.post(FORM, { intent: "invia", ...request1 }, [], { xsrf: false });
    expect(res.status).toBe(403);
  });

  test("errors keep every value; 'Aggiorna tipologie' shows the dependent list", async () => {
    const jar = browser();
    await jar.get(FORM);
    const updated = await jar.post(FORM, {
      intent: "tipologie",
      nome: "Luca",
      servizio: "1",
      dettagli: "ciao",
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain("Certificati anagrafici");
    expect(updated.text).toContain('value="Luca"');
    const invalid = await jar.post(FORM, {
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
    expect(invalid.text).toContain("Inserisci un codice fiscale valido");
    expect(invalid.text).toContain("Inserisci un indirizzo e-mail valido");
    expect(invalid.text).toContain("Inserisci un numero valido");
    expect(invalid.text).toContain("Inserisci al massimo 600 caratteri");
    expect(invalid.text).toContain("Dichiara di aver letto l&#x27;informativa");
    expect(invalid.text).toContain('value="non-una-mail"');
    expect(invalid.text).toContain('value="VRDLCU90E10F205X"');
  });

  test("a file whose content is not its extension is refused; a good one is kept across errors", async () => {
    const jar = browser();
    await jar.get(FORM);
    const lying = await jar.post(FORM, { intent: "invia", ...request1 }, [
      { field: "allegato", name: "documento.pdf", bytes: PNG },
    ]);
    expect(lying.status).toBe(400);
    expect(lying.text).toContain("Il file documento.pdf non è del tipo dichiarato");
    const kept = await jar.post(FORM, { intent: "invia", ...request1, privacy: "" }, [
      { field: "allegato", name: "avviso.pdf", bytes: PDF },
    ]);
    expect(kept.status).toBe(400);
    expect(pageText(kept.text)).toContain("File allegato: avviso.pdf");
    expect(kept.text).toMatch(/name="allegatoRef" value="[\w-]{43}"/);
  });

  test("anonymous: valid form → e-mail code → wrong code stays → right code → /feedback with the e-mail", async () => {
    const jar = browser();
    await jar.get(FORM);
    const sent = await jar.post(
      FORM,
      {
        intent: "invia",
        nome: "Luca",
        cognome: "Verdi",
        codiceFiscale: LUCA,
        ...request1,
        email: "anon.b@example.it",
      },
      [{ field: "allegato", name: "avviso.png", bytes: PNG }],
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(`${FORM}?passo=verifica`);
    const step = await jar.get(`${FORM}?passo=verifica`);
    expect(step.text).toContain(
      "ti verrà inviato un codice di verifica all&#x27;indirizzo anon.b@example.it",
    );
    const asked = await jar.post(FORM, { intent: "codice" });
    expect(asked.status).toBe(302);
    const codeStep = await jar.get(asked.headers.location!);
    expect(codeStep.text).toContain("Codice di verifica");
    const code = await newestCode("anon.b@example.it");
    expect(code).toMatch(/^\d{5}$/);
    expect(codeStep.text).not.toContain(code);
    const wrong = await jar.post(FORM, { intent: "verifica", codice: code === "00000" ? "11111" : "00000" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Il codice non è corretto o è scaduto");
    const ok = await jar.post(FORM, { intent: "verifica", codice: code });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe("/feedback?feedbackType=ticketNoAuth");
    const feedback = await jar.get(ok.headers.location!);
    expect(feedback.text).toContain("Richiesta inviata");
    expect(pageText(feedback.text)).toContain(
      "Abbiamo inviato il riepilogo all'indirizzo e-mail anon.b@example.it",
    );
    const again = await jar.post(FORM, { intent: "verifica", codice: code });
    expect(again.status).toBe(400);
  });

  test("logged in: identity locked (posted values ignored), sent → /feedback?feedbackType=ticket", async () => {
    const jar = await login(GIULIA);
    const form = await jar.get(FORM);
    expect(form.text).toMatch(/value="Giulia"[^>]*readOnly|readOnly[^>]*value="Giulia"/i);
    expect(form.text).toContain("giulia.bianchi@example.it");
    expect(form.text).toContain('value="3471112233"');
    const res = await jar.post(FORM, {
      intent: "invia",
      ...request1,
      nome: "Falso",
      codiceFiscale: LUCA,
      email: "giulia.bianchi@example.it",
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/feedback?feedbackType=ticket");
    const feedback = await jar.get(res.headers.location!);
    expect(feedback.text).toContain("Richiesta inviata");
    expect(feedback.text).toContain("Area riservata");
  });

  test("drafts: save (only Servizio required), resume with the attachment, send deletes it; others get 404", async () => {
    const jar = await login(GIULIA);
    await jar.get(FORM);
    const missing = await jar.post(FORM, { intent: "bozza", servizio: "" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Campo obbligatorio");
    const saved = await jar.post(FORM, { intent: "bozza", servizio: "1", dettagli: "Bozza di prova" }, [
      { field: "allegato", name: "foto.png", bytes: PNG },
    ]);
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/feedback?feedbackType=partialTicket");
    expect((await jar.get(saved.headers.location!)).text).toContain("Bozza salvata");
    const activities = await jar.get("/area-personale/attivita");
    expect(activities.text).toContain("Bozze di richiesta");
    const id = /idBozza=(\d+)/.exec(activities.text)?.[1];
    expect(id).toBeDefined();
    const resumed = await jar.get(`${FORM}?idBozza=${id}`);
    expect(resumed.status).toBe(200);
    expect(resumed.text).toContain("Bozza di prova");
    expect(pageText(resumed.text)).toContain("File allegato: foto.png");

    const other = await login(LUCA);
    expect((await other.get(`${FORM}?idBozza=${id}`)).status).toBe(404);
    expect((await other.get(`/nuova-richiesta/bozze/${id}/elimina`)).status).toBe(404);

    const allegatoRef = /name="allegatoRef" value="([\w-]{43})"/.exec(resumed.text)?.[1] ?? "";
    const sent = await jar.post(FORM, {
      intent: "invia",
      ...request1,
      servizio: "1",
      tipologia: "101",
      idBozza: id!,
      allegatoRef,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe("/feedback?feedbackType=ticket");
    expect((await jar.get(`${FORM}?idBozza=${id}`)).status).toBe(404);
  });

  test("drafts can be deleted after a confirmation", async () => {
    const jar = await login(GIULIA);
    await jar.get(FORM);
    await jar.post(FORM, { intent: "bozza", servizio: "3" });
    const activities = await jar.get("/area-personale/attivita");
    const id = /idBozza=(\d+)/.exec(activities.text)?.[1];
    const confirm = await jar.get(`/nuova-richiesta/bozze/${id}/elimina`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain("Vuoi eliminare la bozza");
    const deleted = await jar.post(`/nuova-richiesta/bozze/${id}/elimina`, {});
    expect(deleted.status).toBe(302);
    expect((await jar.get("/area-personale/attivita")).text).toContain("Non ci sono bozze di richiesta");
  });

  test("/feedback without a known type is a neutral page", async () => {
    const res = await browser().get("/feedback?feedbackType=boh");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Nessuna richiesta da mostrare");
    expect(res.text).not.toContain("Richiesta inviata");
  });

  test("an upstream failure keeps what was typed with a 502", async () => {
    const jar = await login(GIULIA);
    await jar.get(FORM);
    await request(sandbox.url).post("/__sandbox/faults").send({ crm: "down" });
    try {
      const res = await jar.post(FORM, { intent: "invia", ...request1, dettagli: "Tenetemi" });
      expect(res.status).toBe(502);
      expect(res.text).toContain("Tenetemi");
    } finally {
      await request(sandbox.url).post("/__sandbox/faults").send({ crm: "up" });
    }
  });
});
