import request from "supertest";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { DEMO_TENANTS } from "./demo-tenants.ts";
import { hosts as upstreamHosts, loginAs } from "./test-sandbox.ts";

/**
 * The one place server tests take hosts, citizens' sessions and XSRF tokens from (the e2e journeys have theirs in
 * tests/e2e/fixtures.ts): the portal's host names of the test municipalities and the upstream host each maps to
 * (both from tests/support/demo-tenants.ts, the sandbox's seed), the seeded demo citizens.
 */
export const HOSTS: { readonly a: string; readonly b: string; readonly c: string } = {
  a: DEMO_TENANTS["comune-a"].portalHost,
  b: DEMO_TENANTS["comune-b"].portalHost,
  c: DEMO_TENANTS["comune-c"].portalHost,
};
export type TestTenant = keyof typeof HOSTS;
export const UPSTREAM_HOSTS = upstreamHosts;

/** The seeded demo citizens (sandbox/seed/citizens.ts). */
export { CITIZENS } from "./citizens.ts";

/** A citizen's session cookie (`name=value`) on `tenant`, from the sandbox's demo identity provider at `sandbox`. */
export function signIn(sandbox: string, codiceFiscale: string, tenant: TestTenant = "a"): Promise<string> {
  return loginAs(sandbox, codiceFiscale, UPSTREAM_HOSTS[tenant]);
}

/** A fresh XSRF token: the cookie to send, and the masked copy a form carries as `_xsrf` (or the header). */
export function xsrfToken() {
  const token = createXsrfToken();
  return { token, cookie: `XSRF-TOKEN=${token}`, masked: maskXsrfToken(token) };
}

/** `cookie` plus a fresh XSRF cookie, and the masked token that goes with it. */
export function withXsrf(cookie = "") {
  const xsrf = xsrfToken();
  return { cookie: cookie ? `${cookie}; ${xsrf.cookie}` : xsrf.cookie, masked: xsrf.masked };
}

type App = Parameters<typeof request>[0];
/** A file a form sends: its field, its name, its bytes and (when given) its declared type. */
export type Upload = { field: string; name: string; bytes: Buffer; type?: string };

/** A page request as a browser on `host` sends it. */
export function getPage(app: App, path: string, cookie = "", host: string = HOSTS.a) {
  return request(app).get(path).set("Host", host).set("Cookie", cookie);
}

/**
 * A form post as a browser on `host` sends it: same-site `Origin`, the cookie with a fresh XSRF token, and the masked
 * token as the first field (`_xsrf`), the fields after it.
 */
export function postForm(
  app: App,
  path: string,
  fields: Record<string, string> | URLSearchParams,
  cookie = "",
  host: string = HOSTS.a,
) {
  const xsrf = withXsrf(cookie);
  const body = new URLSearchParams([["_xsrf", xsrf.masked], ...new URLSearchParams(fields)]);
  return request(app)
    .post(path)
    .set("Host", host)
    .set("Origin", `http://${host}`)
    .set("Cookie", xsrf.cookie)
    .type("form")
    .send(body.toString());
}

/**
 * A multipart form post as a browser on `host` sends it (a form with `enctype="multipart/form-data"`): same-site
 * `Origin`, the cookie with a fresh XSRF token, the masked token as the first part, then the fields, then the files.
 */
export function postMultipart(
  app: App,
  path: string,
  fields: Record<string, string | string[]>,
  files: Upload[] = [],
  cookie = "",
  host: string = HOSTS.a,
) {
  const xsrf = withXsrf(cookie);
  const req = request(app)
    .post(path)
    .set("Host", host)
    .set("Origin", `http://${host}`)
    .set("Cookie", xsrf.cookie)
    .field("_xsrf", xsrf.masked);
  return withParts(req, fields, files);
}

/** A multipart request with the fields, then the files, added in order (after whatever it already carries). */
export function withParts(
  req: request.Test,
  fields: Record<string, string | string[]>,
  files: Upload[] = [],
) {
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) req = req.field(name, one);
  for (const file of files)
    req = req.attach(file.field, file.bytes, {
      filename: file.name,
      ...(file.type ? { contentType: file.type } : {}),
    });
  return req;
}

/** A rendered page's text as a reader meets it: no scripts, no tags, React's text markers gone, spaces collapsed. */
export function pageText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
