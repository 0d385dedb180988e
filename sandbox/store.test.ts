import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import { afterAll, expect, test } from "vitest";
import { createSandboxApp } from "./app.ts";
import { createStore } from "./store.ts";
import { hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const feedback = { rating: 5, option: "positivo1", details: "Ottimo" };

test("the state is saved to the file and loaded by the next process", async () => {
  const stateFile = join(dir, "state.json");
  const first = createSandboxApp({ stateFile });
  await request(first.app)
    .post("/api-public/feedback")
    .set("X-Forwarded-Host", hosts.b)
    .send(feedback)
    .expect(201);
  const cookie = await loginAs(first.app, CITIZENS.MARIO);
  const saved = JSON.parse(readFileSync(stateFile, "utf8"));
  expect(saved.feedback).toHaveLength(1);
  expect(JSON.stringify(saved)).not.toContain("Roccaserena-2026");

  const second = createSandboxApp({ stateFile });
  expect(second.store.state.feedback[0]).toMatchObject({ comune: "comune-b", details: "Ottimo" });
  const me = await request(second.app)
    .get("/api-public/utenti/me")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(me.body.codFisc).toBe(CITIZENS.MARIO);
});

test("reset restores the seed but keeps citizens logged in", async () => {
  const stateFile = join(dir, "reset.json");
  const { app, store } = createSandboxApp({ stateFile });
  await request(app).post("/api-public/feedback").set("X-Forwarded-Host", hosts.a).send(feedback).expect(201);
  delete store.state.notify.users[CITIZENS.MARIO];
  const cookie = await loginAs(app, CITIZENS.MARIO);
  await request(app).post("/__sandbox/reset").expect(200);
  expect(store.state.feedback).toEqual([]);
  expect(store.state.notify.users[CITIZENS.MARIO]?.contacts).not.toBeNull();
  expect(JSON.parse(readFileSync(stateFile, "utf8")).feedback).toEqual([]);
  const me = await request(app)
    .get("/api-public/utenti/me")
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(me.status).toBe(200);
});

test("without a state file the store lives in memory only", () => {
  const store = createStore();
  store.state.faults.kb = "down";
  store.save();
  store.reset();
  expect(store.state.faults).toEqual({});
});
