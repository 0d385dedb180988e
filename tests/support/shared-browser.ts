import type request from "supertest";
import { PortalBrowser } from "./portal-browser.ts";
import { HOSTS, signIn, type TestTenant } from "./portal-requests.ts";

export type { Upload } from "./portal-requests.ts";
type App = Parameters<typeof request>[0];

/** The sandbox's session cookie (what its identity provider sets and its logout clears). */
const SESSION_COOKIE = "SANDBOX_SSO";

/**
 * One browser shared by several citizens (issue #36): a PortalBrowser (one cookie jar that keeps what every answer's
 * `Set-Cookie` leaves, the portal's flows and the upstream's session alike) with a login that puts a citizen's
 * session in it, and the logout as the user menu's "Esci" does it: `/logout` and every redirect after it, through the
 * portal (its proxy relays the upstream's logout).
 */
export class SharedBrowser extends PortalBrowser {
  private readonly sandboxUrl: string;
  readonly tenant: TestTenant;
  constructor(app: App, sandboxUrl: string, tenant: TestTenant = "a") {
    super(app, HOSTS[tenant]);
    this.sandboxUrl = sandboxUrl;
    this.tenant = tenant;
  }

  /** The names and values of the portal's flow cookies the browser holds. */
  flowCookies(): Map<string, string> {
    return new Map([...this.cookies].filter(([name]) => name.startsWith("flow_")));
  }

  /** A citizen logs in (the demo identity provider's session replaces whatever session was there). */
  async login(codiceFiscale: string): Promise<void> {
    this.withCookie(await signIn(this.sandboxUrl, codiceFiscale, this.tenant));
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
}
