import type { IncomingMessage } from "node:http";
import request, { type Test } from "supertest";
import { createSandboxApp } from "#sandbox/app.ts";
import type { SandboxProfile } from "#sandbox/profile.ts";
import { DEMO_TENANTS } from "./demo-tenants.ts";

/** The upstream host of each demo municipality: what the portal forwards as `X-Forwarded-Host`. */
export const hosts = {
  a: DEMO_TENANTS["comune-a"].upstreamHost,
  b: DEMO_TENANTS["comune-b"].upstreamHost,
  c: DEMO_TENANTS["comune-c"].upstreamHost,
} as const;

export const maintenanceBasic = `Basic ${Buffer.from("manutentore:Roccaserena-2026").toString("base64")}`;

/**
 * A fresh sandbox (no state file) and a supertest client bound to it; `gaps: true` plays the real upstream's
 * authorization gaps (sandbox/README.md "Gaps mode"), what the portal's security tests run against.
 */
export function createTestSandbox(options: { gaps?: boolean; profile?: SandboxProfile } = {}) {
  const { app, store } = createSandboxApp({ gaps: options.gaps, profile: options.profile });
  return { app, store, http: request(app) };
}

/**
 * supertest's reading of an answer as its text: the BFF sends plain strings raw under `application/json`
 * (`OTP valido`, `utente autorizzato`…), which supertest's JSON parser would refuse. `.parse(asText)`: `res.body`
 * is the text.
 */
export const asText = ((res: IncomingMessage, done: (error: Error | null, body: string) => void): void => {
  let text = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => (text += chunk));
  res.on("end", () => done(null, text));
}) as unknown as Extract<Parameters<Test["parse"]>[0], (res: never, callback: never) => void>;

/**
 * Logs a test citizen in through the sandbox identity provider and returns the `Cookie` header value. `app` is an
 * in-process sandbox or the base URL of a started one (`startSandbox()`).
 */
export async function loginAs(
  app: ReturnType<typeof createSandboxApp>["app"] | string,
  codiceFiscale: string,
  host: string = hosts.a,
) {
  const res = await request(app)
    .post("/api-public/sandbox-idp/login")
    .set("X-Forwarded-Host", host)
    .type("form")
    .send({ codiceFiscale, redirector: "" });
  const setCookie = res.headers["set-cookie"] as unknown as string[];
  return (setCookie[0] ?? "").split(";")[0] ?? "";
}
