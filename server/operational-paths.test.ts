import { readFileSync } from "node:fs";
import request from "supertest";
import { describe, expect, test } from "vitest";
import { testApp } from "#tests/support/test-app.ts";
import { routeLabel } from "./middleware/http-metrics.ts";
import { isExemptFromShedding } from "./middleware/overload.ts";
import {
  HEALTH_PATH,
  METRICS_PATH,
  OPERATIONS_PATHS,
  PROBE_PATHS,
  READY_PATH,
  ROUTE_MANIFEST_PATH,
} from "./operational-paths.ts";
import { loadSsrHandler } from "./render/load-ssr-handler.ts";

// The one list of operational paths, and everything that must agree with it.

/** A portal whose page handler answers every page: what the operations router does not serve reaches it. */
function app() {
  return testApp({
    upstreamUrl: "http://127.0.0.1:9",
    ssrHandler: (req, res) => void res.status(200).send(`page ${req.path}`),
  });
}

describe("the operational paths", () => {
  test("the operations router serves each of them, and /livez is no operational path", async () => {
    const { app: portal } = app();
    const health = await request(portal).get(HEALTH_PATH).set("host", "comune-a.localhost");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
    const ready = await request(portal).get(READY_PATH).set("host", "comune-a.localhost");
    // Readiness per municipality (issue #37, docs/operations.md "Health checks"): 200 whatever their state; this
    // portal's upstream answers nothing and no page was asked, so none has a configuration held yet.
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: "degraded",
      municipalities: { "comune-a": "unavailable", "comune-b": "unavailable" },
    });
    const metrics = await request(portal).get(METRICS_PATH).set("host", "comune-a.localhost");
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain("# TYPE");
    // Only the named paths: anything else (an old /livez probe) is an ordinary page.
    const livez = await request(portal).get("/livez").set("host", "comune-a.localhost");
    expect(livez.text).toBe("page /livez");
    expect(OPERATIONS_PATHS).not.toContain("/livez");
  });

  test("only their exact spelling: the proxy blocks them by exact match, and a variant must not slip past it", async () => {
    const { app: portal } = app();
    for (const path of OPERATIONS_PATHS)
      for (const variant of [
        `${path}/`,
        path.toUpperCase(),
        `${path[0]}${path[1]!.toUpperCase()}${path.slice(2)}`,
      ]) {
        const res = await request(portal).get(variant).set("host", "comune-a.localhost");
        expect(res.text, variant).toBe(`page ${variant}`);
      }
  });

  test("the overload guard never sheds them, nor the route manifest", () => {
    for (const path of [...OPERATIONS_PATHS, ROUTE_MANIFEST_PATH])
      expect(isExemptFromShedding(path)).toBe(true);
    expect(isExemptFromShedding("/livez")).toBe(false);
  });

  test("the HTTP metrics label them `operations`", () => {
    for (const path of OPERATIONS_PATHS) expect(routeLabel(path)).toBe("operations");
    expect(routeLabel("/livez")).toBe("page");
  });

  test("the page cache never keeps them (no route of the build declares them public)", async () => {
    const publicPage = (await loadSsrHandler()).publicPage!;
    for (const path of [...OPERATIONS_PATHS, ROUTE_MANIFEST_PATH]) expect(publicPage(path)).toBe(false);
  });

  test("the access log skips the probes and logs the rest", async () => {
    const { app: portal, logs } = app();
    for (const path of [...OPERATIONS_PATHS, "/faq"]) {
      await request(portal).get(path).set("host", "comune-a.localhost");
    }
    const logged = logs.lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((line) => line.msg === "request completed")
      .map((line) => line.req?.url);
    for (const probe of PROBE_PATHS) expect(logged).not.toContain(probe);
    expect(logged).toContain(METRICS_PATH);
    expect(logged).toContain("/faq");
  });

  test("the Kubernetes probes and the image's HEALTHCHECK ask for these paths", () => {
    const deployment = readFileSync("deploy/kubernetes/base/deployment.yaml", "utf8");
    const probe = (name: string) =>
      new RegExp(`${name}:\\s*\\n\\s*httpGet:\\s*\\n\\s*path: (\\S+)`).exec(deployment)?.[1];
    expect(probe("startupProbe")).toBe(HEALTH_PATH);
    expect(probe("livenessProbe")).toBe(HEALTH_PATH);
    expect(probe("readinessProbe")).toBe(READY_PATH);
    const healthcheck = /^HEALTHCHECK[\s\S]*?CMD (.*)$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
    expect(healthcheck).toContain(`'${HEALTH_PATH}'`);
  });
});
