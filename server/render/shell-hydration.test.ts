import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { parseEnv } from "#config/env.ts";
import { createApp } from "#server/app.ts";
import { createLogger } from "#server/observability/logger.ts";
import { TEST_TENANTS, testApp } from "#tests/support/test-app.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

// The page frame's data over HTTP (production build): the footer, the header's socials and the home page's services
// are rendered on the server only (ServerIsland), so the hydration data carries the header's compact menus and none
// of them; a client-side navigation gets them as data.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: RequestHandler;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
});
afterAll(() => sandbox.close());

const get = (path: string, cookie = "") =>
  request(testApp({ upstreamUrl: sandbox.url, ssrHandler }).app)
    .get(path)
    .set("Host", "comune-a.localhost")
    .set("Cookie", cookie);

/** The document split in the footer's markup and the hydration data (React Router's stream of loader data). */
function parts(html: string) {
  const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
  const hydration = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((script) => script.includes("streamController.enqueue"))
    .join("\n");
  return { footer, hydration };
}

describe("the shell's hydration data", () => {
  test.each([
    ["anonymous", ""],
    ["a citizen", "citizen"],
  ])(
    "for %s: the footer is in the page, its configuration is not in the hydration data",
    async (_who, who) => {
      const cookie = who ? await loginAs(sandbox.url, CITIZENS.ANNA) : "";
      const res = await get("/", cookie);
      expect(res.status).toBe(200);
      const { footer, hydration } = parts(res.text);
      expect(footer).toContain('data-element="privacy-policy-link"');
      expect(footer).toContain("https://www.comune.valverde.it/privacy");
      expect(footer).toContain("Posta elettronica certificata");
      expect(hydration).toContain("Tutti gli argomenti");
      expect(hydration).not.toContain("comune.valverde.it/privacy");
      expect(hydration).not.toContain("Posta elettronica certificata");
      expect(hydration).not.toMatch(/menuFooter|contatti/);
      // The home page's list of services and the header's social channels: in the page, not in the data.
      expect(res.text).toContain('data-element="service-link" href="/servizi/102"');
      expect(res.text).toContain("Richiedi online i certificati di residenza");
      expect(hydration).not.toContain("Richiedi online i certificati di residenza");
      expect(res.text).toContain('href="https://www.facebook.com/comunedivalverde"');
      expect(hydration).not.toContain("facebook.com/comunedivalverde");
    },
  );

  test("a client-side navigation's data request gets the home page's services and the socials as data", async () => {
    const res = await get("/_.data");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Richiedi online i certificati di residenza");
    expect(res.text).toContain("facebook.com/comunedivalverde");
    expect(res.text).not.toContain("Posta elettronica certificata");
  });

  test("files at the root are still served, and pages are never looked up among them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-static-"));
    writeFileSync(join(dir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, "faq"), "not a page");
    const { app } = createApp({
      env: parseEnv({ NODE_ENV: "test", SHED_LAG_MS: "0", PAGE_CACHE_TTL_S: "0" }),
      tenants: TEST_TENANTS,
      upstreamUrl: sandbox.url,
      geocoderUrl: `${sandbox.url}/geocoder/`,
      sandbox: false,
      logger: createLogger("silent"),
      ssrHandler,
      staticDir: dir,
      secret: "test-secret-test-secret-test-secret-0123",
    });
    const at = (path: string) => request(app).get(path).set("Host", "comune-a.localhost");
    const icon = await at("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toContain("image/svg+xml");
    for (const path of ["/", "/faq"]) {
      const page = await at(path);
      expect([page.status, page.headers["content-type"]], path).toEqual([200, "text/html; charset=utf-8"]);
      expect(page.text, path).toContain('data-element="page-name"');
    }
  });
});
