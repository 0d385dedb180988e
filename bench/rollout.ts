// A rolling restart under load (issue #30): `npm run bench:rollout`, and the last step of `npm run bench`.
//
// Starts 3 production portals behind nginx (bench/replicas.ts: round robin, retry of idempotent requests on the next
// upstream), puts a steady, paced load on pages and API calls of both municipalities (Host comune-a.localhost and
// comune-b.localhost), and alternates three times: a steady-state phase, then a rollout phase in which the replicas
// are restarted one at a time with the load going on. Two procedures (BENCH_ROLLOUT_MODE):
//   drain (the default, the operator's procedure of docs/operations.md): take the replica out of nginx's upstream
//     (deploy/nginx/drain.sh out: `down`, reload, wait until nginx's old workers are gone), SIGTERM, wait for the exit,
//     start again, wait for /readyz, put it back (drain.sh in);
//   sigterm: SIGTERM with the replica still in the upstream, wait for the exit (the portal drains), start, /readyz. Every answer is attributed to the phase it was sent in, so served p99 during the rollout and in
// steady state come from the same run, side by side. A failed request is a non-2xx/3xx answer or a socket error
// (timeouts included): the goal is 0. A request that found its reused keep-alive connection already closed by nginx
// (before any answer) is sent again once on a new connection, as browsers do, and counted apart as "resent".
// Writes bench/results/rollout.json.
//
// Our own small paced load generator, not autocannon: autocannon reports one latency histogram per run and cannot
// say which phase an answer belongs to, nor list the failures.
import { Agent, request as httpRequest } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { BROWSER, TimeoutError, get, setting, type Reply } from "./support.ts";
import { percentile } from "./overload.ts";
import { killChildren, nginxBinary } from "./processes.ts";
import { redisBinary, startReplicas, type Replicas } from "./replicas.ts";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

const ROOT = resolve(import.meta.dirname, "..");
const REPLICAS = setting("BENCH_ROLLOUT_REPLICAS", 3, 2, 3);
const ROUNDS = setting("BENCH_ROLLOUT_ROUNDS", 3, 1, 5);
const STEADY_S = setting("BENCH_ROLLOUT_STEADY_S", 10, 3, 120);
/** Requests per second offered in total (paced: a steady load, not a saturating one). */
const RATE = setting("BENCH_ROLLOUT_RATE", 150, 10, 2000);
const CONNECTIONS = setting("BENCH_ROLLOUT_CONNECTIONS", 16, 1, 200);
export type RolloutMode = "drain" | "sigterm";
const MODE: RolloutMode = process.env.BENCH_ROLLOUT_MODE === "sigterm" ? "sigterm" : "drain";
const HOSTS = [DEMO_TENANTS["comune-a"].portalHost, DEMO_TENANTS["comune-b"].portalHost];
/** The allow list's logout navigation (a 302 from the sandbox, through the portal's /api proxy). */
const API_PATH = "/api/utenti/logout";
const PAGES = ["/", "/faq", "/argomenti"];
/**
 * A form post (not idempotent: nginx never retries it on the next replica): the page rating's first post without
 * JavaScript (4 stars, no answer yet), which answers 200 with the follow-up questions and writes nothing upstream.
 */
const POST_PATH = "/valutazione";

