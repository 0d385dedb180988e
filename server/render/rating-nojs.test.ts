import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import { Window } from "happy-dom";
import type { RequestHandler } from "express";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import { HOSTS, postForm } from "#tests/support/portal-requests.ts";

// Without JavaScript the form is a plain POST to /valutazione: drive the production build (npm test builds first).
// The answers are read as the browser parses them (which radio is checked, what the textarea holds), never from the
// markup's attribute order, which React is free to change.

/** The rating form of a page as a browser without JavaScript parses it. */
function ratingForm(html: string) {
  // happy-dom's document, read through the DOM's own types.
  const document = new new Window().DOMParser().parseFromString(html, "text/html") as unknown as Document;
  const form = document.querySelector<HTMLFormElement>('[data-element="feedback"] form');
  if (!form) throw new Error("no rating form in the page");
  const radios = (name: string) => [
    ...form.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`),
  ];
  return {
    /** The values of the checked radios called `name`. */
    checked: (name: string) =>
      radios(name)
        .filter((radio) => radio.checked)
        .map((radio) => radio.value),
    values: (name: string) => radios(name).map((radio) => radio.value),
    field: (name: string) =>
      form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)?.value,
  };
}

describe("a rating posted without JavaScript", () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let ssrHandler: RequestHandler;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    ssrHandler = await loadSsrHandler();
  });
  afterAll(() => sandbox.close());

  const HOST = HOSTS.a;
  /** The page's rating form posted from the FAQ page, with `fields`. */
  const rate = (fields: Record<string, string>) =>
    postForm(testApp({ upstreamUrl: sandbox.url, ssrHandler }).app, "/valutazione", {
      pagePath: "/faq",
      pageTitle: "FAQ",
      ...fields,
    });

  test("with an error shows the form again with the error and what was chosen (400), not the home page", async () => {
    const res = await rate({ rating: "2", option: "positivo1", details: "Troppo lungo da trovare" });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain("Valuta la pagina");
    expect(res.text).toContain("Scegli una delle risposte proposte.");
    const form = ratingForm(res.text);
    expect(form.checked("rating")).toEqual(["2"]);
    expect(form.field("details")).toBe("Troppo lungo da trovare");
    // The answer of the wrong group is not ticked again (both groups are in the form); it still posts back to the page.
    expect(form.values("option")).toEqual(expect.arrayContaining(["positivo1", "negativo1"]));
    expect(form.checked("option")).toEqual([]);
    expect(form.field("pagePath")).toBe("/faq");
  });

  test("the first post (stars only: the follow-up is not shown yet) opens without an error", async () => {
    const res = await rate({ rating: "2" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Valuta la pagina");
    expect(res.text).not.toContain("Scegli una delle risposte proposte.");
    expect(res.text).not.toContain("invalid-feedback");
    const form = ratingForm(res.text);
    expect(form.checked("rating")).toEqual(["2"]);
    expect(form.values("option")).toContain("negativo1");
    expect(form.checked("option")).toEqual([]);
  });

  test("without an answer once the follow-up is shown is refused", async () => {
    const res = await rate({ rating: "5", followUp: "1" });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Scegli una delle risposte proposte.");
    expect(ratingForm(res.text).checked("rating")).toEqual(["5"]);
  });

  test("a valid one goes back to the page with the thanks", async () => {
    const res = await rate({ rating: "5", option: "positivo1" });
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
