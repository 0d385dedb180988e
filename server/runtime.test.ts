import { expect, test } from "vitest";
import { loadRuntime } from "./runtime.ts";
import { CITIZENS } from "#tests/support/portal-requests.ts";

/** What the embedded sandbox answers an anonymous OTP request for a fiscal code (the code only in gaps mode). */
async function otpAnswer(env: NodeJS.ProcessEnv): Promise<{ status: number; body: Record<string, unknown> }> {
  const runtime = await loadRuntime({
    LOG_LEVEL: "silent",
    PORTAL_SECRET: "runtime-test-secret-runtime-test",
    ...env,
  });
  try {
    const res = await fetch(`${runtime.upstreamUrl}/api-public/otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-Host": "servizi.comune.valverde.it" },
      body: JSON.stringify({
        codiceFiscale: CITIZENS.ANNA,
        tipoRichiesta: "SMS",
        contatto: "00393331234567",
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    await runtime.close();
  }
}

test("SANDBOX_UPSTREAM_GAPS=1 starts the embedded sandbox in gaps mode; it is off by default", async () => {
  expect((await otpAnswer({})).status).toBe(401);
  const gaps = await otpAnswer({ SANDBOX_UPSTREAM_GAPS: "1" });
  expect(gaps.status).toBe(200);
  expect(gaps.body).toMatchObject({
    codiceFiscale: CITIZENS.ANNA,
    codiceOTP: expect.stringMatching(/^\d{5}$/),
  });
});
