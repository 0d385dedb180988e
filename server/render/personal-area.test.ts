import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS, HOSTS, signIn } from "#tests/support/portal-requests.ts";

// The personal area's frame and activities over HTTP: production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

async function citizenCookie(codiceFiscale: string, tenant: "a" | "b" = "a"): Promise<string> {
  return signIn(sandbox.url, codiceFiscale, tenant);
}

function get(path: string, cookie = "", host = HOSTS.a) {
  return request(testApp({ upstreamUrl: sandbox.url, ssrHandler }).app)
    .get(path)
    .set("Host", host)
    .set("Cookie", cookie);
}

async function setFault(name: string, value: "down" | null) {
  const res = await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ [name]: value }),
  });
  expect(res.ok).toBe(true);
}

describe("the personal area", () => {
  test.each(["/area-personale", "/area-personale/attivita?mostra=passati&quanti=10"])(
    "anonymous %s: sent to the login, which brings them back to the same page",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/api/utenti/login?redirector=${encodeURIComponent(path)}`);
    },
  );

  test("?redirector= is followed only to same-origin paths", async () => {
    const cookie = await citizenCookie(CITIZENS.ANNA);
    const inside = await get("/area-personale?redirector=%2Ffaq", cookie);
    expect([inside.status, inside.headers.location]).toEqual([302, "/faq"]);
    const outside = await get("/area-personale?redirector=https%3A%2F%2Fevil.example%2F", cookie);
    expect([outside.status, outside.headers.location]).toEqual([302, "/area-personale"]);
  });

  test("the desk names the citizen and lists the sections the municipality offers", async () => {
    const cookie = await citizenCookie(CITIZENS.ANNA);
    const a = await get("/area-personale", cookie);
    expect(a.status).toBe(200);
    expect(a.text).toContain("Anna Esposito");
    expect(a.text).toContain(`CF: ${CITIZENS.ANNA}`);
    for (const tab of ["/area-personale/messaggi", "/area-personale/attivita", "/area-personale/documenti"]) {
      expect(a.text).toContain(`href="${tab}"`);
    }
    const bCookie = await citizenCookie(CITIZENS.ANNA, "b");
    const b = await get("/area-personale", bCookie, HOSTS.b);
    expect(b.status).toBe(200);
    expect(b.text).not.toContain('href="/area-personale/documenti"');
  });

  test("Attività lists the citizen's own appointments with code, status and stages", async () => {
    const cookie = await citizenCookie(CITIZENS.MARIO);
    const res = await get("/area-personale/attivita?mostra=passati", cookie);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/Appuntamento n\. \d+/);
    expect(res.text).toContain("Appuntamento svolto");
    expect(res.text).toContain("Prenotazione inviata");
    // Anna's seeded appointments are not Mario's.
    expect(res.text).not.toContain("Appuntamento per le pubblicazioni");
  });

  test("Attività offers a section's filter only over something to filter, or to change a filter applied", async () => {
    const filters = [
      "Filtra gli appuntamenti",
      "Filtra le pratiche",
      "Filtra i pagamenti",
      "Filtra le richieste di assistenza",
    ].map((name) => `aria-label="${name}"`);
    // Luca has nothing yet: each section says so, with no filter above it.
    const luca = await citizenCookie(CITIZENS.LUCA);
    const empty = await get("/area-personale/attivita", luca);
    expect(empty.status).toBe(200);
    for (const what of ["appuntamenti", "pratiche", "pagamenti", "richieste"])
      expect(empty.text).toContain(`Non ci sono ancora ${what}`);
    for (const filter of filters) expect(empty.text).not.toContain(filter);
    // A filter applied (an address kept from before) stays, so that it can be changed or taken away.
    const filtered = await get("/area-personale/attivita?stato-richiesta=chiuse&mostra=passati", luca);
    expect(filtered.text).toContain("Non ci sono richieste in base ai filtri di ricerca");
    expect(filtered.text).toContain("Non ci sono appuntamenti in base ai filtri di ricerca");
    expect(filtered.text).toContain(filters[0]);
    expect(filtered.text).toContain(filters[3]);
    expect(filtered.text).not.toContain(filters[1]);
    // Mario has something in every section: every filter is there.
    const mario = await get("/area-personale/attivita", await citizenCookie(CITIZENS.MARIO));
    for (const filter of filters) expect(mario.text).toContain(filter);
  });

  test("appointments down: the page still renders and says the list could not be loaded", async () => {
    const cookie = await citizenCookie(CITIZENS.MARIO);
    await setFault("appsched", "down");
    try {
      const activities = await get("/area-personale/attivita", cookie);
      expect(activities.status).toBe(200);
      expect(activities.text).toContain("Non è stato possibile caricare l&#x27;elenco degli appuntamenti");
      // Nothing to filter in a list that could not be loaded.
      expect(activities.text).not.toContain('aria-label="Filtra gli appuntamenti"');
      const desk = await get("/area-personale", cookie);
      expect(desk.status).toBe(200);
      expect(desk.text).toContain("Mario Rossi");
      expect(desk.text).toContain("Non è stato possibile caricare tutte le attività");
    } finally {
      await setFault("appsched", null);
    }
  });
});
