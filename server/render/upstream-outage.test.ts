import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { startTestUpstream, testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";

// The sandbox behind a switch: "up" relays to it, "down" drops every connection (an upstream outage).
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let relay: Awaited<ReturnType<typeof startTestUpstream>>;
let ssrHandler: RequestHandler;
let upstreamUp = true;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  relay = await startTestUpstream((req, res, body) => {
    if (!upstreamUp) return void res.destroy();
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) => !["host", "content-length", "connection"].includes(name),
      ),
    ) as Record<string, string>;
    fetch(`${sandbox.url}${req.url}`, {
      method: req.method,
      headers,
      body: body === "" ? undefined : body,
      redirect: "manual",
    })
      .then(async (r) => {
        res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "text/plain" });
        res.end(Buffer.from(await r.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
});
afterAll(async () => {
  await relay.close();
  await sandbox.close();
});

const HOST = HOSTS.a;

describe("the upstream goes down after the municipality's configuration was loaded", () => {
  test("pages that do not need the citizen still render, with an Italian notice; the others say why in the shell", async () => {
    upstreamUp = true;
    const { app } = testApp({ upstreamUrl: relay.url, ssrHandler });
    expect((await request(app).get("/").set("Host", HOST)).status).toBe(200);
    upstreamUp = false;
    try {
      const home = await request(app).get("/").set("Host", HOST);
      expect(home.status).toBe(200);
      expect(home.text).toContain("Alcuni servizi non sono al momento disponibili.");
      expect(home.text).toContain("Comune di Valverde");

      const faq = await request(app).get("/servizi/101").set("Host", HOST);
      expect(faq.text).toContain("Alcuni servizi non sono al momento disponibili.");

      const personal = await request(app).get("/area-personale").set("Host", HOST);
      expect(personal.status).toBe(502);
      expect(personal.text).toContain("Servizio non disponibile");
      // Inside the shell: the municipality's header and footer are there.
      expect(personal.text).toContain("Comune di Valverde");
      expect(personal.text).toContain('data-element="faq"');
    } finally {
      upstreamUp = true;
    }
  });
  // Readiness while the upstream is down or hung: server/render/readiness.test.ts.
});
