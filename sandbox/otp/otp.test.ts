import { expect, test } from "vitest";
import { seedState } from "#sandbox/store.ts";
import { asText, createTestSandbox, hosts, loginAs } from "#tests/support/test-sandbox.ts";
import { createOtp, OTP_MAX_ATTEMPTS, smsAttemptsLeft, verifyOtp } from "./otp.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

const cf = CITIZENS.LUCA;
const now = new Date("2027-03-01T09:00:00Z");
const input = {
  codiceFiscale: cf,
  tipoRichiesta: "EMAIL" as const,
  contatto: "l@example.it",
  tenantId: "comune-a",
};

test("a code goes to the mailbox, is valid once and for five minutes", () => {
  const state = seedState();
  const row = createOtp(state, input, now, "12345");
  if (row === "limit") throw new Error("unexpected limit");
  expect(state.appsched.mailbox.at(-1)).toMatchObject({ to: "l@example.it", subject: "Codice di verifica" });
  expect(state.appsched.mailbox.at(-1)?.body).toContain("12345");
  const later = new Date(now.getTime() + 5 * 60 * 1000);
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "12345" }, later)).toBe(
    "expired",
  );
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: CITIZENS.MARIO, otp: "12345" }, now)).toBe(
    "not-found",
  );
  expect(verifyOtp(state, { tipoRichiesta: "SMS", codiceFiscale: cf, otp: "12345" }, now)).toBe("not-found");
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "12345" }, now)).toBe("valid");
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "12345" }, now)).toBe(
    "not-found",
  );
});

test("every pending code of the kind counts, each once; its expiry is written as the BFF's Java does", () => {
  const state = seedState();
  const first = createOtp(state, input, now, "11111");
  const second = createOtp(state, input, now, "22222");
  if (first === "limit" || second === "limit") throw new Error("unexpected limit");
  expect(second.expirationDate).toBe("2027-03-01T09:05:00.000+00:00");
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "22222" }, now)).toBe("valid");
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "22222" }, now)).toBe(
    "not-found",
  );
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "11111" }, now)).toBe("valid");
});

test("wrong codes burn the row after the maximum attempts", () => {
  const state = seedState();
  const row = createOtp(state, input, now, "12345");
  if (row === "limit") throw new Error("unexpected limit");
  for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
    expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "00000" }, now)).toBe(
      "not-found",
    );
  }
  expect(verifyOtp(state, { tipoRichiesta: "EMAIL", codiceFiscale: cf, otp: "12345" }, now)).toBe(
    "not-found",
  );
});

test("three SMS a day", () => {
  const state = seedState();
  const sms = { ...input, tipoRichiesta: "SMS" as const, contatto: "00393331234567" };
  expect(smsAttemptsLeft(state, cf, now)).toBe(3);
  for (let i = 0; i < 3; i++) expect(createOtp(state, sms, now)).not.toBe("limit");
  expect(smsAttemptsLeft(state, cf, now)).toBe(0);
  expect(createOtp(state, sms, now)).toBe("limit");
  expect(smsAttemptsLeft(state, cf, new Date("2027-03-02T09:00:00Z"))).toBe(3);
});

test("the endpoints never answer the code and refuse another citizen's fiscal code", async () => {
  const { app, http, store } = createTestSandbox();
  const cookie = await loginAs(app, cf);
  const post = (body: object) =>
    http.post("/api-public/otp").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie).send(body);
  const res = await post({ codiceFiscale: cf, tipoRichiesta: "EMAIL", contatto: "l@example.it" });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(["expirationDate", "id", "tipoRichiesta"]);
  expect(JSON.stringify(res.body)).not.toContain(store.state.otp.rows[0]!.codiceOTP);
  expect(
    (await post({ codiceFiscale: CITIZENS.GIULIA, tipoRichiesta: "EMAIL", contatto: "x@e.it" })).status,
  ).toBe(403);
  expect(
    (
      await http
        .post("/api-public/otp")
        .set("X-Forwarded-Host", hosts.a)
        .send({ codiceFiscale: cf, tipoRichiesta: "SMS", contatto: "3331234567" })
    ).status,
  ).toBe(401);
  // Anonymous visitors may confirm an e-mail (anonymous assistance request), with a well-formed fiscal code only.
  const anonymous = (codiceFiscale: string) =>
    http
      .post("/api-public/otp")
      .set("X-Forwarded-Host", hosts.a)
      .send({ codiceFiscale, tipoRichiesta: "EMAIL", contatto: "l@e.it" });
  expect((await anonymous("RSSMRA80A01H501X")).status).toBe(400);
  const anonymousOk = await anonymous(cf);
  expect(anonymousOk.status).toBe(200);
  expect(Object.keys(anonymousOk.body).sort()).toEqual(["expirationDate", "id", "tipoRichiesta"]);
  expect(
    (await http.get("/api-public/otp").set("X-Forwarded-Host", hosts.a).set("Cookie", cookie)).status,
  ).toBe(404);

  const verify = (otp: string) =>
    http
      .get("/api-public/otp/verify")
      .query({ otp, cf, richiesta: res.body.tipoRichiesta })
      .set("X-Forwarded-Host", hosts.a)
      .set("Cookie", cookie)
      .parse(asText);
  const code = store.state.otp.rows[0]!.codiceOTP;
  expect((await verify(code === "00000" ? "11111" : "00000")).status).toBe(404);
  const ok = await verify(code);
  expect(ok.status).toBe(200);
  // Raw, labelled JSON, as the BFF sends it (not JSON-quoted).
  expect(ok.headers["content-type"]).toMatch(/^application\/json/);
  expect(ok.body).toBe("OTP valido");

  const left = await http
    .get("/api-public/otp/channels/sms/attempts-left")
    .query({ cf })
    .set("X-Forwarded-Host", hosts.a)
    .set("Cookie", cookie);
  expect(left.body).toEqual({ attemptsLeft: 3 });
  for (let i = 0; i < 3; i++) {
    expect((await post({ codiceFiscale: cf, tipoRichiesta: "SMS", contatto: "00393331234567" })).status).toBe(
      200,
    );
  }
  const refused = await post({ codiceFiscale: cf, tipoRichiesta: "SMS", contatto: "00393331234567" });
  expect(refused.status).toBe(403);
  expect(refused.body.title).toBe("Limite richieste giornaliere SMS OTP superato");
});