type LoadRequest = {
  host: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** A request that failed on a reused keep-alive connection before any answer came (see `send`). */
class StaleConnectionError extends Error {}

/** One request on the load's keep-alive agent (support.ts's `get`, with a method and a body). */
function sendOnce(url: string, r: LoadRequest, agent: Agent | false, timeoutMs: number): Promise<Reply> {
  return new Promise((done, fail) => {
    let answered = false;
    const req = httpRequest(
      `${url}${r.path}`,
      { method: r.method, headers: r.headers, agent, timeout: timeoutMs },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", fail);
      },
    );
    req.on("timeout", () => req.destroy(new TimeoutError(`${r.method} ${r.path}: timeout`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      const stale = ["ECONNRESET", "EPIPE"].includes(error.code ?? "") || error.message === "socket hang up";
      fail(
        req.reusedSocket && !answered && stale
          ? new StaleConnectionError(error.code ?? error.message)
          : Object.assign(error, {
              where: `${req.reusedSocket ? "reused" : "new"} connection, ${answered ? "after" : "before"} the answer's head`,
            }),
      );
    });
    req.end(r.body);
  });
}

/**
 * `sendOnce`, sent again once on a new connection when it failed on a reused keep-alive connection before any byte of
 * an answer (the peer had closed the idle connection while the request was on its way: nginx's old workers close their
 * idle client connections when it reloads). Browsers do the same for any method (Chromium's
 * HttpNetworkTransaction::ShouldResendRequest, Firefox likewise), and so does Node's documented pattern
 * (`request.reusedSocket`): nginx never read the request, so nothing reached a portal. Counted apart as `resent`.
 */
async function send(
  url: string,
  r: LoadRequest,
  agent: Agent,
  timeoutMs: number,
  onResend: () => void,
): Promise<Reply> {
  try {
    return await sendOnce(url, r, agent, timeoutMs);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    onResend();
    // On a connection of its own: the load's other idle connections may have been closed in the same instant.
    return sendOnce(url, r, false, timeoutMs);
  }
}

/**
 * The rating's form post as a browser sends it from an anonymous page: no cookie and no token (the page carries
 * none), the browser's word that it comes from the page's own origin (docs/decisions/anonymous-pages.md).
 */
function formPost(host: string): LoadRequest {
  const body = "rating=4&pagePath=%2F&pageTitle=Home";
  return {
    host,
    method: "POST",
    path: POST_PATH,
    headers: {
      ...BROWSER,
      host,
      origin: `http://${host}`,
      "sec-fetch-site": "same-origin",
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
    body,
  };
}

type Phase = "steady" | "rollout";
type Failure = { phase: Phase; round: number; host: string; path: string; what: string; atMs: number };
type PhaseResult = {
  requests: number;
  failed: number;
  /** Sent again on a new connection after a reused keep-alive connection was found closed (as browsers do). */
  resent: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  seconds: number;
};
export type RolloutRound = {
  steady: PhaseResult;
  rollout: PhaseResult;
  restarts: {
    port: number;
    exitCode: number | null;
    stoppedMs: number;
    readyMs: number;
    /** drain mode: ms from `drain.sh out` to nginx sending nothing more, and the script's report. */
    drainMs?: number;
    drained?: string;
  }[];
};
export type RolloutResult = {
  date: string;
  mode: RolloutMode;
  /** The machine's load average (1 min) at the start and at the end of the run. */
  loadAverage: { start: number; end: number };
  replicas: number;
  redis: boolean;
  rate: number;
  connections: number;
  steadySeconds: number;
  rounds: RolloutRound[];
  failures: Failure[];
  nginxUpstreamErrors: number;
  summary: {
    failedSteady: number;
    failedRollout: number;
    resentSteady: number;
    resentRollout: number;
    steadyP99Ms: MinMedMax;
    rolloutP99Ms: MinMedMax;
  };
};
type MinMedMax = { min: number; median: number; max: number };

const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const minMedMax = (values: number[]): MinMedMax => {
  const s = [...values].sort((a, b) => a - b);
  return { min: s[0] ?? 0, median: s[Math.floor(s.length / 2)] ?? 0, max: s.at(-1) ?? 0 };
};

/** The paced load: runs until `done()`, recording each answer's latency under the phase it was sent in. */
function startLoad(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const requests: LoadRequest[] = HOSTS.flatMap((host) => [
    ...PAGES.map((path) => ({ host, method: "GET" as const, path, headers: { ...BROWSER, host } })),
    { host, method: "GET" as const, path: API_PATH, headers: { ...BROWSER, host } },
    formPost(host),
  ]);
  const state = { phase: "steady" as Phase, round: 0, running: true };
  const latencies: Record<string, number[]> = {};
  const failures: Failure[] = [];
  const counts: Record<string, { requests: number; failed: number; resent: number }> = {};
  const t0 = performance.now();
  let next = 0;
  const intervalMs = (1000 * CONNECTIONS) / RATE;
  const loop = async (offset: number) => {
    let due = performance.now() + offset;
    while (state.running) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      due = Math.max(due + intervalMs, performance.now());
      const request = requests[next++ % requests.length]!;
      const key = `${state.round}:${state.phase}`;
      const { phase, round } = state;
      const count = (counts[key] ??= { requests: 0, failed: 0, resent: 0 });
      count.requests++;
      const started = performance.now();
      let what = "";
      try {
        const reply = await send(url, request, agent, 15_000, () => count.resent++);
        if (reply.status >= 200 && reply.status < 400)
          (latencies[key] ??= []).push(performance.now() - started);
        else what = `HTTP ${reply.status}`;
      } catch (error) {
        const where = (error as { where?: string }).where;
        what = `${(error as Error).name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}${where ? ` (${where})` : ""}`;
      }
      if (what) {
        count.failed++;
        failures.push({
          phase,
          round,
          host: request.host,
          path: `${request.method} ${request.path}`,
          what,
          atMs: Math.round(started - t0),
        });
      }
    }
  };
  const loops = Array.from({ length: CONNECTIONS }, (_, i) => loop((i * intervalMs) / CONNECTIONS));
  return {
    state,
    failures,
    phase(round: number, phase: Phase): PhaseResult & { key: string } {
      const key = `${round}:${phase}`;
      const sorted = (latencies[key] ?? []).sort((a, b) => a - b);
      return {
        key,
        requests: counts[key]?.requests ?? 0,
        failed: counts[key]?.failed ?? 0,
        resent: counts[key]?.resent ?? 0,
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
        seconds: 0,
      };
    },
    async done() {
      state.running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** The home and the form post answer as the load expects (200), checked once before the load. */
async function checkRequests(cluster: Replicas): Promise<void> {
  const home = await get(`${cluster.url}/`, { ...BROWSER, host: HOSTS[0]! }, { agent: false });
  if (home.status !== 200) throw new Error(`GET / through nginx: ${home.status}`);
  // The rating's follow-up.
  const agent = new Agent();
  const reply = await sendOnce(cluster.url, formPost(HOSTS[1]!), agent, 10_000);
  agent.destroy();
  if (reply.status !== 200)
    throw new Error(`POST ${POST_PATH}: ${reply.status}\n${reply.body.toString().slice(0, 300)}`);
}

/** Fixed ports when several people run benches on one machine (default: free ones). */
function fixedPorts() {
  const port = (name: string) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    portalPort: port("BENCH_PORTAL_PORT"),
    nginxPort: port("BENCH_NGINX_PORT"),
    sandboxPort: port("BENCH_SANDBOX_PORT"),
    redisPort: port("BENCH_REDIS_PORT"),
  };
}

export async function measureRollout(
  options: { redis?: boolean; mode?: RolloutMode } = {},
): Promise<RolloutResult> {
  const mode = options.mode ?? MODE;
  const loadStart = loadavg()[0]!;
  const cluster = await startReplicas({
    replicas: REPLICAS,
    redis: options.redis ?? false,
    logLevel: "info",
    ...fixedPorts(),
  });
  try {
    await checkRequests(cluster);
    const load = startLoad(cluster.url);
    const rounds: RolloutRound[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      load.state.round = round;
      load.state.phase = "steady";
      const steadyStart = performance.now();
      await sleep(STEADY_S * 1000);
      const steadySeconds = (performance.now() - steadyStart) / 1000;
      load.state.phase = "rollout";
      const rolloutStart = performance.now();
      const restarts: RolloutRound["restarts"] = [];
      for (const replica of cluster.replicas) {
        if (mode === "sigterm") {
          restarts.push({ port: replica.port, ...(await replica.restart()) });
          continue;
        }
        const t0 = performance.now();
        const drained = await cluster.drain(replica, "out");
        const drainMs = Math.round(performance.now() - t0);
        const restart = await replica.restart();
        await cluster.drain(replica, "in");
        restarts.push({ port: replica.port, ...restart, drainMs, drained });
        if (process.env.BENCH_VERBOSE) console.log(`    ${drained}`);
      }
      // The last replica's first answers belong to the rollout too.
      await sleep(1000);
      const rolloutSeconds = (performance.now() - rolloutStart) / 1000;
      load.state.round = round + 0.5; // between rounds: counted nowhere
      const steady = { ...load.phase(round, "steady"), seconds: Math.round(steadySeconds) };
      const rollout = { ...load.phase(round, "rollout"), seconds: Math.round(rolloutSeconds) };
      rounds.push({ steady, rollout, restarts });
      console.log(
        `  rollout round ${round} (${mode}): steady ${steady.requests} req, ${steady.failed} failed, p99 ${steady.p99Ms} ms | ` +
          `rollout (${rollout.seconds} s, ${restarts.map((r) => `${r.drainMs !== undefined ? `${r.drainMs}+` : ""}${r.stoppedMs}+${r.readyMs} ms`).join(", ")}) ` +
          `${rollout.requests} req, ${rollout.failed} failed, ${rollout.resent} resent, p99 ${rollout.p99Ms} ms`,
      );
    }
    await load.done();
    const nginxErrors = cluster.nginxErrors();
    const nginxUpstreamErrors = nginxErrors.split("\n").filter((l) => l.includes("upstream")).length;
    if (process.env.BENCH_VERBOSE) console.log(nginxErrors);
    return {
      date: new Date().toISOString(),
      mode,
      loadAverage: { start: round1(loadStart), end: round1(loadavg()[0]!) },
      replicas: REPLICAS,
      redis: cluster.redisUrl !== null,
      rate: RATE,
      connections: CONNECTIONS,
      steadySeconds: STEADY_S,
      rounds,
      failures: load.failures.slice(0, 50),
      nginxUpstreamErrors,
      summary: {
        failedSteady: rounds.reduce((n, r) => n + r.steady.failed, 0),
        failedRollout: rounds.reduce((n, r) => n + r.rollout.failed, 0),
        resentSteady: rounds.reduce((n, r) => n + r.steady.resent, 0),
        resentRollout: rounds.reduce((n, r) => n + r.rollout.resent, 0),
        steadyP99Ms: minMedMax(rounds.map((r) => r.steady.p99Ms)),
        rolloutP99Ms: minMedMax(rounds.map((r) => r.rollout.p99Ms)),
      },
    };
  } finally {
    await cluster.stop();
  }
}

export function printRollout(r: RolloutResult): string {
  const s = r.summary;
  const mmm = (v: MinMedMax) => `${v.min} / ${v.median} / ${v.max} ms`;
  return [
    `## Rollout under load (${r.mode === "drain" ? "drain first: drain.sh out, SIGTERM, start, /readyz, drain.sh in" : "SIGTERM in place"}; ${r.replicas} replicas behind nginx${r.redis ? ", one Valkey (REDIS_URL)" : ""}, ${r.rate} req/s over ${r.connections} connections, ${r.rounds.length} rounds; load average ${r.loadAverage.start} → ${r.loadAverage.end})`,
    "",
    "| phase | requests | failed | resent | served p99 (min / median / max of the rounds) |",
    "| ----- | -------: | -----: | -----: | --------------------------------------------- |",
    `| steady state | ${r.rounds.reduce((n, x) => n + x.steady.requests, 0)} | ${s.failedSteady} | ${s.resentSteady} | ${mmm(s.steadyP99Ms)} |`,
    `| rolling restart | ${r.rounds.reduce((n, x) => n + x.rollout.requests, 0)} | ${s.failedRollout} | ${s.resentRollout} | ${mmm(s.rolloutP99Ms)} |`,
    "",
    `Goal: 0 failed requests (${s.failedSteady + s.failedRollout === 0 ? "met" : "not met"}). nginx upstream errors (retried on the next replica): ${r.nginxUpstreamErrors}.`,
    ...r.failures
      .slice(0, 10)
      .map((f) => `- ${f.phase} round ${f.round}: ${f.host}${f.path} → ${f.what} at ${f.atMs} ms`),
  ].join("\n");
}

/** For bench/run.ts: measure, print, write bench/results/rollout.json; never throws. Skips without nginx. */
export async function runRollout(): Promise<RolloutResult | null> {
  if (!nginxBinary()) {
    console.log("rollout: skipped: nginx not installed (apt-get install nginx-light)");
    return null;
  }
  try {
    // Asked for Valkey and none installed: say so rather than measure the portals without it under its name.
    const redis = process.env.BENCH_ROLLOUT_REDIS === "1";
    if (redis && redisBinary() === null)
      throw new Error(
        "BENCH_ROLLOUT_REDIS=1 but redis-server is not installed (apt-get install redis-server)",
      );
    const result = await measureRollout({ redis });
    console.log(`\n${printRollout(result)}`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(join(ROOT, "bench/results/rollout.json"), `${JSON.stringify(result, null, 2)}\n`);
    if (result.summary.failedSteady + result.summary.failedRollout > 0) process.exitCode = 1;
    return result;
  } catch (error) {
    console.error(`rollout: failed: ${String(error)}`);
    process.exitCode = 1;
    return null;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const watchdog = setTimeout(
    () => {
      console.error("rollout: did not finish in time, giving up");
      killChildren();
      process.exit(2);
    },
    (ROUNDS * (STEADY_S + 3 * 40) + 120) * 1000,
  );
  watchdog.unref();
  await runRollout();
  killChildren();
  process.exit(process.exitCode ?? 0);
}
