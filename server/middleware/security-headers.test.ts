import express, { type RequestHandler } from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { cspNonce, securityHeaders } from "./security-headers.ts";
import { testApp } from "#tests/support/test-app.ts";

function imgSrc(tileOrigin?: string) {
  const app = express();
  app.use(cspNonce(), securityHeaders({ production: true, behindTls: true, tileOrigin }));
  app.get("/", (_req, res) => void res.send("ok"));
  return request(app)
    .get("/")
    .then((res) => /img-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))![1]);
}

test("img-src allows our own images and exactly the configured map tile origin", async () => {
  expect(await imgSrc()).toBe("'self' data:");
  expect(await imgSrc("https://tile.openstreetmap.org")).toBe("'self' data: https://tile.openstreetmap.org");
});

function formAction(options: { production: boolean; demoCheckoutOrigin?: string; devFormAction?: string[] }) {
  const app = express();
  app.use(cspNonce(), securityHeaders({ behindTls: false, ...options }));
  app.get("/", (_req, res) => void res.send("ok"));
  return request(app)
    .get("/")
    .then((res) => /form-action ([^;]*)/.exec(String(res.headers["content-security-policy"]))![1]);
}

test("form-action: pagoPA's https checkout; in the demo, production mode included, exactly the sandbox's checkout (issue #40)", async () => {
  expect(await formAction({ production: true })).toBe("'self' https:");
  // `npm start` (production, the embedded sandbox): the no-JavaScript payment's 303 to the checkout stand-in.
  expect(await formAction({ production: true, demoCheckoutOrigin: "http://127.0.0.1:4000" })).toBe(
    "'self' https: http://127.0.0.1:4000",
  );
  expect(
    await formAction({ production: false, devFormAction: ["http://127.0.0.1:*", "http://localhost:*"] }),
  ).toBe("'self' https: http://127.0.0.1:* http://localhost:*");
});

test("the app in production mode with the demo sandbox admits exactly its checkout as a form action; a real upstream none", async () => {
  const pageCsp = async (sandbox: boolean) => {
    const env = { NODE_ENV: "production", PORTAL_SECRET: "x".repeat(32) };
    const ssrHandler: RequestHandler = (_req, res) => void res.send("page");
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", sandbox, env, ssrHandler });
    const res = await request(app).get("/").set("Host", "comune-a.localhost");
    return /form-action ([^;]*)/.exec(String(res.headers["content-security-policy"]))![1];
  };
  expect(await pageCsp(true)).toBe("'self' https: http://127.0.0.1:9");
  expect(await pageCsp(false)).toBe("'self' https:");
});
