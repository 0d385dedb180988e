import request from "supertest";
import { expect, test } from "vitest";
import { createSandboxApp } from "../app.ts";
import { getSeedAppointmentHash } from "../appsched/tokens.ts";
import { hosts } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

test("the sandbox's request log masks appointment hashes, fiscal codes and company numbers", async () => {
  const entries: Array<{ path?: string; status?: number }> = [];
  const { app } = createSandboxApp({ logger: { info: (entry) => void entries.push(entry) } });
  const hash = getSeedAppointmentHash("comune-a", 1);
  await request(app).get(`/api-public/appsched/appointments/hash/${hash}`).set("X-Forwarded-Host", hosts.a);
  await request(app)
    .get(`/api-public/appsched/appointments%2Fhash%2F${hash}`)
    .set("X-Forwarded-Host", hosts.a);
  await request(app)
    .get(`/api/ppay/citizens/${CITIZENS.MARIO}/debtpositions`)
    .set("X-Forwarded-Host", hosts.a);
  await request(app).get("/api/imprese/01234567890").set("X-Forwarded-Host", hosts.a);
  expect(entries.map((entry) => entry.path)).toEqual([
    "/api-public/appsched/appointments/hash/[hash]",
    "/api-public/appsched/appointments/hash/[hash]",
    "/api/ppay/citizens/[cf]/debtpositions",
    "/api/imprese/[piva]",
  ]);
  const logged = JSON.stringify(entries);
  expect(logged).not.toContain(hash);
  expect(logged).not.toContain(CITIZENS.MARIO);
  expect(logged).not.toContain("01234567890");
});
