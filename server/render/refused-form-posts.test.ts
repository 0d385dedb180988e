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
async function postAndLog(headers: Record<string, string>, body: string, path = "/valutazione") {
  const { app, logs } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
  const res = await request(app).post(path).set("Host", HOST).set(headers).type("form").send(body);
  const lines = logs.lines
    .map((line) => JSON.parse(line) as { level: string; msg: string; [key: string]: unknown })
    .filter((line) => line.msg !== "request completed");
  return { status: res.status, lines, type: res.type, text: res.text };
}

/** The page's visible words: tags dropped, spaces folded. */
const wordsOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("a refused form post is logged as one warn line", () => {
  test("another site's form (a foreign Origin, refused before any action)", async () => {
    const { status, lines } = await postAndLog(
      { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
      "rating=5&option=positivo1",
    );
    expect(status).toBe(403);
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

describe('a refused form post gets a 403 page in the visitor\'s language, never a bare "Bad Request"', () => {
  const foreign = { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site", Accept: "text/html" };

  test("a page's form: the municipality's shell, the refusal, the way back to the form", async () => {
    const { status, type, text } = await postAndLog(foreign, "rating=5&option=positivo1", "/nuova-richiesta");
    expect(status).toBe(403);
    expect(type).toBe("text/html");
    expect(text).toContain('<html lang="it"');
    expect(text).toContain("<title>Accesso negato - Comune di Valverde</title>");
    const words = wordsOf(text);
    expect(words).toContain("Comune di Valverde");
    expect(words).toContain("non proviene da questo portale: non è stato inviato nulla");
    expect(text).toMatch(/<a[^>]*href="\/nuova-richiesta"[^>]*>Apri di nuovo il modulo<\/a>/);
    expect(text).toMatch(/<footer/);
  });

  test("in English for a visitor who chose it, without a token (no Origin)", async () => {
    const { status, text } = await postAndLog(
      { Cookie: "lang=en", Accept: "text/html" },
      "a=b",
      "/nuova-richiesta",
    );
    expect(status).toBe(403);
    expect(text).toContain('<html lang="en"');
    expect(text).toContain("<title>Access denied - Comune di Valverde</title>");
    expect(wordsOf(text)).toContain("does not come from this portal: nothing was sent");
    expect(text).toMatch(/>Open the form again<\/a>/);
  });

  test("a resource route's form (no page of its own): the server's 403 page, logged once", async () => {
    for (const [headers, reason] of [
      [foreign, "cross-site origin"],
      [{ Cookie: "lang=en", Accept: "text/html" }, "form token missing or wrong"],
    ] as const) {
      const { status, type, text, lines } = await postAndLog(
        headers,
        "intent=cancella",
        "/area-personale/per-conto-di",
      );
      expect(status).toBe(403);
      expect(type).toBe("text/html");
      expect(wordsOf(text)).toContain(
        reason === "cross-site origin"
          ? "Accesso negato La richiesta non è stata accettata"
          : "Access denied The request was not accepted",
      );
      expect(lines).toEqual([
        expect.objectContaining({
          level: "warn",
          msg: "form post refused",
          path: "/area-personale/per-conto-di",
          reason,
        }),
      ]);
    }
  });
});
