import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { Express, RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { PortalBrowser, withoutSummaryVersion } from "#tests/support/portal-browser.ts";
import { CITIZENS, HOSTS, getPage, signIn } from "#tests/support/portal-requests.ts";

// The profile and its wizard over HTTP, without JavaScript: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
let app: Express;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  app = testApp({ upstreamUrl: sandbox.url, ssrHandler }).app;
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;
const PROFILE = "/area-personale/profilo-utente";
const WIZARD = `${PROFILE}/componi`;
const LUCA = CITIZENS.LUCA;
const GIULIA = CITIZENS.GIULIA;

/** A citizen's browser on the portal, logged in (their upstream data put back as seeded). */
async function login(codiceFiscale: string): Promise<PortalBrowser> {
  const browser = new PortalBrowser(app, HOST).withCookie(await signIn(sandbox.url, codiceFiscale));
  await request(sandbox.url).post(`/__sandbox/citizens/${codiceFiscale}/reset`).expect(200);
  return browser;
}

async function newestCode(to: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/__sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
  const messages = (await res.json()) as Array<{ body: string }>;
  return /\b(\d{5})\b/.exec(messages[0]?.body ?? "")?.[1] ?? "";
}

describe("the user profile", () => {
  test("anonymous: sent to the login, which brings them back", async () => {
    const res = await getPage(app, PROFILE);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/api/utenti/login?redirector=${encodeURIComponent(PROFILE)}`);
  });

  test("without a profile: the warning and the link to the wizard", async () => {
    const jar = await login(LUCA);
    const res = await jar.get(PROFILE);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Non hai ancora creato il tuo profilo personale");
    expect(res.text).toContain(`href="${WIZARD}"`);
    expect(res.text).toContain(`CF: ${LUCA}`);
  });

  test("the wizard's success page opened directly announces nothing (issue #40): the profile page instead", async () => {
    const jar = await login(GIULIA);
    const res = await jar.get(`${WIZARD}/successo`);
    expect([res.status, res.headers.location]).toEqual([302, PROFILE]);
  });

  test("with a profile: contacts, preferences, payments and terms; preferences saved after a redirect", async () => {
    const jar = await login(GIULIA);
    const res = await jar.get(PROFILE);
    expect(res.status).toBe(200);
    expect(res.text).toContain("giulia.bianchi@example.it");
    expect(res.text).toContain("+39 3471112233");
    expect(res.text).toContain("Salva le ricevute nell&#x27;archivio documenti");
    // Two sections, two titles: the preferences' table and the receipts' section are not both "Pagamenti".
    expect(res.text).toMatch(/<caption[^>]*>Notifiche sui pagamenti<\/caption>/);
    expect(res.text).toMatch(/<h2[^>]*>Ricevute di pagamento<\/h2>/);
    expect(res.text).not.toMatch(/>Pagamenti</);
    expect(res.text).not.toMatch(/<script>alert/);
    // A link naming a change nobody made announces nothing (issue #40).
    expect((await jar.get(`${PROFILE}?esito=preferenze`)).text).not.toContain(
      "Preferenze modificate con successo.",
    );
    const saved = await jar.post(PROFILE, { intent: "preferences", "pref.valverde_scuola.sms": "on" });
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe(`${PROFILE}?esito=preferenze#preferenze`);
    const after = await jar.get(`${PROFILE}?esito=preferenze`);
    expect(after.text).toContain("Preferenze modificate con successo.");
    expect(after.text).toMatch(/name="pref\.valverde_scuola\.sms" checked/);
    expect(after.text).not.toMatch(/name="pref\.valverde_anagrafe\.email" checked/);
  });

  test("a phone number with letters keeps what was typed and says why", async () => {
    const jar = await login(GIULIA);
    await jar.get(PROFILE);
    const res = await jar.post(`${PROFILE}?modifica=telefono`, {
      intent: "change-phone",
      phone: "33a1234567",
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Deve contenere solo numeri");
    expect(res.text).toContain('value="33a1234567"');
  });
});

describe("the profile wizard without JavaScript", () => {
  test("privacy, contacts verified by a code, preferences, summary, confirmation", async () => {
    const jar = await login(LUCA);
    // The bare address names its first step (the state the wizard starts with is saved there).
    const bare = await jar.get(WIZARD);
    expect([bare.status, bare.headers.location]).toEqual([302, `${WIZARD}?passo=informativa`]);
    const first = await jar.get(bare.headers.location!);
    expect(first.status).toBe(200);
    expect(first.text).toContain("Informativa sul trattamento dei dati personali");
    expect(first.text).not.toContain("alert(&#x27;informativa&#x27;)");

    const refused = await jar.post(`${WIZARD}?passo=informativa`, { intent: "privacy" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Dichiara di aver letto l&#x27;informativa");
    const accepted = await jar.post(`${WIZARD}?passo=informativa`, { intent: "privacy", accept: "on" });
    expect(accepted.headers.location).toBe(`${WIZARD}?passo=contatti`);

    const email = "luca.render@example.it";
    const mismatch = await jar.post(`${WIZARD}?passo=contatti`, {
      intent: "contacts",
      email,
      emailRepeat: "other@example.it",
      phone: "",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain("Gli indirizzi e-mail non coincidono");
    const sent = await jar.post(`${WIZARD}?passo=contatti`, {
      intent: "contacts",
      email,
      emailRepeat: email,
      phone: "",
    });
    expect(sent.headers.location).toBe(`${WIZARD}?passo=contatti`);
    const codePage = await jar.get(`${WIZARD}?passo=contatti`);
    expect(codePage.text).toContain(`Abbiamo inviato il codice di verifica all&#x27;indirizzo ${email}`);
    expect(codePage.text).toMatch(/valido fino alle \d\d:\d\d/);

    // Skipping ahead is not possible before the code is verified: the step reached instead.
    const early = await jar.get(`${WIZARD}?passo=riepilogo`);
    expect([early.status, early.headers.location]).toEqual([302, `${WIZARD}?passo=contatti`]);
    expect((await jar.get(early.headers.location!)).text).toContain("Codice di verifica");

    const code = await newestCode(email);
    const wrong = await jar.post(`${WIZARD}?passo=contatti`, {
      intent: "verify",
      code: code === "00000" ? "11111" : "00000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Codice errato");
    // The right code sent three times at once (a double click without JavaScript): each post goes on, none says
    // "Codice errato" for the code the first one spent.
    const rights = await Promise.all(
      [0, 1, 2].map(() => jar.copy().post(`${WIZARD}?passo=contatti`, { intent: "verify", code })),
    );
    for (const right of rights)
      expect([right.status, right.headers.location]).toEqual([303, `${WIZARD}?passo=preferenze`]);
    jar.take(rights[0]!);

    const prefs = await jar.post(`${WIZARD}?passo=preferenze`, {
      intent: "preferences",
      "pref.valverde_anagrafe.email": "on",
    });
    expect(withoutSummaryVersion(prefs.headers.location)).toBe(`${WIZARD}?passo=riepilogo`);
    const summary = await jar.get(`${WIZARD}?passo=riepilogo`);
    expect(summary.text).toContain(email);
    expect(summary.text).toContain("Nessun numero di telefono");

    // The summary's form posts to its own address (with the digest of what it shows).
    const done = await jar.post(prefs.headers.location!, { intent: "confirm" });
    expect(done.headers.location).toBe(`${WIZARD}/successo`);
    // A second "Conferma" of that summary leaving after the first's answer (the flow cleared) lands there too.
    const again = await jar.post(prefs.headers.location!, { intent: "confirm" });
    expect([again.status, again.headers.location]).toEqual([303, `${WIZARD}/successo`]);
    expect((await jar.get(`${WIZARD}/successo`)).status).toBe(200);
    const profile = await jar.get(PROFILE);
    expect(profile.text).toContain(email);
    expect(profile.text).toMatch(/name="pref\.valverde_anagrafe\.email" checked/);
  });
});
