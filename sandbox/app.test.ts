import express from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { getLocals } from "./types.ts";
import { requireOwnFiscalCode } from "./middleware/own-fiscal-code.ts";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const { app, http } = createTestSandbox();

test("the appointments service is mounted under both bases", async () => {
  const publicA = await http.get("/api-public/appsched/categories").set("X-Forwarded-Host", hosts.a);
  expect(publicA.status).toBe(200);
  const publicB = await http.get("/api-public/appsched/categories").set("X-Forwarded-Host", hosts.b);
  expect(publicB.status).toBe(403);
  const anonymous = await http.get("/api/appsched/categories").set("X-Forwarded-Host", hosts.b);
  expect(anonymous.status).toBe(401);
  const cookie = await loginAs(app, CITIZENS.MARIO, hosts.b);
  const citizen = await http
    .get("/api/appsched/categories")
    .set("X-Forwarded-Host", hosts.b)
    .set("Cookie", cookie);
  expect(citizen.status).toBe(200);
});

test("sandbox controls answer outside /api and need no municipality", async () => {
  expect((await http.get("/__sandbox/health")).status).toBe(200);
  expect((await http.get("/__sandbox/mailbox.json")).status).toBe(200);
  expect((await http.post("/api/__sandbox/reset").set("X-Forwarded-Host", hosts.a)).status).toBe(401);
});

test("malformed JSON is a 400 ErrorDto", async () => {
  const res = await http
    .post("/api-public/crm/knowledge_bases/search")
    .set("X-Forwarded-Host", hosts.a)
    .set("Content-Type", "application/json")
    .send("{");
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ status: 400, title: "Richiesta non valida" });
});

test("a path fiscal code must be the caller's own", async () => {
  const guarded = express();
  guarded.use((req, res, next) => {
    const cf = req.get("x-test-cf");
    getLocals(res).citizen = cf
      ? { codFisc: cf, nome: "", cognome: "", email: null, phoneNumber: null }
      : null;
    next();
  });
  guarded.get("/citizens/:cf", requireOwnFiscalCode(), (_req, res) => void res.json({ ok: true }));
  const url = "/citizens/rssmra80a01h501u";
  expect((await request(guarded).get(url).set("x-test-cf", CITIZENS.MARIO)).status).toBe(200);
  expect((await request(guarded).get(url).set("x-test-cf", CITIZENS.GIULIA)).status).toBe(403);
  expect((await request(guarded).get(url)).status).toBe(401);
});
