import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";

// A refused form post is expected traffic (another site's form, a stale page): one warn line with the method, the
// path and the reason, never an error with a stack. Production build, real app, sandbox upstream.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const HOST = HOSTS.a;

/**
 * The log lines of one request, but the access log's own "request completed". Its own post, not postForm: each one
 * here is refused on purpose (another site's, without the token, with a wrong one).
 */
async function postAndLog(headers: Record<string, string>, body: string) {
  const { app, logs } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
  const res = await request(app).post("/valutazione").set("Host", HOST).set(headers).type("form").send(body);
  const lines = logs.lines
    .map((line) => JSON.parse(line) as { level: string; msg: string; [key: string]: unknown })
    .filter((line) => line.msg !== "request completed");
  return { status: res.status, lines };
}

describe("a refused form post is logged as one warn line", () => {
  test("another site's form (a foreign Origin, refused before any action)", async () => {
    const { status, lines } = await postAndLog(
      { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
      "rating=5&option=positivo1",
    );
    expect(status).toBe(400);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "form post refused",
        method: "POST",
        path: "/valutazione",
        reason: "cross-site origin",
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("stack");
  });

  test("a post whose sender is unknown (no Sec-Fetch-Site, Origin or Referer) without the form's token, or with a wrong one (403)", async () => {
    for (const body of ["rating=5", `_xsrf=${maskXsrfToken(createXsrfToken())}&rating=5`]) {
      const { status, lines } = await postAndLog({}, body);
      expect(status).toBe(403);
      expect(lines).toEqual([
        expect.objectContaining({
          level: "warn",
          msg: "form post refused",
          method: "POST",
          path: "/valutazione",
          reason: "form token missing or wrong",
        }),
      ]);
    }
  });
});
