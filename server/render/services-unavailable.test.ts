import { afterAll, beforeAll, expect, test } from "vitest";
import request from "supertest";
import { startSandbox } from "#sandbox/start.ts";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// A cold start while the upstream fails on the municipality's services (`configComune/servizi`, nothing held yet):
// the pages say the services are unavailable, never that there are none nor that a service does not exist.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let upstream: Awaited<ReturnType<typeof startTestUpstream>>;
let portal: ReturnType<typeof testApp>["app"];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  upstream = await startTestUpstream((req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname.endsWith("/configComune/servizi")) {
      res.writeHead(502, { "content-type": "application/json" });
      return void res.end('{"status":502}');
    }
    // Everything else as the sandbox answers it.
    fetch(`${sandbox.url}${req.url}`, {
      headers: { "x-forwarded-host": String(req.headers["x-forwarded-host"] ?? "") },
      redirect: "manual",
    })
      .then(async (r) => {
        res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
        res.end(await r.text());
      })
      .catch(() => res.destroy());
  });
  portal = testApp({ upstreamUrl: upstream.url, ssrHandler: await loadSsrHandler() }).app;
});
afterAll(async () => {
  await upstream.close();
  await sandbox.close();
});

const UNAVAILABLE = "I servizi del Comune non sono al momento disponibili. Riprova tra qualche minuto.";
const get = (path: string) => request(portal).get(path).set("Host", HOSTS.b);
const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

test("the home page stays up and says the services are unavailable, not that there are none", async () => {
  const home = await get("/");
  expect(home.status).toBe(200);
  expect(text(home.text)).toContain(UNAVAILABLE);
  expect(text(home.text)).not.toContain("non ha pubblicato servizi");
});

test.each([
  "/servizi",
  "/servizi/207",
  "/argomenti/anagrafe",
  "/servizi/prenotazione-appuntamento-2?servizio=207",
])("%s: 503 'Servizio non disponibile', never a 404 nor an empty catalogue", async (path) => {
  const page = await get(path);
  expect(page.status).toBe(503);
  expect(text(page.text)).toContain("Servizio non disponibile");
  expect(text(page.text)).toContain(UNAVAILABLE);
  expect(text(page.text)).not.toContain("Nessun servizio corrisponde alla ricerca");
});
