import express from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { parseCookies } from "#server/middleware/cookies.ts";
import { upstreamCookieHeader } from "./header-hygiene.ts";

test("cookie values reach the upstream byte for byte, without the portal's own cookies", () => {
  expect(
    upstreamCookieHeader(
      'SESSION=a+b/c==; XSRF-TOKEN=t; other=x%2By; lang=en; quoted="v=1"; flow_booking=sealed; raw=%zz+',
    ),
  ).toBe('SESSION=a+b/c==; other=x%2By; quoted="v=1"; raw=%zz+');
  expect(upstreamCookieHeader("XSRF-TOKEN=t;lang=en")).toBeUndefined();
  expect(upstreamCookieHeader(undefined)).toBeUndefined();
});

test("the cookies parsed by parseCookies() are forwarded as the browser sent them", async () => {
  const app = express();
  app.use(parseCookies());
  app.get("/", (_req, res) => {
    res.json({
      decoded: res.locals.cookies.SESSION,
      upstream: upstreamCookieHeader(res.locals.cookies) ?? null,
    });
  });
  const sent = "SESSION=a+b/c%2B==; XSRF-TOKEN=t;  JWT=eyJh.eyJz/+x=";
  const res = await request(app).get("/").set("Cookie", sent);
  expect(res.body).toEqual({ decoded: "a+b/c+==", upstream: "SESSION=a+b/c%2B==; JWT=eyJh.eyJz/+x=" });
  const none = await request(app).get("/");
  expect(none.body.upstream).toBeNull();
});
