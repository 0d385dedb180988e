import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import { startSandbox, type StartedSandbox } from "./start.ts";
import { asText, createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { profileFromEnv } from "./profile.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const MARIO = CITIZENS.MARIO;

/** One call of each thing the published BFF does not route, as the portal makes it (a citizen where under /api). */
const UNROUTED: Array<[method: "get" | "put" | "delete" | "post", path: string, status: 404 | 405]> = [
  ["get", "/api-public/configComune/menufooter", 404],
  ["get", "/api-public/configComune/contatti", 404],
  ["get", "/api-public/configComune/disservizio/policy", 404],
  ["get", "/api-public/crm/disservizio/categorie", 404],
  ["get", "/api-public/mypay/tipologie", 404],
  ["get", `/api/mypay/posizioni/${MARIO}`, 404],
  ["get", "/api/deleghe/policy", 404],
  ["get", "/api/deleghe?ruolo=delegante", 404],
  ["get", "/api/richieste-delega", 404],
  ["put", "/api-public/appsched/appointments/hash/abc", 405],
  ["delete", "/api-public/appsched/appointments/hash/abc", 405],
  ["get", `/api-public/ppay/citizens/${MARIO}/debtpositions?iuv=1`, 404],
];

describe("the published profile routes what the published BFF routes", () => {
  const spec = createTestSandbox();
  const published = createTestSandbox({ profile: "published" });
  let specMario = "";
  let publishedMario = "";
  beforeAll(async () => {
    specMario = await loginAs(spec.app, MARIO);
    publishedMario = await loginAs(published.app, MARIO);
  });

  test.each(UNROUTED)(
    "%s %s: Spring's %i there, answered by the spec's BFF",
    async (method, path, status) => {
      const ask = (s: typeof spec, cookie: string) =>
        s.http[method](path).set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).send();
      const there = await ask(published, publishedMario);
      expect(there.status).toBe(status);
      expect(there.body).toMatchObject({ status, path: path.split("?")[0], error: expect.any(String) });
      expect(there.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
      const here = await ask(spec, specMario);
      expect(here.status).not.toBe(405);
      expect(here.body?.timestamp).toBeUndefined();
    },
  );

  test("the filters run first, as there: an anonymous call under /api is 401 whatever its path", async () => {
    const res = await published.http.get("/api/deleghe/policy").set("X-Forwarded-Host", hosts.a);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, error: "Token shibbolet non presente" });
  });

  test("what the published BFF routes still answers (the anonymous payer's notice, payment types, the rest)", async () => {
    for (const path of [
      "/api-public/configComune/fromtenant",
      "/api-public/ppay/paymenttypes",
      "/api-public/policy",
    ]) {
      const res = await published.http.get(path).set("X-Forwarded-Host", hosts.a).parse(asText);
      expect(res.status, path).toBe(200);
    }
  });

  test("an unknown municipality fails the published BFF's filter on every path (500); the spec's answers 204/404", async () => {
    const there = await published.http
      .get("/api-public/configComune/fromtenant")
      .set("X-Forwarded-Host", "x.it");
    expect(there.status).toBe(500);
    const here = await spec.http.get("/api-public/configComune/fromtenant").set("X-Forwarded-Host", "x.it");
    expect(here.status).toBe(204);
  });

  test("an unrouted path is Spring's 404 there, the sandbox's ErrorDto here", async () => {
    const there = await published.http.get("/api-public/nothing").set("X-Forwarded-Host", hosts.a);
    expect(there.body).toMatchObject({ status: 404, error: "Not Found", path: "/api-public/nothing" });
    const here = await spec.http.get("/api-public/nothing").set("X-Forwarded-Host", hosts.a);
    expect(here.body).toMatchObject({ status: 404, title: expect.any(String), details: null });
  });

  test("SANDBOX_BFF names a profile or fails", () => {
    expect(profileFromEnv(undefined)).toBe("spec");
    expect(profileFromEnv("published")).toBe("published");
    expect(() => profileFromEnv("real")).toThrow(/SANDBOX_BFF/);
  });
});

describe("a municipality with a CMS: menu and services redirect to the CMS stand-in, on its own port", () => {
  let sandbox: StartedSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(() => sandbox.close());

  test("302 to the CMS's own address, which answers what the original front end read", async () => {
    const menu = await request(sandbox.url)
      .get("/api-public/configComune/menu")
      .set("X-Forwarded-Host", hosts.a);
    expect(menu.status).toBe(302);
    expect(menu.headers["content-type"]).toMatch(/^application\/json/);
    const menuAt = new URL(menu.headers.location!);
    expect(menuAt.origin).toBe(sandbox.cmsUrl);
    expect(menuAt.origin).not.toBe(sandbox.url);
    const cmsMenu = await request(menuAt.origin).get(menuAt.pathname);
    expect(Object.keys(cmsMenu.body)).toEqual(["main", "menu-argomenti", "contatta-comune"]);

    const servizi = await request(sandbox.url)
      .get("/api-public/configComune/servizi")
      .set("X-Forwarded-Host", hosts.a);
    expect(servizi.status).toBe(302);
    const at = new URL(servizi.headers.location!);
    const list = (await request(at.origin).get(at.pathname)).body as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(5);
    for (const service of list) {
      expect(service).toMatchObject({
        id: expect.any(Number),
        nome: expect.any(String),
        categorie: expect.any(Array),
      });
      expect(service).toHaveProperty("linkServizio");
      expect(service).not.toHaveProperty("categoria_servizio");
    }
  });

  test("a municipality without a CMS answers from the BFF's own database", async () => {
    const menu = await request(sandbox.url)
      .get("/api-public/configComune/menu")
      .set("X-Forwarded-Host", hosts.b);
    expect(menu.status).toBe(200);
    expect(menu.body).toHaveProperty("main");
  });
});
