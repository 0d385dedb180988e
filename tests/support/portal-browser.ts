import { SUMMARY_VERSION } from "#client/lib/flow-fields.ts";
import request from "supertest";
import { createXsrfToken, maskXsrfToken } from "#server/security/xsrf.ts";
import { withParts, type Upload } from "./portal-requests.ts";

export type { Upload } from "./portal-requests.ts";
type App = Parameters<typeof request>[0];

/** How one post leaves the page. */
export type PostOptions = {
  /**
   * `false`: no `_xsrf` field and no `Origin`, a post that names no sender (only then does the token decide, a post
   * with the portal's Origin needs none: docs/decisions/anonymous-pages.md).
   */
  xsrf?: boolean;
};

/**
 * One browser on one portal host, without JavaScript: it keeps the cookies the portal sets (the flows' sealed
 * cookies, the session), sends its XSRF token with every form, and can be copied (two tabs, a captured cookie) or
 * pointed at another app of the same portal (another replica, a slower upstream) with `through`. `withHeader` adds
 * what it sends with every request (e.g. `X-Forwarded-For`: its address behind a trusted proxy), `withMultipartForms`
 * posts every form multipart (the flow's forms say `enctype="multipart/form-data"`; otherwise only a post with files).
 */
export class PortalBrowser {
  readonly cookies: Map<string, string>;
  readonly headers: Record<string, string>;
  /** How its forms are sent when no file goes with them (`withMultipartForms`). */
  forms: "urlencoded" | "multipart" = "urlencoded";
  readonly app: App;
  readonly host: string;
  constructor(
    app: App,
    host: string,
    cookies: Iterable<[string, string]> = [],
    headers: Record<string, string> = {},
  ) {
    this.app = app;
    this.host = host;
    this.cookies = new Map(cookies);
    this.headers = { ...headers };
    if (!this.cookies.has("XSRF-TOKEN")) this.cookies.set("XSRF-TOKEN", createXsrfToken());
  }

  /** Adds a `name=value` cookie (e.g. a sandbox login). */
  withCookie(pair: string): this {
    const at = pair.indexOf("=");
    this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    return this;
  }

  /** Adds a header it sends with every request. */
  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }

  /** Posts every form multipart, files or not. */
  withMultipartForms(): this {
    this.forms = "multipart";
    return this;
  }

  /** The same browser (its cookies, taken and sent alike), through another app: another replica, another upstream. */
  through(app: App): PortalBrowser {
    const same = { cookies: this.cookies, headers: this.headers, forms: this.forms };
    return Object.assign(new PortalBrowser(app, this.host), same);
  }

  /** A copy of this browser as it is now (its cookies frozen): a second tab, a double click's twin. */
  copy(): PortalBrowser {
    return Object.assign(new PortalBrowser(this.app, this.host, this.cookies, this.headers), {
      forms: this.forms,
    });
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Keeps what the answer's `Set-Cookie` lines leave: a cleared cookie (expired, or emptied) is gone. */
  take(res: request.Response): request.Response {
    const lines = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
    for (const line of lines) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (/;\s*Max-Age=0(;|$)/i.test(line) || /;\s*Expires=Thu, 01 Jan 1970/i.test(line) || value === "")
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** The masked copy of its XSRF token, as a page carries it (a token of its own if the portal cleared it). */
  xsrf(): string {
    let token = this.cookies.get("XSRF-TOKEN");
    if (!token) this.cookies.set("XSRF-TOKEN", (token = createXsrfToken()));
    return maskXsrfToken(token);
  }

  async get(path: string): Promise<request.Response> {
    return this.take(
      await request(this.app).get(path).set("Host", this.host).set(this.headers).set("Cookie", this.header()),
    );
  }

  /** A form post (urlencoded; multipart when there are files, or `withMultipartForms`), the XSRF field first. */
  async post(
    path: string,
    fields: Record<string, string | string[]>,
    files: Upload[] = [],
    { xsrf = true }: PostOptions = {},
  ): Promise<request.Response> {
    const multipart = files.length > 0 || this.forms === "multipart";
    const masked = xsrf ? this.xsrf() : undefined;
    const base = request(this.app)
      .post(path)
      .set("Host", this.host)
      .set(masked ? { Origin: `http://${this.host}` } : {})
      .set(this.headers)
      .set("Cookie", this.header());
    if (!multipart) {
      const body = new URLSearchParams(masked ? { _xsrf: masked } : {});
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return this.take(await base.type("form").send(body.toString()));
    }
    return this.take(await withParts(masked ? base.field("_xsrf", masked) : base, fields, files));
  }

  /** A script's POST (the XSRF header instead of a form field), e.g. the push token. */
  async postFromScript(path: string, fields: Record<string, string>): Promise<request.Response> {
    return this.take(
      await request(this.app)
        .post(path)
        .set("Host", this.host)
        .set("Origin", `http://${this.host}`)
        .set(this.headers)
        .set("Cookie", this.header())
        .set("X-XSRF-TOKEN", this.xsrf())
        .set("Accept", "application/json")
        .type("form")
        .send(new URLSearchParams(fields).toString()),
    );
  }
}

/**
 * An address without the summary's digest (`versione`): where a step's form went, compared with the summary's
 * address as a test spells it.
 */
export function withoutSummaryVersion(location: string | null | undefined): string | null | undefined {
  if (location === undefined || location === null) return location;
  const url = new URL(location, "http://portal.invalid");
  if (!url.searchParams.has(SUMMARY_VERSION)) return location;
  url.searchParams.delete(SUMMARY_VERSION);
  return `${url.pathname}${url.search}`;
}
