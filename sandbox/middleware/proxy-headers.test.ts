import express from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { isProxiedPath, rebuildProxiedHeaders } from "./proxy-headers.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

// The BFF → service boundary of the sandbox: a proxied call reaches its service with the proxy's own headers only.
const app = express()
  .use(rebuildProxiedHeaders)
  .use((req, res) => void res.json({ headers: req.headers, raw: req.rawHeaders }));

const sent = {
  "X-Forwarded-Host": "servizi.comune.valverde.it",
  Cookie: "SANDBOX_SSO=abc",
  Authorization: "Basic bWFudXRlbnRvcmU6eA==",
  "shib-identita-codicefiscale": CITIZENS.MARIO,
  "Idempotency-Key": "0123456789abcdef0123456789abcdef",
  "X-Portal-Origin": "http://comune-a.localhost:3000",
  "X-Delega-Id": "dlg-a-0001",
  "X-Delega-Codice-Fiscale": CITIZENS.ANNA,
  "X-Custom": "anything",
  "Accept-Language": "en",
};

test.each([
  ["/api/appsched/appointments", { "accept-language": "it" }],
  ["/api-public/appsched/appointments", { "accept-language": "it" }],
  ["/api/crm/tickets", {}],
  ["/api-public/crm/tickets", {}],
  ["/api/crm/disservizio/tickets", {}],
  ["/api/ppay/debtpositions/123/payment", {}],
  ["/api-public/ppay/paymenttypes/MENSA/payment", {}],
  ["/api-public/mypay/importaDovuto", {}],
  ["/api/deleghe", {}],
  ["/api/richiesta-delega", {}],
  ["/api/document/documenti/cittadino/X", {}],
  ["/api/notificatore/preferenze/services", {}],
  ["/api/moon/istanze-paginate", { "client-profile": "citfac" }],
])("%s reaches its service without any header the BFF does not set", async (path, own) => {
  const res = await request(app).post(path).set(sent).send({ a: 1 });
  const headers = res.body.headers as Record<string, string>;
  const { host: _host, connection: _connection, ...rest } = headers;
  expect(rest).toEqual({ "content-type": "application/json", "content-length": "7", ...own });
  expect((res.body.raw as string[]).map((v) => v.toLowerCase())).not.toContain("idempotency-key");
});

test("the forms module keeps the citizen's identity token (MoonProxyService forwards it)", async () => {
  const res = await request(app).get("/api/moon/istanze-paginate").set("Moon-Identita-JWT", "jwt").set(sent);
  expect(res.body.headers["moon-identita-jwt"]).toBe("jwt");
  expect(res.body.headers["client-profile"]).toBeUndefined();
});

test("the BFF's own controllers keep what they read (tenant, identity, maintenance credential)", async () => {
  for (const path of [
    "/api-public/configComune/fromtenant",
    "/api/utenti/me",
    "/api/preferenze",
    "/api/drafts",
  ]) {
    expect(isProxiedPath(path)).toBe(false);
    const res = await request(app).get(path).set(sent);
    expect(res.body.headers["x-forwarded-host"]).toBe("servizi.comune.valverde.it");
    expect(res.body.headers["idempotency-key"]).toBe(sent["Idempotency-Key"]);
  }
});
