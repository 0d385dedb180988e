import { expect, test } from "vitest";
import { UtenteSchema } from "#shared/api/user.ts";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { app, http } = createTestSandbox();
const giulia = CITIZENS.GIULIA;

test("the whole login journey ends in the personal area with the redirector", async () => {
  const start = await http
    .get("/api/utenti/login?redirector=%2Fservizi%2Fpagamenti")
    .set("X-Forwarded-Host", hosts.a);
  expect(start.status).toBe(302);
  expect(start.headers.location).toBe("/api-public/sandbox-idp/login?redirector=%2Fservizi%2Fpagamenti");

  const page = await http.get(start.headers.location as string).set("X-Forwarded-Host", hosts.a);
  expect(page.status).toBe(200);
  expect(page.text).toContain('<html lang="it">');
  expect(page.text).toContain('value="/servizi/pagamenti"');
  // One script only, the bootstrap-italia version (C.SI.1.2), allowed by its hash and nothing else.
  expect(page.text.match(/<script/gi)).toHaveLength(1);
  expect(page.text).toMatch(/<script>window\.BOOTSTRAP_ITALIA_VERSION="\d+\.\d+\.\d+";<\/script>/);

  const chosen = await http
    .post("/api-public/sandbox-idp/login")
    .set("X-Forwarded-Host", hosts.a)
    .type("form")
    .send({ codiceFiscale: giulia, redirector: "/servizi/pagamenti" });
  expect(chosen.status).toBe(302);
  expect(chosen.headers.location).toBe("/api/utenti/login?redirector=%2Fservizi%2Fpagamenti");
  const setCookie = (chosen.headers["set-cookie"] as unknown as string[])[0] ?? "";
  expect(setCookie).toMatch(/^SANDBOX_SSO=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
  const cookie = setCookie.split(";")[0] as string;

  const back = await http
    .get(chosen.headers.location as string)
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(back.status).toBe(302);
  expect(back.headers.location).toBe("/area-personale?redirector=%2Fservizi%2Fpagamenti");

  const me = await http.get("/api-public/utenti/me").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  const user = UtenteSchema.parse(me.body);
  expect(user).toMatchObject({ nome: "Giulia", cognome: "Bianchi", codFisc: giulia });
  expect(user.contatti).toMatchObject({ email: "giulia.bianchi@example.it", sms: "00393471112233" });
});

test("login without a redirector lands on the personal area", async () => {
  const cookie = await loginAs(app, giulia);
  const res = await http.get("/api/utenti/login").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  expect(res.headers.location).toBe("/area-personale");
});

test("an unknown identity is refused on the identity provider page", async () => {
  const res = await http
    .post("/api-public/sandbox-idp/login")
    .set("X-Forwarded-Host", hosts.a)
    .type("form")
    .send({ codiceFiscale: "X" });
  expect(res.status).toBe(400);
  expect(res.headers["set-cookie"]).toBeUndefined();
  expect(res.text).toContain('role="alert"');
});

test("a forged or unsigned cookie is anonymous", async () => {
  const cookie = await loginAs(app, giulia);
  const forged = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  const res = await http.get("/api-public/utenti/me").set("X-Forwarded-Host", hosts.a).set("Cookie", forged);
  expect(res.status).toBe(401);
});

test("anonymous callers get the BFF's two kinds of 401", async () => {
  const pub = await http.get("/api-public/utenti/me").set("X-Forwarded-Host", hosts.a);
  expect(pub.status).toBe(401);
  expect(pub.body).toEqual({ status: 401, title: "Accesso non effettuato", details: null });
  const auth = await http.get("/api/utenti/me").set("X-Forwarded-Host", hosts.a);
  expect(auth.status).toBe(401);
  expect(auth.body).toEqual({ status: 401, error: "Token shibbolet non presente" });
});

test("a citizen without Notify contacts has contatti null", async () => {
  const cookie = await loginAs(app, CITIZENS.LUCA);
  const me = await http.get("/api/utenti/me").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  expect(me.status).toBe(200);
  expect(me.body.contatti).toBeNull();
});

test("the SSO headers of the reverse proxy identify the citizen", async () => {
  const res = await http
    .get("/api/utenti/me")
    .set("X-Forwarded-Host", hosts.b)
    .set("shib-identita-codicefiscale", "spsnna75t48f839x")
    .set("shib-identita-nome", "Anna")
    .set("shib-identita-cognome", "Esposito")
    .set("shib-email", "anna@example.it")
    .set("shib-mobile-phone", "+393389876543");
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    codFisc: CITIZENS.ANNA,
    email: "anna@example.it",
    phoneNumber: "+393389876543",
  });
  expect(res.body.contatti.email).toBe("a.esposito@example.it");
});

test("logout clears the cookie and goes to the portal's logout page", async () => {
  const cookie = await loginAs(app, giulia);
  const res = await http.get("/api/utenti/logout").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe("/logout");
  expect((res.headers["set-cookie"] as unknown as string[])[0]).toMatch(
    /^SANDBOX_SSO=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/,
  );
  const me = await http.get("/api-public/utenti/me").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie);
  expect(me.status).toBe(401);
});

test("the CMS header widget is JavaScript describing the user", async () => {
  const anonymous = await http.get("/api-public/utenti/menu").set("X-Forwarded-Host", hosts.a);
  expect(anonymous.headers["content-type"]).toMatch(/^application\/javascript/);
  expect(anonymous.text).toContain('"loginUrl":"https://servizi.comune.valverde.it/api/utenti/login"');
  const cookie = await loginAs(app, giulia);
  const known = await http
    .get("/api-public/utenti/menu")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(known.text).toMatch(
    /^const user = \{"auth":true,"maintenance":false,"buttonLabel":"Giulia Bianchi"/,
  );
});
