import express from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { parseCookies } from "./cookies.ts";

const app = express();
app.use(parseCookies());
app.get("/", (_req, res) => {
  res.json({
    session: res.locals.cookies.SANDBOX_SSO ?? null,
    count: Object.keys(res.locals.cookies).length,
  });
});

test("a long Cookie header is read whole: the login it carries is not dropped with the rest", async () => {
  const forms = Array.from({ length: 4 }, (_, i) => `flow_form${i}=${"a".repeat(2400)}`);
  const header = [...forms, "SANDBOX_SSO=the-session"].join("; ");
  expect(header.length).toBeGreaterThan(9000);
  const res = await request(app).get("/").set("Cookie", header);
  expect(res.body).toEqual({ session: "the-session", count: 5 });
});

test("a malformed Cookie header is ignored, never a 500", async () => {
  const res = await request(app).get("/").set("Cookie", "SANDBOX_SSO=%E0%A4%A; ;;=;");
  expect(res.status).toBe(200);
});
