import { Agent, request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { startReplicas, type Replicas } from "../../bench/replicas.ts";
import { BROWSER, get } from "../../bench/support.ts";
import { XSRF_COOKIE, XSRF_FIELD } from "#shared/xsrf.ts";

// A replica crashes under load (issue #37): two production portals behind the nginx we ship (deploy/nginx/
// replicas.conf's upstream parameters and failover.conf, included by bench/replicas.ts), a steady load of pages, an
// API navigation and non-idempotent form posts, and SIGKILL on one replica. What nginx's access log and the clients
// saw: no 502 once nginx marked the dead replica down (only requests the dead process held may fail), no POST sent
// to two replicas, and every 503 (the survivor shedding reads past its in-flight cap) answered to the client with
// its Retry-After instead of being retried onto the dead replica.

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const HOSTS = ["comune-a.localhost", "comune-b.localhost"];
const CONNECTIONS = 12;
const BEFORE_KILL_MS = 3000;
/** Past the upstream's fail_timeout (5 s): nginx tries the dead replica again meanwhile, and must not fail for it. */
const AFTER_KILL_MS = 8000;

let cluster: Replicas;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startReplicas({
    replicas: 2,
    nginxPort: port("E2E_PORTAL_PORT", 8491),
    sandboxPort: port("E2E_SANDBOX_PORT", 4371),
    portalPort: port("REPLICAS_PORTAL_PORT", 3291),
    // A small in-flight cap: the survivor, alone with the whole load, sheds some reads (503 + Retry-After).
    env: { SHED_MAX_IN_FLIGHT: "5", SHED_LAG_MS: "0", PAGE_CACHE_TTL_S: "0" },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

type Sent = {
  method: string;
  path: string;
  sentAt: number;
  status: number;
  retryAfter?: string;
  error?: string;
};
/** One line of nginx's access log (bench/replicas.ts UPSTREAM_LOG_FORMAT). */
type Logged = {
  endedAt: number;
  startedAt: number;
  upstreams: string[];
  status: number;
  method: string;
  tries: { status: string; bytesSent: number }[];
  uri: string;
};

function parseAccessLine(line: string): Logged {
  const m = /^([\d.]+) "([^"]*)" (\d+) ([\d.]+) (\S+) "([^"]*)" "([^"]*)" "([^"]*)"$/.exec(line);
  if (!m) throw new Error(`unexpected access log line: ${line}`);
  const endedAt = Number(m[1]) * 1000;
  const statuses = m[6]!.split(/, | : /);
  const bytes = m[7]!.split(/, | : /);
  return {
    endedAt,
    startedAt: endedAt - Number(m[4]) * 1000,
    upstreams: m[2]!.split(/, | : /),
    status: Number(m[3]),
    method: m[5]!,
    tries: statuses.map((status, i) => ({ status, bytesSent: Number(bytes[i] ?? 0) || 0 })),
    uri: m[8]!,
  };
}

test("one of two replicas killed under load: no 502 once it is marked down, no POST resent, shed 503s go back with Retry-After", async () => {
  test.setTimeout(120_000);
  const [dead, survivor] = cluster.replicas;
  const deadAddress = `127.0.0.1:${dead!.port}`;
  // A visitor's cookies: the XSRF token the form posts echo (double submit).
  const first = await get(`${cluster.url}/`, { ...BROWSER, host: HOSTS[0]! });
  const cookie = String(
    [first.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${XSRF_COOKIE}=`)),
  ).split(";")[0]!;
  const token = cookie.slice(cookie.indexOf("=") + 1);
  const body = `${XSRF_FIELD}=${encodeURIComponent(token)}&rating=4&pagePath=%2F&pageTitle=Home`;
  const requests = HOSTS.flatMap((host) => [
    { method: "GET", path: "/", host },
    { method: "GET", path: "/faq", host },
    { method: "GET", path: "/api/utenti/logout", host },
    // The page rating's first post without JavaScript: not idempotent for nginx, writes nothing upstream.
    { method: "POST", path: "/valutazione", host, body },
  ]);

  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const sent: Sent[] = [];
  const send = (r: (typeof requests)[number]) =>
    new Promise<Sent>((done) => {
      const record: Sent = { method: r.method, path: r.path, sentAt: Date.now(), status: 0 };
      const req = httpRequest(
        `${cluster.url}${r.path}`,
        {
          method: r.method,
          agent,
          timeout: 30_000,
          headers: {
            ...BROWSER,
            host: r.host,
            cookie,
            ...(r.body
              ? {
                  origin: `http://${r.host}`,
                  "content-type": "application/x-www-form-urlencoded",
                  "content-length": String(Buffer.byteLength(r.body)),
                }
              : {}),
          },
        },
        (res) => {
          record.status = res.statusCode ?? 0;
          record.retryAfter = res.headers["retry-after"];
          res.resume();
          res.on("end", () => done(record));
        },
      );
      req.on("error", (error) => done({ ...record, error: error.message }));
      req.end(r.body);
    });
  let running = true;
  const loops = Array.from({ length: CONNECTIONS }, async (_, loop) => {
    for (let i = loop; running; i += CONNECTIONS) sent.push(await send(requests[i % requests.length]!));
  });

  await new Promise((r) => setTimeout(r, BEFORE_KILL_MS));
  const killedAt = Date.now();
  await dead!.kill();
  await new Promise((r) => setTimeout(r, AFTER_KILL_MS));
  running = false;
  await Promise.all(loops);
  agent.destroy();

  const logged = cluster
    .nginxAccess()
    .map(parseAccessLine)
    .sort((a, b) => a.endedAt - b.endedAt);
  const triedDead = (l: Logged) => l.upstreams.includes(deadAddress);
  // When nginx had marked it down: the end of the first request whose try on the dead replica failed.
  const failedOnDead = logged.filter(
    (l) =>
      l.endedAt >= killedAt &&
      l.upstreams.some((u, i) => u === deadAddress && !/^[23]/.test(l.tries[i]!.status)),
  );
  const markedDownAt = failedOnDead[0]?.endedAt;
  const report = {
    requests: sent.length,
    beforeKill: sent.filter((s) => s.sentAt < killedAt).length,
    servedByDeadBeforeKill: logged.filter((l) => l.endedAt < killedAt && triedDead(l)).length,
    markedDownAfterMs: markedDownAt === undefined ? null : Math.round(markedDownAt - killedAt),
    deadTriedAgain: failedOnDead.length,
    status502: sent.filter((s) => s.status === 502).length,
    shed503: sent.filter((s) => s.status === 503).length,
    posts: sent.filter((s) => s.method === "POST").length,
    errors: sent.filter((s) => s.error).map((s) => `${s.method} ${s.path}: ${s.error}`),
  };
  console.warn(`replica kill: ${JSON.stringify(report)}`);
  test.info().annotations.push({ type: "replica kill", description: JSON.stringify(report) });

  // The scenario happened: load on both replicas before the kill, the kill noticed, the load went on after it.
  expect(report.servedByDeadBeforeKill).toBeGreaterThan(0);
  expect(markedDownAt, "nginx never failed a request on the killed replica").toBeDefined();
  expect(sent.filter((s) => s.sentAt > markedDownAt! + 1000).length).toBeGreaterThan(50);
  expect(report.errors).toEqual([]);

  // No 502 once it is marked down: neither nginx's (the log) nor any the clients got for a request sent after it.
  const late502 = logged.filter((l) => l.status === 502 && l.startedAt > markedDownAt!);
  expect(
    late502.map((l) => `${l.method} ${l.uri} ${l.upstreams.join(",")} ${l.tries.map((t) => t.status)}`),
  ).toEqual([]);
  expect(sent.filter((s) => s.status === 502 && s.sentAt > markedDownAt!)).toEqual([]);
  // The few that may fail before: requests the dead replica held when it was killed (sent to it, then reset).
  for (const l of logged.filter((x) => x.status === 502))
    expect(l.upstreams[0], `${l.method} ${l.uri}`).toBe(deadAddress);

  // No POST sent to two replicas: a POST tried twice never had bytes sent to the first (a refused connect).
  const posts = logged.filter((l) => l.method === "POST");
  expect(posts.length).toBeGreaterThan(20);
  const resent = posts.filter((l) => l.tries.length > 1 && l.tries[0]!.bytesSent > 0);
  expect(resent).toEqual([]);

  // Every 503 is the survivor's shed answer, passed on with its Retry-After, never retried onto another replica.
  for (const s of sent.filter((x) => x.status === 503))
    expect(s.retryAfter, `${s.method} ${s.path}`).toMatch(/^\d+$/);
  expect(logged.filter((l) => l.tries.slice(0, -1).some((t) => t.status === "503"))).toEqual([]);
  // The survivor answered what was sent after the kill.
  expect(survivor!.pid).toBeGreaterThan(0);
});
