import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS, xsrfToken } from "#tests/support/portal-requests.ts";

// Without JavaScript the form is a plain POST to /valutazione: drive the production build (npm test builds first).
describe("a rating posted without JavaScript", () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let ssrHandler: RequestHandler;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    ssrHandler = await loadSsrHandler();
  });
  afterAll(() => sandbox.close());

  const HOST = HOSTS.a;
  const post = (fields: Record<string, string>) => {
    const xsrf = xsrfToken();
    return request(testApp({ upstreamUrl: sandbox.url, ssrHandler }).app)
      .post("/valutazione")
      .set("Host", HOST)
      .set("Origin", `http://${HOST}`)
      .set("Cookie", xsrf.cookie)
      .type("form")
      .send({ _xsrf: xsrf.masked, pagePath: "/faq", pageTitle: "FAQ", ...fields });
  };

  test("with an error shows the form again with the error and what was chosen (400), not the home page", async () => {
    const res = await post({ rating: "2", option: "positivo1", details: "Troppo lungo da trovare" });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain("Valuta la pagina");
    expect(res.text).toContain("Scegli una delle risposte proposte.");
    expect(res.text).toMatch(/<input type="radio"[^>]*name="rating" checked="" value="2"/);
    expect(res.text).toContain(">Troppo lungo da trovare</textarea>");
    // The answer of the wrong group is not ticked again; the form still posts back to the same page.
    expect(res.text).not.toMatch(/name="option" checked="" value="positivo1"/);
    expect(res.text).toContain('name="pagePath" value="/faq"');
  });

  test("the first post (stars only: the follow-up is not shown yet) opens without an error", async () => {
    const res = await post({ rating: "2" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Valuta la pagina");
    expect(res.text).not.toContain("Scegli una delle risposte proposte.");
    expect(res.text).not.toContain("invalid-feedback");
    expect(res.text).toMatch(/<input type="radio"[^>]*name="rating" checked="" value="2"/);
    expect(res.text).toContain('name="option"');
  });

  test("without an answer once the follow-up is shown is refused", async () => {
    const res = await post({ rating: "5", followUp: "1" });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Scegli una delle risposte proposte.");
    expect(res.text).toMatch(/<input type="radio"[^>]*name="rating" checked="" value="5"/);
  });

  test("a valid one goes back to the page with the thanks", async () => {
    const res = await post({ rating: "5", option: "positivo1" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/faq?valutazione=inviata#valutazione");
  });

  test("opening /valutazione itself goes to the home page", async () => {
    const res = await request(testApp({ upstreamUrl: sandbox.url, ssrHandler }).app)
      .get("/valutazione")
      .set("Host", HOST);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
  });
});
