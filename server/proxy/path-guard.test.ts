import { describe, expect, test } from "vitest";
import express from "express";
import request from "supertest";
import { guardProxyPath, rawPathProblem } from "./path-guard.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

const BAD = [
  "/api/..;/api-admin/x",
  "/api/../api-admin/x",
  "/api-public/./crm/services",
  "/api/utenti/..",
  "/api/utenti/.",
  "/api/%2e%2e/api-admin/x",
  "/api/%2E%2E/api-admin/x",
  "/api/.%2e/api-admin/x",
  "/api/%2e/utenti/me",
  "/api/utenti/me%2e",
  "/api/utenti;jsessionid=abc/me",
  "/api/utenti/me;x=1?y=2",
  "/api/utenti%2fme",
  "/api/utenti%2Fme",
  "/api/utenti%5cme",
  "/api/utenti%5Cme",
  "/api/utenti\\me",
  "/api\\..\\api-admin",
  "/api/utenti%252e%252e/me",
  "/api/%252f",
  "/api/utenti%00/me",
  "/api/utenti\u0000/me",
  "/api/utenti%0d%0aX-Evil:1",
  "/api/utenti%3bx=1",
  "/api//utenti/login",
  "/api/utenti%zz",
  "/api/utenti%",
  "/api/%c0%ae%c0%ae/x",
  "/api/utenti/me#frag",
  "http://evil.example/api/utenti/me",
  "/x/../api/utenti/me",
  "/api/utenti/.hidden/..",
  "/api/utenti/me/.",
  "/api/utenti/me//",
];

const GOOD = [
  "/api",
  "/api/",
  "/api-public",
  "/api/utenti/me",
  "/api-public/crm/services?x=1",
  "/api-public/crm/knowledge_bases/1/search?q=a%2Fb",
  "/api-public/crm/knowledge_bases/1/search?q=..%2F..%2Fetc%2Fpasswd&x=%25%00",
  "/api-public/comuni/San%20Martino",
  "/api-public/comuni/Citt%C3%A8",
  "/api/documenti/modulo.v2.pdf",
  `/api/ppay/citizens/${CITIZENS.MARIO}/debtpositions?codice_fiscale=${CITIZENS.MARIO}`,
  "/api/utenti/login?redirector=%2Ffaq",
  "/api/x/...hidden~name_-1",
  "/api/search?q=a;b",
  "/api/x/.well-known/y",
  "/api/documenti/a.b/c-d_e~f/",
];

describe("rawPathProblem", () => {
  test.each(BAD)("refuses %j", (path) => {
    expect(rawPathProblem(path)).toBeTypeOf("string");
  });

  test.each(GOOD)("accepts %j", (path) => {
    expect(rawPathProblem(path)).toBeUndefined();
  });

  test("names the problem", () => {
    expect(rawPathProblem("/api/..;/x")).toBe("path parameter");
    expect(rawPathProblem("/api/../x")).toBe("dot segment");
    expect(rawPathProblem("/api/%2e%2e/x")).toBe("forbidden escape");
  });
});

describe("guardProxyPath", () => {
  function app() {
    const refused: string[] = [];
    const a = express();
    a.use(guardProxyPath((reason) => refused.push(reason)));
    a.use((req, res) => res.json({ reached: req.originalUrl }));
    return { app: a, refused };
  }

  test("answers 400 in Italian for a trick under /api, before anything else sees it", async () => {
    const { app: a, refused } = app();
    const res = await request(a).get("/api/..;/api-admin/x");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, title: "Indirizzo della richiesta non valido.", details: [] });
    expect(refused).toEqual(["path parameter"]);
  });

  test("also catches paths that only resolve to /api", async () => {
    const { app: a } = app();
    expect((await request(a).get("/x/../api/utenti/me")).status).toBe(400);
    expect((await request(a).get("/x/%2e%2e/api-public/crm")).status).toBe(400);
  });

  test("leaves other paths to the rest of the portal", async () => {
    const { app: a } = app();
    const res = await request(a).get("/faq/../servizi;x=1");
    expect(res.status).toBe(200);
    expect(res.body.reached).toBe("/faq/../servizi;x=1");
  });
});
