import { afterAll, beforeAll, describe, expect, test } from "vitest";
import request from "supertest";
import { startSandbox, type StartedSandbox } from "./start.ts";
import { asText, loginAs, maintenanceBasic } from "#tests/support/test-sandbox.ts";
import {
  contractFixtures,
  finalAnswer,
  shapeMismatches,
  type ContractFixture,
} from "#tests/contract/contract-fixtures.ts";
import type { SandboxProfile } from "./profile.ts";

/**
 * The sandbox answers every call of the contract fixtures (tests/contract/fixtures) in the shape the published BFF
 * does: same status, same content type, a raw string where the BFF sends one, the fixture's JSON shape (types,
 * nulls the Java allows, its timestamps) with only the omissions the fixture declares. The portal parses the same
 * files (server/upstream/contract.test.ts).
 */
const fixtures = contractFixtures();
const hostOf = (sandbox: StartedSandbox, tenant: string) =>
  sandbox.store.tenants.find((t) => t.id === tenant)!.host;

async function ask(sandbox: StartedSandbox, fixture: ContractFixture) {
  const { request: call } = fixture;
  const host = hostOf(sandbox, call.tenant);
  const cookie = call.citizen ? await loginAs(sandbox.url, call.citizen, host) : "";
  const vars: Record<string, string> = {};
  const http = request(sandbox.url);
  if (call.setup === "otp") {
    const sent = await http
      .post("/api-public/otp")
      .set("X-Forwarded-Host", host)
      .set("Cookie", cookie)
      .send({ codiceFiscale: call.citizen, tipoRichiesta: "EMAIL", contatto: "contract@example.it" });
    expect(sent.status).toBe(200);
    vars.otp = sandbox.store.state.otp.rows.at(-1)!.codiceOTP;
    vars.wrongOtp = vars.otp === "00000" ? "11111" : "00000";
  }
  if (call.setup === "draft") {
    const saved = await http
      .post("/api/draft")
      .set("X-Forwarded-Host", host)
      .set("Cookie", cookie)
      .send({ body: '{"title":"Tributi"}', idAsset: 4 });
    expect(saved.status).toBe(201);
    vars.draftId = String(saved.body.id);
  }
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? `{${name}}`);
  const query = Object.fromEntries(Object.entries(call.query ?? {}).map(([k, v]) => [k, fill(v)]));
  const method = call.method.toLowerCase() as "get" | "post" | "put" | "delete";
  let req = http[method](fill(call.path)).query(query).set("X-Forwarded-Host", host).set("Cookie", cookie);
  if (call.maintenanceCredential === true) req = req.set("Authorization", maintenanceBasic);
  if (call.maintenanceCredential === "wrong")
    req = req.set("Authorization", `Basic ${Buffer.from("manutentore:sbagliata").toString("base64")}`);
  const first = await (call.body === undefined ? req : req.send(call.body as object))
    .redirects(0)
    .parse(asText);
  if (!call.follow || first.status !== 302) return { first, last: first };
  const location = new URL(first.headers.location!, sandbox.url);
  const last = await request(location.origin).get(`${location.pathname}${location.search}`).parse(asText);
  return { first, last, location };
}

function checkAnswer(
  got: { status: number; headers: Record<string, string>; body: unknown },
  want: ReturnType<typeof finalAnswer>,
  fixture: ContractFixture,
) {
  expect(got.status).toBe(want.status);
  expect(got.headers["content-type"] ?? "").toContain(want.contentType);
  const text = got.body as string;
  if (want.text !== undefined) {
    // Raw: the text itself, not a JSON-quoted string.
    expect(text.startsWith('"')).toBe(false);
    if (want.exact !== false) expect(text).toBe(want.text);
    else expect(text.length).toBeGreaterThan(0);
    return;
  }
  expect(shapeMismatches(JSON.parse(text), want.body, fixture.sandboxOmits)).toEqual([]);
}

describe.each(["spec", "published"] as SandboxProfile[])(
  "the sandbox (%s profile) answers as the fixtures say",
  (profile) => {
    let sandbox: StartedSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, profile });
    });
    afterAll(() => sandbox.close());

    const mine = fixtures.filter((f) => f.profiles.includes(profile));
    test.each(mine.map((f) => [f.name, f] as const))("%s", async (_name, fixture) => {
      sandbox.store.reset();
      const { first, last, location } = await ask(sandbox, fixture);
      if (fixture.response.location === "cms") {
        expect(first.status).toBe(302);
        expect(first.headers["content-type"] ?? "").toContain(fixture.response.contentType);
        expect(location?.origin).toBe(sandbox.cmsUrl);
      }
      checkAnswer(last, finalAnswer(fixture), fixture);
    });
  },
);

test("every fixture is answered by at least one profile, and the published-only ones are not the spec's", () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(25);
  for (const f of fixtures) expect(f.profiles.length, f.name).toBeGreaterThan(0);
});
