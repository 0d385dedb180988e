import request from "supertest";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { HOSTS, signIn, type TestTenant } from "./portal-requests.ts";

type App = Parameters<typeof request>[0];
export type Upload = { field: string; name: string; bytes: Buffer };

/** The sandbox's session cookie (what its identity provider sets and its logout clears). */
const SESSION_COOKIE = "SANDBOX_SSO";

/**
 * One browser shared by several citizens (issue #36): one cookie jar that keeps what every answer's `Set-Cookie`
 * leaves (the portal's flows and the upstream's session alike), a login that puts a citizen's session in it, and the
 * logout as the user menu's "Esci" does it: `/logout` and every redirect after it, through the portal (its proxy
 * relays the upstream's logout).
 */
export class SharedBrowser {
  readonly cookies = new Map<string, string>();
  private readonly app: () => App;
  private readonly sandboxUrl: string;
  readonly tenant: TestTenant;
  constructor(app: () => App, sandboxUrl: string, tenant: TestTenant = "a") {
    this.app = app;
    this.sandboxUrl = sandboxUrl;
    this.tenant = tenant;
  }

  get host(): string {
    return HOSTS[this.tenant];
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(res: request.Response): request.Response {
    for (const line of (res.headers["set-cookie"] as unknown as string[] | undefined) ?? []) {
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (/;\s*Max-Age=0(;|$)/i.test(line) || /Expires=Thu, 01 Jan 1970/i.test(line) || value === "")
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The names and values of the portal's flow cookies the browser holds. */
  flowCookies(): Map<string, string> {
    return new Map([...this.cookies].filter(([name]) => name.startsWith("flow_")));
  }

  /** A citizen logs in (the demo identity provider's session replaces whatever session was there). */
  async login(codiceFiscale: string): Promise<void> {
    const session = await signIn(this.sandboxUrl, codiceFiscale, this.tenant);
    const [name, ...value] = session.split("=");
    this.cookies.set(name!, value.join("="));
  }

  /** "Esci": `/logout` and every redirect after it; the last answer. */
  async logout(start = "/logout"): Promise<request.Response> {
    let path = start;
    for (let hop = 0; hop < 8; hop++) {
      const res = await this.get(path);
      const location = res.headers.location as string | undefined;
      if (res.status < 300 || res.status >= 400 || !location?.startsWith("/")) return res;
      path = location;
    }
    throw new Error("the logout did not settle in 8 redirects");
  }

  /** Whether the upstream's session cookie is still there. */
  loggedIn(): boolean {
    return this.cookies.has(SESSION_COOKIE);
  }

  async get(path: string): Promise<request.Response> {
    return this.take(await request(this.app()).get(path).set("Host", this.host).set("Cookie", this.header()));
  }

  private xsrf(): string {
    let token = this.cookies.get("XSRF-TOKEN");
    if (!token) this.cookies.set("XSRF-TOKEN", (token = createXsrfToken()));
    return maskXsrfToken(token);
  }

  /** A form post as the page sends it (the token first; multipart when files go with it). */
  async post(
    path: string,
    fields: Record<string, string | string[]>,
    files: Upload[] = [],
  ): Promise<request.Response> {
    const masked = this.xsrf();
    let req = request(this.app())
      .post(path)
      .set("Host", this.host)
      .set("Origin", `http://${this.host}`)
      .set("Cookie", this.header());
    if (files.length === 0) {
      const body = new URLSearchParams([["_xsrf", masked]]);
      for (const [name, value] of Object.entries(fields))
        for (const one of [value].flat()) body.append(name, one);
      return this.take(await req.type("form").send(body.toString()));
    }
    req = req.field("_xsrf", masked);
    for (const [name, value] of Object.entries(fields))
      for (const one of [value].flat()) req = req.field(name, one);
    for (const file of files) req = req.attach(file.field, file.bytes, { filename: file.name });
    return this.take(await req);
  }

  /** A script's POST (the XSRF header instead of a form field), e.g. the push token. */
  async postFromScript(path: string, fields: Record<string, string>): Promise<request.Response> {
    const masked = this.xsrf();
    return this.take(
      await request(this.app())
        .post(path)
        .set("Host", this.host)
        .set("Origin", `http://${this.host}`)
        .set("Cookie", this.header())
        .set("X-XSRF-TOKEN", masked)
        .set("Accept", "application/json")
        .type("form")
        .send(new URLSearchParams(fields).toString()),
    );
  }
}
