import { describe, expect, test } from "vitest";
import { createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";

// Gaps mode (README "Gaps mode"): for each gap of the real upstream, the default sandbox refuses and the gaps mode
// lets it through, exactly as the contract (§1 "Authorization gaps", §8) says the BFF does.

const MARIO = "RSSMRA80A01H501U";
const ANNA = "SPSNNA75T48F839X";

function sandboxes() {
  return { strict: createTestSandbox(), gaps: createTestSandbox({ gaps: true }) };
}

type Sandbox = ReturnType<typeof createTestSandbox>;

describe("OTP (contract §8)", () => {
  const ask = (s: Sandbox, body: object, cookie?: string) => {
    const req = s.http.post("/api-public/otp").set("X-Forwarded-Host", hosts.a);
    return (cookie ? req.set("Cookie", cookie) : req).send(body);
  };
  const verify = (s: Sandbox, query: object, cookie?: string) => {
    const req = s.http.get("/api-public/otp/verify").query(query).set("X-Forwarded-Host", hosts.a);
    return cookie ? req.set("Cookie", cookie) : req;
  };

  test("any caller gets a code for any fiscal code, and the answer carries the code, only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    const sms = { codiceFiscale: ANNA, tipoRichiesta: "SMS", contatto: "00393331234567" };
    expect((await ask(strict, sms)).status).toBe(401);
    const mario = await loginAs(strict.app, MARIO);
    const refused = await ask(strict, { ...sms, tipoRichiesta: "EMAIL", contatto: "x@example.it" }, mario);
    expect(refused.status).toBe(403);
    const own = await ask(
      strict,
      { codiceFiscale: MARIO, tipoRichiesta: "EMAIL", contatto: "m@e.it" },
      mario,
    );
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty("codiceOTP");

    const anonymous = await ask(gaps, sms);
    expect(anonymous.status).toBe(200);
    const row = gaps.store.state.otp.rows[0]!;
    expect(anonymous.body).toEqual({
      id: row.id,
      codiceFiscale: ANNA,
      codiceOTP: row.codiceOTP,
      used: false,
      expirationDate: row.expirationDate,
      tipoRichiesta: "SMS",
    });
    const marioInGaps = await loginAs(gaps.app, MARIO);
    const foreign = await ask(
      gaps,
      { ...sms, tipoRichiesta: "EMAIL", contatto: "x@example.it" },
      marioInGaps,
    );
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({
      codiceFiscale: ANNA,
      codiceOTP: gaps.store.state.otp.rows[1]!.codiceOTP,
    });
  });

  test("GET /api-public/otp lists every row with its code only in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    for (const s of [strict, gaps]) {
      await ask(s, { codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "a@example.it" });
    }
    expect((await strict.http.get("/api-public/otp").set("X-Forwarded-Host", hosts.a)).status).toBe(404);
    const listed = await gaps.http.get("/api-public/otp").set("X-Forwarded-Host", hosts.a);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ codiceFiscale: ANNA, codiceOTP: gaps.store.state.otp.rows[0]!.codiceOTP }),
    ]);
  });

  test("the 6th wrong code burns the row by default; in gaps mode the right code still works, anonymously", async () => {
    const { strict, gaps } = sandboxes();
    const anna = await loginAs(strict.app, ANNA);
    const email = { codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "a@example.it" };
    for (const [s, cookie] of [
      [strict, anna],
      [gaps, undefined],
    ] as const) {
      const { id } = (await ask(s, email, cookie)).body as { id: number };
      const code = s.store.state.otp.rows[0]!.codiceOTP;
      const wrong = code === "00000" ? "11111" : "00000";
      for (let i = 0; i < 6; i++) {
        expect((await verify(s, { otp: wrong, cf: ANNA, richiesta: id }, cookie)).status).toBe(404);
      }
      const right = await verify(s, { otp: code, cf: ANNA, richiesta: id }, cookie);
      expect(right.status).toBe(s === gaps ? 200 : 404);
    }
    expect((await verify(strict, { otp: "12345", cf: ANNA, richiesta: 1 })).status).toBe(401);
  });

  test("gaps mode checks the code by (code, fiscal code, request type) too", async () => {
    const { gaps } = sandboxes();
    await ask(gaps, { codiceFiscale: ANNA, tipoRichiesta: "EMAIL", contatto: "a@example.it" });
    const code = gaps.store.state.otp.rows[0]!.codiceOTP;
    expect((await verify(gaps, { otp: code, cf: MARIO, richiesta: "EMAIL" })).status).toBe(404);
    expect((await verify(gaps, { otp: code, cf: ANNA, richiesta: "EMAIL" })).status).toBe(200);
    expect(gaps.store.state.otp.rows[0]!.used).toBe(true);
  });

  test("no SMS-per-day cap in gaps mode", async () => {
    const { strict, gaps } = sandboxes();
    const sms = { codiceFiscale: ANNA, tipoRichiesta: "SMS", contatto: "00393331234567" };
    const anna = await loginAs(strict.app, ANNA);
    for (let i = 0; i < 3; i++) expect((await ask(strict, sms, anna)).status).toBe(200);
    const capped = await ask(strict, sms, anna);
    expect(capped.status).toBe(403);
    expect(capped.body.title).toBe("Limite richieste giornaliere SMS OTP superato");
    for (let i = 0; i < 4; i++) expect((await ask(gaps, sms)).status).toBe(200);
  });
});
