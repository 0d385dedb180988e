import express from "express";
import request from "supertest";
import { expect, test } from "vitest";
import { captureLogs } from "#tests/support/test-app.ts";
import { isKeptRequestId, requestLogging } from "./request-logging.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

const HASH = "q3V9_xk2-Lm8PzR4tYw1HbN6cJ0aDfGe";
const PIVA = "01234567890";

type Line = {
  level: string;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
  err?: unknown;
};

function loggedApp() {
  const logs = captureLogs();
  const app = express();
  app.use(requestLogging(logs.logger));
  app.get(
    "/manutenzione",
    (_req, res) => void res.status(503).set("Retry-After", "3600").send("manutenzione"),
  );
  app.get("/guasto", (_req, res) => void res.status(502).send("guasto"));
  app.get("/occupato", (_req, res) => void res.status(503).send("occupato"));
  app.use((_req, res) => void res.status(404).send("non trovato"));
  const lines = () => logs.lines.map((line) => JSON.parse(line) as Line);
  return { app, lines, raw: logs.lines };
}

test("the access log carries no appointment hash, company number or fiscal code, however encoded", async () => {
  const { app, lines, raw } = loggedApp();
  const urls = [
    `/servizi/modifica-appuntamento/${HASH}`,
    `/servizi/modifica-appuntamento/successo/${HASH}`,
    `/api-public/appsched/appointments/hash/${HASH}`,
    `/servizi/prenotazione-appuntamento/calendario/7?hash=${HASH}`,
    `/servizi/modifica-appuntamento%2F${HASH}`,
    `/manutenzione?redirectTo=%2Fservizi%2Fmodifica-appuntamento%2F${HASH}`,
    `/api/imprese/${PIVA}`,
    `/api/ppay/citizens/${CITIZENS.MARIO}/debtpositions`,
  ];
  for (const url of urls) await request(app).get(url);
  expect(lines().map((line) => line.req?.url)).toEqual([
    "/servizi/modifica-appuntamento/[hash]",
    "/servizi/modifica-appuntamento/successo/[hash]",
    "/api-public/appsched/appointments/hash/[hash]",
    "/servizi/prenotazione-appuntamento/calendario/7?hash=[hash]",
    "/servizi/modifica-appuntamento/[hash]",
    "/manutenzione?redirectTo=/servizi/modifica-appuntamento/[hash]",
    "/api/imprese/[piva]",
    "/api/ppay/citizens/[cf]/debtpositions",
  ]);
  const all = raw.join("");
  expect(all).not.toContain(HASH);
  expect(all).not.toContain(PIVA);
  expect(all).not.toContain(CITIZENS.MARIO);
});

test("the maintenance 503 and client errors are logged at info, without an error or a stack", async () => {
  const { app, lines } = loggedApp();
  await request(app).get("/manutenzione").expect(503);
  await request(app).get("/non-esiste").expect(404);
  const [gate, missing] = lines();
  expect(gate).toMatchObject({ level: "info", msg: "request completed", res: { statusCode: 503 } });
  expect(gate).not.toHaveProperty("err");
  expect(missing).toMatchObject({ level: "info", res: { statusCode: 404 } });
  expect(missing).not.toHaveProperty("err");
});

test("other 5xx answers are logged at error, without pino-http's made-up error and stack", async () => {
  const { app, lines, raw } = loggedApp();
  await request(app).get("/guasto").expect(502);
  await request(app).get("/occupato").expect(503);
  expect(lines().map((line) => [line.level, line.res?.statusCode])).toEqual([
    ["error", 502],
    ["error", 503],
  ]);
  for (const line of lines()) expect(line).not.toHaveProperty("err");
  expect(raw.join("")).not.toContain("stack");
});

test("a front proxy's random id is kept, digits and all; one spelling a fiscal code is not, nor any other id redacted", () => {
  // nginx's $request_id: about 1 in 39 holds a run of 11 or 15+ digits (as these do), which the redaction takes for a
  // company number or a notice's code. Refused, the portal logged the request under another name than nginx's log
  // and the answer's X-Request-Id.
  for (const id of [
    "99e03d673789808045588db31399ec23",
    "35538079205c35f367b8044b67cf60f8",
    "0654e8bebaa3056e8809654700949658",
  ])
    expect(isKeptRequestId(id)).toBe(true);
  // 32 hex digits in the shape of a fiscal code ("abcdef12a34b567c") are not.
  expect(isKeptRequestId("abcdef12a34b567c0123456789abcdef")).toBe(false);
  // Any other id is kept only when nothing in it would be redacted.
  expect(isKeptRequestId("trace-0123456789")).toBe(true);
  expect(isKeptRequestId(`trace-${PIVA}`)).toBe(false);
  expect(isKeptRequestId(`trace-${CITIZENS.MARIO}`)).toBe(false);
  expect(isKeptRequestId(`trace-${CITIZENS.MARIO.toLowerCase()}`)).toBe(false);
});
