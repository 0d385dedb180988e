import request from "supertest";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";

type App = Parameters<typeof request>[0];
export type Upload = { field: string; name: string; bytes: Buffer; type?: string };

/**
 * One browser on one portal host, without JavaScript: it keeps the cookies the portal sets (the flows' sealed
 * cookies, the session), sends its XSRF token with every form, and can be copied (two tabs, a captured cookie) or
 * pointed at another app of the same portal (another replica, a slower upstream) with `through`.
 */
export class PortalBrowser {
  readonly cookies: Map<string, string>;
  readonly app: App;
  readonly host: string;
  constructor(app: App, host: string, cookies: Iterable<[string, string]> = []) {
    this.app = app;
    this.host = host;
    this.cookies = new Map(cookies);
    if (!this.cookies.has("XSRF-TOKEN")) this.cookies.set("XSRF-TOKEN", createXsrfToken());
  }

  /** Adds a `name=value` cookie (e.g. a sandbox login). */
  withCookie(pair: string): this {
    const at = pair.indexOf("=");
    this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    return this;
  }

  /** The same cookies, through another app (another replica, another upstream). */
  through(app: App): PortalBrowser {
    return new PortalBrowser(app, this.host, this.cookies);
  }

  /** A copy of this browser as it is now (its cookies frozen): a second tab, a double click's twin. */
  copy(): PortalBrowser {
    return new PortalBrowser(this.app, this.host, this.cookies);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(res: request.Response): request.Response {
    const lines = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
    for (const line of lines) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (/;\s*Max-Age=0(;|$)/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string): Promise<request.Response> {
    return this.take(await request(this.app).get(path).set("Host", this.host).set("Cookie", this.header()));
  }

  /** A form post (urlencoded; multipart when there are files), the XSRF field first. */
  async post(
    path: string,
    fields: Record<string, string | string[]>,
    files: Upload[] = [],
  ): Promise<request.Response> {
    const xsrf = maskXsrfToken(this.cookies.get("XSRF-TOKEN")!);
    const base = request(this.app)
      .post(path)
      .set("Host", this.host)
      .set("Origin", `http://${this.host}`)
      .set("Cookie", this.header());
    if (files.length === 0) {
      const body = new URLSearchParams({ _xsrf: xsrf });
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return this.take(await base.type("form").send(body.toString()));
    }
    let req = base.field("_xsrf", xsrf);
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) req = req.field(k, one);
    for (const f of files)
      req = req.attach(f.field, f.bytes, { filename: f.name, ...(f.type ? { contentType: f.type } : {}) });
    return this.take(await req);
  }
}
