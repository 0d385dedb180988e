import { expect, test } from "vitest";
import { ComuneConfigSchema, ServiceDetailsSchema } from "#shared/api/tenant-config.ts";
import { createTestSandbox, hosts } from "#tests/support/test-sandbox.ts";

const { http } = createTestSandbox();

test("the configuration names the forms front office the sandbox stands in for (not in the public contract)", async () => {
  const res = await http.get("/api-public/configComune/fromtenant").set("X-Forwarded-Host", hosts.a);
  const comune = ComuneConfigSchema.parse(res.body);
  expect(comune.urlModuli).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/moonfobl$/);
});

test("an unknown form is named (escaped) on a 404 page that links back only to an http(s) address", async () => {
  const back = "http://comune-a.localhost:3000/servizi/102";
  const res = await http.get("/moonfobl/accesso/gasprp_salute").query({
    consumer: "cittafacile",
    service: "new",
    codice_ente: "c_v001",
    codice_modulo: "CERT_ANAG<script>",
    back_url: back,
  });
  expect(res.status).toBe(404);
  expect(res.type).toBe("text/html");
  expect(res.text).toContain("CERT_ANAG&#60;script&#62;");
  expect(res.text).toContain(`href="${back}"`);
  const evil = await http.get("/moonfobl/accesso/gasprp_salute").query({ back_url: "javascript:alert(1)" });
  expect(evil.text).not.toContain("javascript:");
});

test.each([
  ["comune-a", hosts.a, 15],
  ["comune-b", hosts.b, 12],
])("%s: every service detail carries a complete scheda servizio", async (_name, host, count) => {
  const res = await http.get("/api-public/configComune/dettaglioServizi").set("X-Forwarded-Host", host);
  const details = ServiceDetailsSchema.parse(res.body);
  expect(details.filter((d) => d.scheda)).toHaveLength(count);
  for (const d of details)
    expect(d.scheda?.ufficio.indirizzo ?? d.scheda?.ufficio.videochiamata).toBeTruthy();
});
