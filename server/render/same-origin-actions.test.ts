import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import type { ServerBuild } from "react-router";
import { startSandbox } from "#sandbox/start.ts";
import { testApp } from "#tests/support/test-app.ts";
import { hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { loadSsrHandler } from "./load-ssr-handler.ts";
import type { SsrHandler } from "./public-pages.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

// Same origin required on every action (issue #36, docs/decisions/anonymous-pages.md): every route of the production
// build that has an action, page or resource route, refuses a post another site sent, even with a valid token pair
// and a citizen's session. Before the check was central, three resource routes (`/area-personale/per-conto-di`,
// `/area-personale/pratiche/:codice/duplica`, `/notifiche-push/token`) accepted a cross-site or `null` Origin.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ssrHandler: SsrHandler;
let session = "";
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ssrHandler = await loadSsrHandler();
  session = await loginAs(sandbox.url, CITIZENS.MARIO, hosts.a);
});
afterAll(() => sandbox.close());

const A = "comune-a.localhost";

/** The URL of every route with an action: its path from the root, each parameter given a plausible value. */
function actionPaths(routes: ServerBuild["routes"]): string[] {
  const pathOf = (id: string | undefined): string => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return "";
    const own = (route.path ?? "")
      .split("/")
      .filter((segment) => segment !== "" && !segment.endsWith("?"))
      .map((segment) => (segment.startsWith(":") ? "1" : segment === "*" ? "x" : segment))
      .join("/");
    const parent = pathOf(route.parentId);
    return own ? `${parent}/${own}` : parent;
  };
  const paths = Object.values(routes)
    .filter((route) => route !== undefined && typeof route.module.action === "function")
    .map((route) => pathOf(route!.id) || "/");
  return [...new Set(paths)].sort();
}

describe("every action requires its own origin", () => {
  test("the build has the actions the issue named, among many", () => {
    const paths = actionPaths(ssrHandler.routes!);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/area-personale/per-conto-di",
        "/area-personale/pratiche/1/duplica",
        "/notifiche-push/token",
      ]),
    );
    expect(paths.length).toBeGreaterThan(20);
  });

  const cases = [
    ["another site's Origin", { Origin: "https://attacker.example" }],
    ["a null Origin", { Origin: "null" }],
    ["another site's Sec-Fetch-Site", { "Sec-Fetch-Site": "cross-site", Origin: `http://${A}` }],
    ["a sibling site's Sec-Fetch-Site", { "Sec-Fetch-Site": "same-site" }],
    ["another site's Referer (no Origin)", { Referer: "https://attacker.example/form.html" }],
  ] as const;

  test.each(cases)(
    "%s is refused by every action, with a valid token and a session",
    async (_label, headers) => {
      const { app } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
      const token = createXsrfToken();
      const accepted: string[] = [];
      for (const path of actionPaths(ssrHandler.routes!)) {
        const res = await request(app)
          .post(path)
          .set("Host", A)
          .set(headers)
          .set("Cookie", `${session}; XSRF-TOKEN=${token}`)
          .set("X-XSRF-TOKEN", token)
          .type("form")
          .send(`_xsrf=${maskXsrfToken(token)}&token=abc&delegante=${CITIZENS.MARIO}`);
        // React Router's own check answers a document post 400; the root middleware answers the others 403.
        if (res.status !== 400 && res.status !== 403) accepted.push(`${path}: ${res.status}`);
      }
      expect(accepted).toEqual([]);
    },
  );

  test("the same post from the portal's own page is not refused for its origin", async () => {
    const { app } = testApp({ upstreamUrl: sandbox.url, ssrHandler });
    const res = await request(app)
      .post("/area-personale/per-conto-di")
      .set("Host", A)
      .set("Origin", `http://${A}`)
      .set("Sec-Fetch-Site", "same-origin")
      .set("Cookie", session)
      .type("form")
      .send("intent=cancella&redirectTo=/area-personale");
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/area-personale");
  });
});
