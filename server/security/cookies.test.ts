import { parseSetCookie } from "cookie";
import type { RequestHandler } from "express";
import request from "supertest";
import { describe, expect, test } from "vitest";
import { PORTAL_COOKIES, portalCookieFor, type PortalCookie } from "#shared/portal-cookies.ts";
import { upstreamCookieHeader } from "#server/proxy/header-hygiene.ts";
import { RAW_COOKIE_HEADER } from "#server/middleware/cookies.ts";
import { testApp } from "#tests/support/test-app.ts";
import { HOSTS } from "#tests/support/portal-requests.ts";

const HOST = HOSTS.a;
const registered: PortalCookie[] = Object.values(PORTAL_COOKIES);
/** Every registered cookie's name (one entry per flow). */
const names = registered.map((c) => c.name);

describe("the registry of the portal's cookies", () => {
  test("what is kept from the upstream is exactly what is registered", () => {
    const header = [...names.map((n) => `${n}=x`), "SANDBOX_SSO=a+b/c=", "JSESSIONID=1"].join("; ");
    expect(upstreamCookieHeader(header)).toBe("SANDBOX_SSO=a+b/c=; JSESSIONID=1");
    expect(upstreamCookieHeader({ [RAW_COOKIE_HEADER]: names.map((n) => `${n}=x`).join("; ") })).toBe(
      undefined,
    );
    // Near misses are the upstream's (a name is matched exactly; any `flow_` cookie is the portal's).
    expect(upstreamCookieHeader("xsrf-token=1; language=it; flow=1")).toBe(
      "xsrf-token=1; language=it; flow=1",
    );
  });
});

/** Pages reach the cookies only through RequestServices: this handler sets every one the services can set. */
const everyPageCookie: RequestHandler = (_req, res) => {
  const services = res.locals.services;
  res.append("Set-Cookie", services.maintenance.sealCookie({ username: "u", password: "p" }));
  res.append("Set-Cookie", services.maintenance.clearCookie());
  res.append("Set-Cookie", services.flow.write("booking", { step: 1 }));
  res.append(
    "Set-Cookie",
    services.flow.write("appt-access", {}, { expires: new Date(Date.now() + 86_400_000) }),
  );
  res.append("Set-Cookie", services.flow.clear("booking"));
  res.append("Set-Cookie", services.devLogout.toggle(true));
  res.append("Set-Cookie", services.devLogout.toggle(false));
  res.end();
};

declare module "express-serve-static-core" {
  interface Locals {
    services: import("#client/context.ts").RequestServices;
  }
}

const setCookies = (res: request.Response): string[] => [res.headers["set-cookie"] ?? []].flat();

function expectRegistered(lines: string[], secure: boolean) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const cookie = parseSetCookie(line);
    const entry = portalCookieFor(cookie.name);
    expect(entry, `${cookie.name} is not a registered portal cookie`).toBeDefined();
    expect({
      name: cookie.name,
      httpOnly: !!cookie.httpOnly,
      sameSite: cookie.sameSite,
      secure: !!cookie.secure,
    }).toEqual({ name: cookie.name, httpOnly: entry!.httpOnly, sameSite: entry!.sameSite, secure });
    expect(cookie.path).toBe("/");
    const cleared = cookie.maxAge === 0;
    if (!cleared && entry!.maxAgeS !== undefined) expect(cookie.maxAge).toBe(entry!.maxAgeS);
  }
}

describe("every Set-Cookie the app emits is registered, with the registered flags", () => {
  test("the Express layer and the page services, over plain HTTP", async () => {
    const { app } = testApp({ upstreamUrl: "http://127.0.0.1:9", ssrHandler: everyPageCookie });
    const first = await request(app).get("/?lang=en").set("host", HOST);
    const names = setCookies(first).map((line) => parseSetCookie(line).name);
    expect(names).toEqual(
      expect.arrayContaining(["XSRF-TOKEN", "lang", "CITFAC_MAINTENANCE", "flow_booking"]),
    );
    expect(names).toEqual(expect.arrayContaining(["flow_appt-access", "dev_logout"]));
    expectRegistered(setCookies(first), false);
  });

  test("Secure whenever the request came over TLS", async () => {
    const { app } = testApp({
      upstreamUrl: "http://127.0.0.1:9",
      ssrHandler: everyPageCookie,
      env: { TRUST_PROXY: "1" },
    });
    const res = await request(app).get("/?lang=it").set("host", HOST).set("x-forwarded-proto", "https");
    expectRegistered(setCookies(res), true);
  });
});
