import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSandbox } from "#sandbox/start.ts";
import { isUpstreamFailure } from "#shared/api/upstream-failure.ts";
import { createTenantService, type TenantService } from "./tenant-config.ts";
import { basicAuthorization, checkMaintenanceCredential } from "./maintenance.ts";
import { createKnowledgeBaseApi } from "./knowledge-base.ts";
import { getCurrentUser } from "./user.ts";
import { toRouteFailure } from "./failures.ts";
import type { UpstreamRequestContext } from "./http.ts";
import { startTestUpstream } from "#tests/support/test-app.ts";

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const ctx = (forwardedHost: string, extra: Partial<UpstreamRequestContext> = {}): UpstreamRequestContext => ({
  baseUrl: sandbox.url,
  forwardedHost,
  timeoutMs: 2000,
  ...extra,
});
const service = (baseUrl = sandbox.url) =>
  createTenantService({ upstream: { baseUrl, timeoutMs: 2000 }, ttlMs: 60_000, maxStaleMs: 60_000 });
/** The configuration one request sees, through a tenant service (a new one unless shared). */
const getTenantConfig = (request: UpstreamRequestContext, id: string, shared?: TenantService) =>
  (shared ?? service(request.baseUrl)).config({ id, upstreamHost: request.forwardedHost }, request);

describe("tenant configuration from the sandbox upstream", () => {
  test("assembles every part and sanitises the contacts HTML", async () => {
    const config = await getTenantConfig(ctx("servizi.comune.montealto.it"), "comune-b");
    expect(config.comune.nome).toBe("Comune di Montealto");
    expect(config.menu.main.map((m) => m.dataElement)).toEqual([
      "management",
      "news",
      "all-services",
      "live",
    ]);
    expect(config.servizi.length).toBeGreaterThanOrEqual(10);
    expect(config.contatti.block.body).not.toMatch(/<script|onclick/i);
    expect(config.contatti.block.body.length).toBeGreaterThan(20);
  });

  test("a municipality in maintenance gives only its identity to a visitor without credential", async () => {
    const config = await getTenantConfig(ctx("servizi.comune.roccaserena.it"), "comune-c");
    expect(config.comune.maintenance).toBe(true);
    expect(config.servizi).toEqual([]);
  });

  test("with the maintenance credential the whole configuration loads", async () => {
    const authorization = basicAuthorization({ username: "manutentore", password: "Roccaserena-2026" });
    const config = await getTenantConfig(ctx("servizi.comune.roccaserena.it", { authorization }), "comune-c");
    expect(config.servizi.length).toBeGreaterThan(0);
  });

  test("a refused credential surfaces as a 401 route failure", async () => {
    const authorization = basicAuthorization({ username: "manutentore", password: "sbagliata" });
    const failure = await getTenantConfig(ctx("servizi.comune.roccaserena.it", { authorization }), "comune-c")
      .then(() => undefined)
      .catch(toRouteFailure);
    expect(isUpstreamFailure(failure, 401)).toBe(true);
  });

  test("checks maintenance credentials", async () => {
    const c = ctx("servizi.comune.roccaserena.it");
    expect(
      await checkMaintenanceCredential(c, { username: "manutentore", password: "Roccaserena-2026" }),
    ).toBe(true);
    expect(await checkMaintenanceCredential(c, { username: "manutentore", password: "no" })).toBe(false);
  });

  test("an unknown municipality is a 404", async () => {
    const failure = await getTenantConfig(ctx("servizi.comune.inesistente.it"), "x").catch(toRouteFailure);
    expect(isUpstreamFailure(failure, 404)).toBe(true);
  });

  test("an anonymous visitor is no user", async () => {
    expect(await getCurrentUser(ctx("servizi.comune.valverde.it"))).toBeNull();
  });

  test("a citizen named by a trusted identity header is the user", async () => {
    const user = await getCurrentUser(
      ctx("servizi.comune.valverde.it", {
        identityHeaders: {
          "shib-identita-codicefiscale": "RSSMRA80A01H501U",
          "shib-identita-nome": "Mario",
          "shib-identita-cognome": "Rossi",
        },
      }),
    );
    expect(user?.nome).toBe("Mario");
  });

  test("knowledge base answers are sanitised and search titles are plain text", async () => {
    const kb = createKnowledgeBaseApi(ctx("servizi.comune.valverde.it"));
    const categories = await kb.categories();
    expect(categories.length).toBeGreaterThan(0);
    const results = await kb.search("carta");
    expect(results.details.length).toBeGreaterThan(0);
    for (const r of results.details) expect(r.title).not.toMatch(/<[a-z]/i);
    for (const category of categories) {
      const detail = await kb.category(category.id);
      for (const answer of detail.answers) {
        const full = await kb.answer(category.id, answer.id);
        expect(full.body).not.toMatch(/<script/i);
      }
    }
  });

  test("an upstream that does not answer in time is a 504 failure", async () => {
    const hanging = await startTestUpstream(() => {
      /* never answers */
    });
    try {
      const failure = await getCurrentUser(
        ctx("servizi.comune.valverde.it", { baseUrl: hanging.url, timeoutMs: 100 }),
      )
        .then(() => undefined)
        .catch(toRouteFailure);
      expect(isUpstreamFailure(failure, 504)).toBe(true);
    } finally {
      await hanging.close();
    }
  });

  test("an answer that is not what the schema expects is a 502 failure", async () => {
    const garbage = await startTestUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"nome": 42}');
    });
    try {
      const failure = await getCurrentUser(ctx("servizi.comune.valverde.it", { baseUrl: garbage.url }))
        .then(() => undefined)
        .catch(toRouteFailure);
      expect(isUpstreamFailure(failure, 502)).toBe(true);
    } finally {
      await garbage.close();
    }
  });

  test("a visitor who leaves does not fail the others waiting on the same configuration load", async () => {
    const seen: Array<string | undefined> = [];
    const slow = await startTestUpstream((req, res) => {
      // The configuration's loads; a module under `/api` is asked with a visitor's credentials by design
      // (module-availability.ts: only its verdict is held).
      if (!req.url?.startsWith("/api/")) seen.push(req.headers.cookie);
      // The sandbox answers the real thing, a little later (the first visitor has left by then).
      setTimeout(() => {
        fetch(`${sandbox.url}${req.url}`, { headers: { "x-forwarded-host": "servizi.comune.valverde.it" } })
          .then(async (r) => {
            res.writeHead(r.status, { "content-type": "application/json" });
            res.end(await r.text());
          })
          .catch(() => res.destroy());
      }, 100);
    });
    try {
      const shared = service(slow.url);
      const leaving = new AbortController();
      const first = getTenantConfig(
        ctx("servizi.comune.valverde.it", {
          baseUrl: slow.url,
          signal: leaving.signal,
          cookie: "SANDBOX_SSO=first-visitor",
        }),
        "comune-a",
        shared,
      );
      const second = getTenantConfig(
        ctx("servizi.comune.valverde.it", { baseUrl: slow.url, cookie: "SANDBOX_SSO=second" }),
        "comune-a",
        shared,
      );
      leaving.abort();
      const [firstResult, secondResult] = await Promise.allSettled([first, second]);
      expect(secondResult.status).toBe("fulfilled");
      expect(firstResult.status).toBe("fulfilled");
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((cookie) => cookie === undefined)).toBe(true);
    } finally {
      await slow.close();
    }
  });
});
