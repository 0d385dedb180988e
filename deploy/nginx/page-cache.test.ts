// The shipped page cache (deploy/nginx/page-cache-http.conf + page-cache.conf) behind a real nginx (Debian's
// nginx-light, as bench/replicas.ts starts it) in front of a production portal on the sandbox: anonymous pages are
// served by nginx as cache hits, a citizen's requests always reach the portal and his pages are never stored, a
// municipality's pages never show under another's host, and the language choice is kept apart. The page-cache leak
// tests of server/render/page-cache.test.ts (personal data, another municipality, another language), through nginx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, type Reply } from "../../bench/support.ts";
import { startReplicas, type Replicas } from "../../bench/replicas.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { CITIZENS } from "#tests/support/citizens.ts";

let cluster: Replicas;
let session = "";
const A = "comune-a.localhost";
const B = "comune-b.localhost";
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0", accept: "text/html" };

/** A page through nginx, with its Host and cookie. */
const page = (path: string, host = A, cookie?: string): Promise<Reply> =>
  get(`${cluster.url}${path}`, { ...BROWSER, host, ...(cookie ? { cookie } : {}) }, { agent: false });
const status = (reply: Reply) => reply.headers["x-cache-status"];
const text = (reply: Reply) => reply.body.toString("utf8");
/** How many times the portal was asked for `path` (its access log: one info line per answered request). */
const portalRequests = (path: string) =>
  cluster.replicas[0]!.logLines().filter(
    (line) => line.includes(`"url":"${path}"`) && line.includes("request completed"),
  ).length;

/**
 * Waits for what the portal's process writes asynchronously (its access lines), most of the test's own timeout; past
 * it, the failure shows what the portal and nginx did log. (A line that never came was once the portal refusing
 * nginx's request id and naming the request otherwise: server/middleware/request-logging.ts.)
 */
async function until(written: () => boolean): Promise<void> {
  const giveUp = Date.now() + 40_000;
  while (!written()) {
    if (Date.now() > giveUp)
      throw new Error(
        `not logged within 40 s; the portal's last lines:\n${cluster.replicas[0]!.logLines().slice(-15).join("\n")}\nnginx's last requests:\n${cluster.nginxAccess().slice(-10).join("\n")}\nnginx's errors:\n${cluster.nginxErrors().slice(-2000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  cluster = await startReplicas({
    replicas: 1,
    pageCache: true,
    nginxPort: process.env.PAGE_CACHE_NGINX_PORT ? Number(process.env.PAGE_CACHE_NGINX_PORT) : undefined,
  });
  session = await loginAs(cluster.sandboxUrl, CITIZENS.MARIO);
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

describe("the shipped nginx page cache", () => {
  it("serves an anonymous page from nginx once the portal answered it, the same bytes every time", async () => {
    const first = await page("/servizi");
    expect(first.status).toBe(200);
    expect(status(first)).toBe("MISS");
    // The portal's access line of that render (written asynchronously) is in before counting.
    await until(() => portalRequests("/servizi") > 0);
    const asked = portalRequests("/servizi");
    expect(asked).toBe(1);
    const again = await page("/servizi");
    expect(status(again)).toBe("HIT");
    expect(text(again)).toBe(text(first));
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(String(again.headers["content-security-policy"])).toMatch(/script-src 'self' 'sha256-/);
    // The portal was not asked again: nginx answered (a later request's access line would be in by now).
    await page("/faq/");
    await until(() => portalRequests("/faq/") > 0);
    expect(portalRequests("/servizi")).toBe(asked);
    // And nginx keeps it for the time the portal said (s-maxage), no longer than the portal's own cache.
    expect(String(again.headers["cache-control"])).toMatch(/s-maxage=\d+/);
  });

  it("never gives a citizen a cached page, and never stores his", async () => {
    // A citizen first: his home must not be stored for the anonymous visitors after him.
    const citizen = await page("/faq", A, session);
    expect(citizen.status).toBe(200);
    expect(status(citizen)).toBe("BYPASS");
    expect(String(citizen.headers["cache-control"])).toBe("no-store");
    const anonymous = await page("/faq");
    expect(status(anonymous)).toBe("MISS");
    expect(await page("/faq").then(status)).toBe("HIT");
    // Now the cache holds /faq and /: a citizen still gets his own page from the portal, never the cached one.
    await page("/");
    expect(await page("/").then(status)).toBe("HIT");
    const home = await page("/", A, session);
    expect(status(home)).toBe("BYPASS");
    expect(text(home)).toContain("Mario");
    const after = await page("/");
    expect(status(after)).toBe("HIT");
    expect(text(after)).not.toContain("Mario");
    expect(text(after)).not.toContain(CITIZENS.MARIO);
    // Any other cookie (a flow, the XSRF token, analytics, a session cookie nginx does not know by name) is a
    // citizen's request too.
    for (const cookie of [
      "flow_booking=x",
      "XSRF-TOKEN=abc",
      "_ga=GA1.1",
      "SOME_SSO=1",
      "lang=en; SANDBOX_SSO=1",
    ]) {
      expect(await page("/", A, cookie).then(status)).toBe("BYPASS");
    }
  });

  it("keeps each municipality's pages under its own host", async () => {
    await page("/", B);
    const [a, b] = [await page("/", A), await page("/", B)];
    expect([status(a), status(b)]).toEqual(["HIT", "HIT"]);
    expect(text(a)).toContain("Comune di Valverde");
    expect(text(a)).not.toContain("Montealto");
    expect(text(b)).toContain("Comune di Montealto");
    expect(text(b)).not.toContain("Valverde");
  });

  it("respects the language choice: a switch is never stored, each language is its own page", async () => {
    const switched = await page("/servizi?lang=en");
    expect(String(switched.headers["set-cookie"])).toMatch(/^lang=en/);
    expect(status(switched)).toBe("MISS");
    expect(await page("/servizi?lang=en").then(status)).toBe("MISS");
    await page("/servizi", A, "lang=en");
    const english = await page("/servizi", A, "lang=en");
    const italian = await page("/servizi");
    expect([status(english), status(italian)]).toEqual(["HIT", "HIT"]);
    expect(text(english)).toMatch(/<html[^>]*lang="en"/);
    expect(text(italian)).toMatch(/<html[^>]*lang="it"/);
  });

  it("names each answer's own request, a hit's too, with the name the portal logged", async () => {
    const filled = await page("/servizi", B);
    expect([filled.status, status(filled)]).toEqual([200, "MISS"]);
    const name = String(filled.headers["x-request-id"]);
    expect(name).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id
    // The portal logged the request it rendered under nginx's name (its access line is written asynchronously).
    const logged = () =>
      cluster.replicas[0]!.logLines().some(
        (line) => line.includes(`"id":"${name}"`) && line.includes("/servizi"),
      );
    await until(logged);
    // Two hits of the stored page: each its own name, never the one of the request that filled it.
    const hits = [await page("/servizi", B), await page("/servizi", B)];
    expect(hits.map(status)).toEqual(["HIT", "HIT"]);
    const names = [name, ...hits.map((hit) => String(hit.headers["x-request-id"]))];
    expect(new Set(names).size).toBe(3);
    expect(names[1]).toMatch(/^[0-9a-f]{32}$/);
    // A well-formed name the client sent (a tracing front end's) is the answer's, hit or not.
    const traced = await get(
      `${cluster.url}/servizi`,
      { ...BROWSER, host: B, "x-request-id": "trace-0123456789" },
      { agent: false },
    );
    expect([status(traced), traced.headers["x-request-id"]]).toEqual(["HIT", "trace-0123456789"]);
  });
});
