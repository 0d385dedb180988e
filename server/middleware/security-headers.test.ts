import express from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { cspNonce, securityHeaders } from "./security-headers.ts";

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
