import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { installProxyLane } from "./proxy-lane.ts";

/**
 * An app shaped like the portal's: a first layer that marks the requests Express's router dispatched, the proxy
 * chain behind it for proxied paths, then a page; the lane is installed last.
 */
function laneApp(chain: RequestHandler) {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use((req, res, next) => {
    res.setHeader("x-dispatched-by", "router");
    next();
  });
  app.use((req, res, next) => (/^\/api(-public)?(\/|$)/.test(req.path) ? chain(req, res, next) : next()));
  app.get("/pagina", (_req, res) => res.type("text").send("pagina"));
  const onError: ErrorRequestHandler = (error: { status?: number; message: string }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ title: error.message });
  };
  app.use(onError);
  installProxyLane(app, chain, onError);
  return app;
}

/** A chain step that answers with what it sees of the request through Express's helpers. */
const echo: RequestHandler = (req, res) => {
  res.json({
    path: req.path,
    originalUrl: req.originalUrl,
    hostname: req.hostname,
    protocol: req.protocol,
    query: req.query,
    locals: Object.keys(res.locals),
  });
};

test("a proxied target reaches the chain past the router, with Express's request helpers and fresh locals", async () => {
  const res = await request(laneApp(echo))
    .get("/api-public/configComune/fromtenant?lang=en")
    .set("Host", "comune-a.localhost")
    .set("X-Forwarded-Proto", "https");
  expect(res.status).toBe(200);
  expect(res.headers["x-dispatched-by"]).toBeUndefined();
  expect(res.body).toEqual({
    path: "/api-public/configComune/fromtenant",
    originalUrl: "/api-public/configComune/fromtenant?lang=en",
    hostname: "comune-a.localhost",
    protocol: "https",
    query: { lang: "en" },
    locals: [],
  });
});

test("pages, and proxied paths written another way, take Express's dispatch to the same chain", async () => {
  const app = laneApp(echo);
  const page = await request(app).get("/pagina");
  expect(page.text).toBe("pagina");
  expect(page.headers["x-dispatched-by"]).toBe("router");
  // `/api?…` does not start with `/api/`: the router's first layer still sends it to the proxy chain.
  const query = await request(app).get("/api?x=1");
  expect(query.headers["x-dispatched-by"]).toBe("router");
  expect(query.body).toMatchObject({ path: "/api", originalUrl: "/api?x=1" });
});

test("an error in the chain reaches the app's last error handler; a chain that answers nothing gets a 404", async () => {
  const failing = await request(
    laneApp((_req, _res, next) => next(Object.assign(new Error("rotto"), { status: 502 }))),
  )
    .get("/api/x")
    .set("Host", "comune-a.localhost");
  expect(failing.status).toBe(502);
  expect(failing.body).toEqual({ title: "rotto" });

  const thrown = await request(
    laneApp(() => {
      throw new Error("lanciato");
    }),
  ).get("/api/x");
  expect(thrown.status).toBe(500);
  expect(thrown.body).toEqual({ title: "lanciato" });

  const silent = await request(laneApp((_req, _res, next) => next())).get("/api/x");
  expect(silent.status).toBe(404);
});

test("mounted under another app, the lane steps aside and Express dispatches", async () => {
  const parent = express();
  parent.use("/portale", laneApp(echo));
  const res = await request(parent).get("/portale/api/x");
  expect(res.headers["x-dispatched-by"]).toBe("router");
  expect(res.body).toMatchObject({ path: "/api/x", originalUrl: "/portale/api/x" });
});
