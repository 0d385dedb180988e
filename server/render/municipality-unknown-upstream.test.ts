import { afterAll, beforeAll, expect, test } from "vitest";
import request from "supertest";
import { createTenantDirectory, createTenantHolder } from "#config/tenants.ts";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";

// A host the tenants file maps to an upstream host the BFF does not know (a typo, a municipality not yet configured
// upstream): `fromtenant` answers nothing. Its pages are the portal's failure to serve them, not pages that do not
// exist: "Pagina non trovata" (404) on the home page told citizens (and search engines) the site was gone.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let portal: ReturnType<typeof testApp>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const tenants = createTenantHolder(
    createTenantDirectory([
      { id: "comune-x", hosts: ["comune-x.localhost"], upstreamHost: "servizi.comune.sconosciuto.it" },
    ]),
  );
  portal = testApp({ upstreamUrl: sandbox.url, ssrHandler: await loadSsrHandler(), tenants });
});
afterAll(() => sandbox.close());

test.each(["/", "/servizi", "/faq"])(
  "%s: 502 'the municipality's service does not answer', never 404",
  async (path) => {
    const page = await request(portal.app).get(path).set("Host", "comune-x.localhost");
    expect(page.status).toBe(502);
    expect(page.text).toContain("Il servizio del Comune non risponde correttamente.");
    expect(page.text).not.toContain("Pagina non trovata");
  },
);

test("the log names the cause an operator can fix", () => {
  expect(portal.logs.lines.join("\n")).toContain("municipality unknown upstream");
});
