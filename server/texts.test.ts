import { describe, expect, test } from "vitest";
import request from "supertest";
import { testApp } from "#tests/support/test-app.ts";
import { toRouteFailure } from "#server/upstream/failures.ts";
import { UpstreamError } from "#server/upstream/errors.ts";
import { readRouteError } from "#shared/route-error.ts";
import { requestLocale, serverIt, serverText } from "./texts.ts";
import { serverEn } from "./texts.en.ts";

// The server's own answers go through the one `translate` with their catalogue, in the page's language.
test("English has every server text, with the Italian's placeholders, none empty", () => {
  expect(Object.keys(serverEn).sort()).toEqual(Object.keys(serverIt).sort());
  const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
  for (const [key, italian] of Object.entries(serverIt)) {
    const english = serverEn[key as keyof typeof serverIt];
    expect(english.trim(), key).not.toBe("");
    expect(placeholders(english), key).toEqual(placeholders(italian));
  }
});

test("the page's language: the locale middleware's, else ?lang, else the language cookie, else Italian", () => {
  expect(requestLocale({ headers: {} })).toBe("it");
  expect(requestLocale({ headers: { cookie: "XSRF-TOKEN=x; lang=en" } })).toBe("en");
  expect(requestLocale({ query: { lang: "it" }, headers: { cookie: "lang=en" } })).toBe("it");
  expect(requestLocale({ headers: { cookie: "lang=en" } }, { locals: { locale: "it" } })).toBe("it");
});

test("a failed upstream call is worded in the request's locale", () => {
  const failure = new UpstreamError("appsched", "timeout", 0, "timeout");
  expect(readRouteError(toRouteFailure(failure, "en"))?.title).toBe(serverText("en", "server.upstream.504"));
  expect(readRouteError(toRouteFailure(failure, "it"))?.title).toBe(
    "Il servizio del Comune non ha risposto in tempo. Riprova tra qualche minuto.",
  );
});

describe("answers given before React", () => {
  const app = (env: Record<string, string> = {}, lag = 0) =>
    testApp({ upstreamUrl: "http://127.0.0.1:9", env, lag: () => lag }).app;

  test("an unknown municipality's page is in English for an English visitor, Italian otherwise", async () => {
    const english = await request(app()).get("/").set("Host", "nessuno.localhost").set("Cookie", "lang=en");
    expect(english.status).toBe(404);
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain("<h1>Municipality not found</h1>");
    const italian = await request(app()).get("/").set("Host", "nessuno.localhost");
    expect(italian.text).toContain('<html lang="it">');
    expect(italian.text).toContain("<h1>Comune non trovato</h1>");
  });

  test("the overload page and its JSON follow ?lang", async () => {
    const server = app({ SHED_LAG_MS: "150", SHED_LAG_MIN_IN_FLIGHT: "0" }, 500);
    const page = await request(server).get("/faq?lang=en").set("Host", "comune-a.localhost");
    expect(page.status).toBe(503);
    expect(page.text).toContain("The portal is very busy at the moment");
    const api = await request(server)
      .get("/api-public/configComune/fromtenant")
      .set("Host", "comune-a.localhost")
      .set("Cookie", "lang=en");
    expect(api.body.title).toBe(serverText("en", "server.shed.message"));
  });
});
