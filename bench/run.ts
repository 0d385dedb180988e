// Load and size benchmark: `npm run bench` (= `npm run build && node bench/run.ts`). See bench/README.md.
//
// Starts the sandbox upstream in its own process and the production portal in this process (loopback, random
// ports), then measures with autocannon (in a worker thread, so the load generator does not share the portal's loop):
//   (a) the anonymous home page (page cache) vs the same HTML served as a static file by the same server, 50 conn;
//   (b) the logged-in home page (rendered for the citizen every time), 10 conn;
//   (c) an allowed proxy call (the logout navigation) through the portal's proxy vs through nginx (when installed) vs through a bare Node relay
//       with none of the portal's checks (bench/bare-relay.ts) vs straight to the sandbox;
//   (d) cold start and overload: `node server/index.ts` as a child process, spawn → first 200 of `/`, then
//       200 connections × 60 s of citizens' pages (served p99, shed answers, errors, RSS; BENCH_SOAK for longer);
//   (e) the client bundle sizes (raw and gzip), and what a first visit of the home page downloads;
//   (f) a rolling restart of 3 replicas behind nginx under steady load (bench/rollout.ts, bench/results/rollout.json);
//   (g) each flow step with the memory store and with Valkey, alternated (bench/flow-steps.ts);
//   (h) the page scenarios of issue #38 against nginx, CPU µs per answer, alternated runs (bench/pages.ts).
// Writes bench/results/latest.json and latest.md. Every step is bounded; the process exits by itself.
import "./production-env.ts";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { Agent } from "node:http";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { parseEnv } from "#config/env.ts";
import { createTenantHolder, loadTenantsFile } from "#config/tenants.ts";
import { createApp } from "#server/app.ts";
import { createLogger } from "#server/observability/logger.ts";
import { BUILD_DIR, loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { closeGracefully, createHttpServer } from "#server/server.ts";
import { XSRF_COOKIE } from "#shared/xsrf.ts";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { BROWSER, TENANT_HOST, get, ratio, round, setting, type Reply, machineInfo } from "./support.ts";
import {
  killChildren,
  nginxBinary,
  rssMiB,
  startBareRelay,
  startNginx,
  startPortalProcess,
  startSandboxProcess,
  stop,
} from "./processes.ts";
import { runOverload, type OverloadResult } from "./overload.ts";
import { FLOW_STEPS_BUDGET_S, measureFlowSteps, printFlowSteps, type FlowStepsResult } from "./flow-steps.ts";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

const ROOT = resolve(import.meta.dirname, "..");
const RESULTS_DIR = join(ROOT, "bench/results");
const CLIENT_DIR = join(BUILD_DIR, "client");
const STATIC_COPY = "bench-home.html";

const DURATION_S = setting("BENCH_DURATION_S", 5, 1, 30);
const WARMUP_S = setting("BENCH_WARMUP_S", 1, 1, 10);
/** Connections of the page and proxy pairs (the goals are stated at 50). */
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50, 1, 200);
const CITIZEN_CONNECTIONS = setting("BENCH_CITIZEN_CONNECTIONS", 10, 1, 100);
const OVERLOAD_CONNECTIONS = setting("BENCH_OVERLOAD_CONNECTIONS", 200, 1, 1000);
const OVERLOAD_S = setting("BENCH_OVERLOAD_S", 60, 5, 600);
/** Optional soak after the overload run: seconds more of the same load, RSS every 30 s (0 = none). */
const SOAK_S = setting("BENCH_SOAK", 0, 0, 3600);

const UPSTREAM_HOST = DEMO_TENANTS["comune-a"].upstreamHost;
/** A call of the proxy's allow list (server/proxy/allow-list.ts): the others are 404s without an upstream call. */
const API_PATH = "/api/utenti/logout";
/** What the sandbox answers the logout: a redirect home (and the SSO cookie cleared). */
const API_STATUS = 302;
const CITIZEN = "RSSMRA80A01H501U";

/** The goals (#13), printed next to each measure. */
const GOALS = {
  anonymousVsStatic: 0.4,
  anonymousP99Ms: 50,
  /** 2× the logged-in home's 85.6 req/s measured before the work, on the reference 2-core machine. */
  citizenReqPerSec: 171,
  homeHtmlKiB: 35,
  proxyVsNginx: 0.6,
  overloadServedP99Ms: 1000,
  overloadRssMiB: 300,
  coldStartMs: 1000,
};

// Whatever happens, the benchmark ends: 8 scenarios x (warm-up + run), the overload run, the soak, start-ups.
const watchdog = setTimeout(
  () => {
    console.error("bench: did not finish in time, giving up");
    killChildren();
    process.exit(2);
  },
  (8 * (DURATION_S + WARMUP_S) + OVERLOAD_S + SOAK_S + FLOW_STEPS_BUDGET_S + 150) * 1000,
);
watchdog.unref();

function expectOk(label: string, reply: Reply, type: string): void {
  const contentType = String(reply.headers["content-type"] ?? "");
  if (reply.status !== 200 || !contentType.includes(type)) {
    throw new Error(
      `${label}: expected 200 ${type}, got ${reply.status} ${contentType}\n${reply.body.toString().slice(0, 300)}`,
    );
  }
}

function expectAnswer(label: string, reply: Reply, status: number): void {
  if (reply.status !== status)
    throw new Error(
      `${label}: expected ${status}, got ${reply.status}\n${reply.body.toString().slice(0, 300)}`,
    );
}

type Scenario = {
  name: string;
  connections: number;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  bytesPerSec: number;
  requests: number;
  errors: number;
  timeouts: number;
  /** Answers with another status than the scenario's expected one (200, or the logout's 302). */
  unexpectedStatus: number;
};

/** How many answers had another status than `expected` (autocannon counts answers per status code). */
function unexpectedAnswers(stats: Record<string, { count: number }> | undefined, expected: number): number {
  let count = 0;
  for (const [status, { count: n }] of Object.entries(stats ?? {}))
    if (status !== String(expected)) count += n;
  return count;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
  expectedStatus = 200,
): Promise<Scenario> {
  const options = { url, headers, connections, workers: 1 };
  await autocannon({ ...options, duration: WARMUP_S });
  const r = await autocannon({ ...options, duration: DURATION_S });
  const scenario: Scenario = {
    name,
    connections,
    requestsPerSec: round(r.requests.average, 1),
    latencyP50Ms: round(r.latency.p50, 2),
    latencyP99Ms: round(r.latency.p99, 2),
    latencyMeanMs: round(r.latency.average, 2),
    bytesPerSec: Math.round(r.throughput.average),
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    unexpectedStatus: unexpectedAnswers(r.statusCodeStats, expectedStatus),
  };
  console.log(
    `  ${name} (${connections} conn): ${scenario.requestsPerSec} req/s, p50 ${scenario.latencyP50Ms} ms, p99 ${scenario.latencyP99Ms} ms`,
  );
  return scenario;
}

type SizeRow = { files: number; raw: number; gzip: number };

function sizeOf(files: string[]): SizeRow {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(file);
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}

/** JS and CSS in build/client/assets, and the part of it the home page's HTML makes a first visit download. */
function bundleSizes(homeHtml: string) {
  const assetsDir = join(CLIENT_DIR, "assets");
  const all = readdirSync(assetsDir).filter((f) => statSync(join(assetsDir, f)).isFile());
  const referenced = new Set(
    [...homeHtml.matchAll(/\/assets\/([^"'?#\s)]+\.(?:js|css))/g)].map((m) => m[1]!),
  );
  const pick = (ext: string, onlyReferenced: boolean) =>
    all
      .filter((f) => f.endsWith(ext) && (!onlyReferenced || referenced.has(f)))
      .map((f) => join(assetsDir, f));
  return {
    totalJs: sizeOf(pick(".js", false)),
    totalCss: sizeOf(pick(".css", false)),
    firstVisitJs: sizeOf(pick(".js", true)),
    firstVisitCss: sizeOf(pick(".css", true)),
    firstVisitFiles: [...referenced].sort(),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Spawn → listening → first 200 of `/`, then the overload run (and the soak) on that same fresh process. */
async function coldStartAndOverload(sandboxUrl: string, session: string) {
  const portal = await startPortalProcess(sandboxUrl);
  const pageHeaders = { ...BROWSER, host: TENANT_HOST, accept: "text/html" };
  const first = await get(`${portal.url}/`, pageHeaders, { timeoutMs: 30_000, agent: false });
  const firstPageAt = performance.now();
  expectOk("cold start GET /", first, "text/html");
  const coldStart = {
    spawnToListeningMs: Math.round(portal.listeningAt - portal.spawnedAt),
    listeningToFirstPageMs: Math.round(firstPageAt - portal.listeningAt),
    spawnToFirstPageMs: Math.round(firstPageAt - portal.spawnedAt),
  };
  console.log(
    `  cold start: spawn → listening (ready) ${coldStart.spawnToListeningMs} ms, ready → first 200 of / ` +
      `${coldStart.listeningToFirstPageMs} ms (goal < ${GOALS.coldStartMs} ms)`,
  );
  // Citizens' pages, rendered for each of them every time (never cached), plus anonymous visitors of the home page.
  const citizen = { ...pageHeaders, cookie: session };
  const requests = [
    { path: "/", headers: citizen },
    { path: "/area-personale", headers: citizen },
    { path: "/faq", headers: citizen },
    { path: "/", headers: pageHeaders },
  ];
  const rssStart = rssMiB(portal.pid);
  console.log(`  overload: ${OVERLOAD_CONNECTIONS} connections × ${OVERLOAD_S} s …`);
  // One set of keep-alive connections for the overload run and the soak after it (see runOverload's `agent`).
  const agent = new Agent({ keepAlive: true, maxSockets: OVERLOAD_CONNECTIONS });
  const overload = await runOverload({
    url: portal.url,
    connections: OVERLOAD_CONNECTIONS,
    seconds: OVERLOAD_S,
    requests,
    agent,
  });
  const rssEnd = rssMiB(portal.pid);
  const soak: { atS: number; rssMiB: number | null; servedP99Ms: number; shed: number; errors: number }[] =
    [];
  if (SOAK_S > 0) {
    console.log(`  soak: ${SOAK_S} s more, RSS every 30 s`);
    for (let at = 0; at < SOAK_S; at += 30) {
      const slice = Math.min(30, SOAK_S - at);
      const r = await runOverload({
        url: portal.url,
        connections: OVERLOAD_CONNECTIONS,
        seconds: slice,
        requests,
        agent,
      });
      const row = {
        atS: at + slice,
        rssMiB: rssMiB(portal.pid),
        servedP99Ms: r.servedP99Ms,
        shed: r.shed,
        errors: r.errors,
      };
      soak.push(row);
      console.log(
        `    ${row.atS} s: RSS ${row.rssMiB} MiB, served p99 ${row.servedP99Ms} ms, shed ${row.shed}`,
      );
    }
  }
  agent.destroy();
  await stop(portal.child);
  console.log(
    `  overload: served ${overload.served} (${overload.servedPerSec}/s, p50 ${overload.servedP50Ms} ms, ` +
      `p99 ${overload.servedP99Ms} ms), shed ${overload.shed}, other 5xx ${overload.other5xx}, errors ` +
      `${overload.errors}, RSS ${rssStart} → ${rssEnd} MiB`,
  );
  return { coldStart, overload: { ...overload, rssStartMiB: rssStart, rssEndMiB: rssEnd }, soak };
}

async function main() {
  console.log(
    `bench: ${CONNECTIONS} connections (citizen ${CITIZEN_CONNECTIONS}), ${WARMUP_S} s warm-up + ${DURATION_S} s ` +
      `per scenario, overload ${OVERLOAD_CONNECTIONS} × ${OVERLOAD_S} s, loopback only`,
  );
  const sandbox = await startSandboxProcess();
  const env = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    UPSTREAM_URL: sandbox.url,
    PORTAL_SECRET: randomBytes(32).toString("hex"),
    // Throughput pairs measure the work, not the shedding (the overload run below has it on).
    SHED_LAG_MS: "0",
  });
  const logger = createLogger(env.LOG_LEVEL);
  const { app } = createApp({
    env,
    tenants: createTenantHolder(loadTenantsFile(join(ROOT, "config/tenants.json"))),
    upstreamUrl: sandbox.url,
    geocoderUrl: `${sandbox.url}/geocoder/`,
    sandbox: true,
    logger,
    ssrHandler: await loadSsrHandler(),
    secret: randomBytes(32).toString("hex"),
  });
  const server = createHttpServer(app, logger);
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", done);
  });
  const portal = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const staticCopy = join(CLIENT_DIR, STATIC_COPY);
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  let bareRelay: Awaited<ReturnType<typeof startBareRelay>> | undefined;

  try {
    const pageHeaders = { ...BROWSER, host: TENANT_HOST, accept: "text/html" };
    const home = await get(`${portal}/`, pageHeaders);
    expectOk("GET / (SSR)", home, "text/html");
    writeFileSync(staticCopy, home.body);
    const copy = await get(`${portal}/${STATIC_COPY}`, pageHeaders);
    expectOk(`GET /${STATIC_COPY}`, copy, "text/html");
    const cached = await get(`${portal}/`, pageHeaders);
    if (cached.headers["x-cache"] !== "HIT")
      throw new Error(`GET / again: expected a cache HIT, got ${String(cached.headers["x-cache"])}`);

    const session = await loginAs(sandbox.url, CITIZEN);
    const citizenHeaders = { ...pageHeaders, cookie: session };
    const citizenHome = await get(`${portal}/`, citizenHeaders);
    expectOk("GET / (citizen)", citizenHome, "text/html");
    if (!citizenHome.body.toString().includes("Mario"))
      throw new Error("the citizen's home page does not greet him");

    // API calls come from a page: the browser already holds the XSRF cookie that page issued (a citizen's page: an
    // anonymous one sets no cookie, docs/decisions/anonymous-pages.md).
    const xsrfCookie = [citizenHome.headers["set-cookie"] ?? []]
      .flat()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .filter((pair) => pair.startsWith(`${XSRF_COOKIE}=`))
      .join("; ");
    if (!xsrfCookie) throw new Error(`the citizen's home page issued no ${XSRF_COOKIE} cookie`);
    const apiHeaders = { ...BROWSER, accept: "application/json", cookie: xsrfCookie };
    const proxied = await get(`${portal}${API_PATH}`, { ...apiHeaders, host: TENANT_HOST });
    const direct = await get(`${sandbox.url}${API_PATH}`, {
      ...apiHeaders,
      "x-forwarded-host": UPSTREAM_HOST,
    });
    expectAnswer("proxy", proxied, API_STATUS);
    expectAnswer("direct", direct, API_STATUS);
    if (!proxied.body.equals(direct.body)) throw new Error("the proxied and the direct answers differ");
    const nginxPath = nginxBinary();
    if (nginxPath) {
      nginx = await startNginx(nginxPath, sandbox.url, UPSTREAM_HOST);
      const viaNginx = await get(`${nginx.url}${API_PATH}`, apiHeaders);
      expectAnswer("nginx", viaNginx, API_STATUS);
    }
    bareRelay = await startBareRelay(sandbox.url, UPSTREAM_HOST);
    const bareAnswer = await get(`${bareRelay.url}${API_PATH}`, apiHeaders);
    expectAnswer("bare relay", bareAnswer, API_STATUS);
    if (!bareAnswer.body.equals(direct.body))
      throw new Error("the bare relay's and the direct answers differ");

    console.log("measuring:");
    const anon = await measure("anonymous home page, page cache (GET /)", `${portal}/`, pageHeaders);
    const stat = await measure(
      `same HTML as a static file (GET /${STATIC_COPY})`,
      `${portal}/${STATIC_COPY}`,
      pageHeaders,
    );
    const citizen = await measure(
      "logged-in home page (GET /, session cookie)",
      `${portal}/`,
      citizenHeaders,
      CITIZEN_CONNECTIONS,
    );
    const proxy = await measure(
      `API through the portal proxy (GET ${API_PATH})`,
      `${portal}${API_PATH}`,
      { ...apiHeaders, host: TENANT_HOST },
      CONNECTIONS,
      API_STATUS,
    );
    const viaNginx = nginx
      ? await measure(
          `API through nginx (GET ${API_PATH})`,
          `${nginx.url}${API_PATH}`,
          apiHeaders,
          CONNECTIONS,
          API_STATUS,
        )
      : undefined;
    if (!nginx) console.log("  API through nginx: skipped: nginx not installed (apt-get install -y nginx)");
    const viaBare = await measure(
      `API through a bare Node relay, no checks (GET ${API_PATH})`,
      `${bareRelay.url}${API_PATH}`,
      apiHeaders,
      CONNECTIONS,
      API_STATUS,
    );
    const straight = await measure(
      `API straight to the sandbox (GET ${API_PATH})`,
      `${sandbox.url}${API_PATH}`,
      { ...apiHeaders, "x-forwarded-host": UPSTREAM_HOST },
      CONNECTIONS,
      API_STATUS,
    );
    // The portal's scenarios and the direct baselines must be error-free; nginx is a third-party baseline whose
    // occasional failed answers (e.g. a reused upstream connection closed under it) are reported, not fatal.
    if (viaNginx && viaNginx.errors + viaNginx.timeouts + viaNginx.unexpectedStatus > 0) {
      console.log(
        `  note: nginx answered ${viaNginx.unexpectedStatus} unexpected statuses, ${viaNginx.errors} errors, ${viaNginx.timeouts} timeouts`,
      );
    }
    const scenarios = [anon, stat, citizen, proxy, viaBare, straight];
    const failed = scenarios.filter((s) => s.errors + s.timeouts + s.unexpectedStatus > 0);
    if (failed.length) {
      const counts = failed.map(
        (s) =>
          `${s.name}: ${s.unexpectedStatus} unexpected statuses, ${s.errors} errors, ${s.timeouts} timeouts`,
      );
      throw new Error(`requests failed in: ${counts.join("; ")}`);
    }
    if (nginx) {
      await stop(nginx.child, "SIGQUIT");
      nginx.cleanup();
      nginx = undefined;
    }
    await stop(bareRelay.child);
    bareRelay = undefined;
    // The in-process portal is done: the child process below has the machine's CPU for itself.
    await closeGracefully(server, 2000);

    console.log("flow steps, memory store vs Valkey (bench/flow-steps.ts):");
    const flowSteps = await measureFlowSteps(sandbox.url);

    console.log("cold start and overload (node server/index.ts, child process):");
    const processRuns = await coldStartAndOverload(sandbox.url, session);

    const bundle = bundleSizes(home.body.toString("utf8"));
    const result: BenchResult = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      settings: {
        connections: CONNECTIONS,
        citizenConnections: CITIZEN_CONNECTIONS,
        warmupSeconds: WARMUP_S,
        durationSeconds: DURATION_S,
        loadGenerator: "autocannon, 1 worker thread",
      },
      pages: {
        homeBytes: home.body.length,
        citizenHomeBytes: citizenHome.body.length,
        apiBytes: direct.body.length,
      },
      // nginx is reported with the rest (it is not held to the portal's error-free rule above)
      scenarios: viaNginx ? [anon, stat, citizen, proxy, viaNginx, viaBare, straight] : scenarios,
      ratios: {
        anonymousVsStatic: pairRatio(anon, stat),
        proxyVsNginx: viaNginx ? pairRatio(proxy, viaNginx) : null,
        bareRelayVsNginx: viaNginx ? pairRatio(viaBare, viaNginx) : null,
        proxyVsBareRelay: pairRatio(proxy, viaBare),
        proxyVsDirect: pairRatio(proxy, straight),
      },
      goals: GOALS,
      ...processRuns,
      flowSteps,
      bundle,
    };

    const md = markdown(result);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, "latest.md"), md);
    console.log(`\n${md}`);
    console.log(`written: bench/results/latest.json, bench/results/latest.md`);
  } finally {
    rmSync(staticCopy, { force: true });
    if (nginx) {
      await stop(nginx.child, "SIGQUIT");
      nginx.cleanup();
    }
    if (bareRelay) await stop(bareRelay.child);
    if (server.listening) await closeGracefully(server, 2000);
    await stop(sandbox.child);
    killChildren();
  }
}

const pairRatio = (a: Scenario, b: Scenario) => ({
  requestsPerSec: ratio(a.requestsPerSec, b.requestsPerSec),
  latencyMean: ratio(a.latencyMeanMs, b.latencyMeanMs),
  latencyP99: ratio(a.latencyP99Ms, b.latencyP99Ms),
});

type Ratios = ReturnType<typeof pairRatio>;
type BenchResult = {
  date: string;
  machine: { node: string; cpus: number; cpuModel: string; memoryGiB: number };
  settings: {
    connections: number;
    citizenConnections: number;
    warmupSeconds: number;
    durationSeconds: number;
    loadGenerator: string;
  };
  pages: { homeBytes: number; citizenHomeBytes: number; apiBytes: number };
  scenarios: Scenario[];
  ratios: {
    anonymousVsStatic: Ratios;
    proxyVsNginx: Ratios | null;
    bareRelayVsNginx: Ratios | null;
    proxyVsBareRelay: Ratios;
    proxyVsDirect: Ratios;
  };
  goals: typeof GOALS;
  coldStart: { spawnToListeningMs: number; listeningToFirstPageMs: number; spawnToFirstPageMs: number };
  overload: OverloadResult & { rssStartMiB: number | null; rssEndMiB: number | null };
  soak: { atS: number; rssMiB: number | null; servedP99Ms: number; shed: number; errors: number }[];
  flowSteps: FlowStepsResult;
  bundle: ReturnType<typeof bundleSizes>;
};

function markdown(r: BenchResult): string {
  const s = r.scenarios;
  const x = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : `×${v}`);
  const ok = (met: boolean) => (met ? "met" : "**not met**");
  const ratioRow = (label: string, q: Ratios) =>
    `| ${label} | ${x(q.requestsPerSec)} | ${x(q.latencyMean)} | ${x(q.latencyP99)} |`;
  const sizeRow = (label: string, row: SizeRow) =>
    `| ${label} | ${row.files} | ${kb(row.raw)} | ${kb(row.gzip)} |`;
  const [anon, , citizen] = s;
  const o = r.overload;
  const g = r.goals;
  const rows: string[] = [
    `| anonymous home / static file, req/s (${r.settings.connections} conn) | ${x(r.ratios.anonymousVsStatic.requestsPerSec)} | ≥ ×${g.anonymousVsStatic} | ${ok((r.ratios.anonymousVsStatic.requestsPerSec ?? 0) >= g.anonymousVsStatic)} |`,
    `| anonymous home p99 (${r.settings.connections} conn) | ${anon!.latencyP99Ms} ms | ≤ ${g.anonymousP99Ms} ms | ${ok(anon!.latencyP99Ms <= g.anonymousP99Ms)} |`,
    `| logged-in home (${r.settings.citizenConnections} conn) | ${citizen!.requestsPerSec} req/s | ≥ ${g.citizenReqPerSec} req/s (2× 85.6) | ${ok(citizen!.requestsPerSec >= g.citizenReqPerSec)} |`,
    `| home HTML | ${kb(r.pages.homeBytes)} | ≤ ${g.homeHtmlKiB} kB | ${ok(r.pages.homeBytes <= g.homeHtmlKiB * 1024)} |`,
    r.ratios.proxyVsNginx
      ? `| API proxy / nginx, req/s (${r.settings.connections} conn; the logout call, see bench/README) | ${x(r.ratios.proxyVsNginx.requestsPerSec)} | ≥ ×${g.proxyVsNginx} | ${ok((r.ratios.proxyVsNginx.requestsPerSec ?? 0) >= g.proxyVsNginx)} |`
      : `| API proxy / nginx | skipped: nginx not installed | ≥ ×${g.proxyVsNginx} | n/a |`,
    `| overload ${o.connections} conn × ${o.seconds} s: served p99 | ${o.servedP99Ms} ms | ≤ ${g.overloadServedP99Ms} ms | ${ok(o.servedP99Ms <= g.overloadServedP99Ms)} |`,
    `| overload: errors / other 5xx | ${o.errors} / ${o.other5xx} | 0 / 0 | ${ok(o.errors === 0 && o.other5xx === 0)} |`,
    `| overload: RSS at the end | ${o.rssEndMiB ?? "n/a"} MiB (start ${o.rssStartMiB ?? "n/a"}) | ≤ ${g.overloadRssMiB} MiB | ${ok((o.rssEndMiB ?? Infinity) <= g.overloadRssMiB)} |`,
    `| cold start: ready → first 200 of / | ${r.coldStart.listeningToFirstPageMs} ms (spawn → 200: ${r.coldStart.spawnToFirstPageMs} ms) | < ${g.coldStartMs} ms | ${ok(r.coldStart.listeningToFirstPageMs < g.coldStartMs)} |`,
  ];
  return [
    `# Benchmark ${r.date.slice(0, 10)}`,
    "",
    `${r.date} · Node ${r.machine.node} · ${r.machine.cpus} CPUs (${r.machine.cpuModel}) · ${r.machine.memoryGiB} GiB · ` +
      `${r.settings.warmupSeconds} s warm-up + ${r.settings.durationSeconds} s each, ${r.settings.loadGenerator}, ` +
      "loopback, no compression (no Accept-Encoding)",
    "",
    "| goal (issue #13) | measured | goal | |",
    "|---|---:|---:|---|",
    ...rows,
    "",
    "| scenario | conn | req/s | p50 ms | p99 ms | mean ms | requests |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...s.map(
      (v) =>
        `| ${v.name} | ${v.connections} | ${v.requestsPerSec} | ${v.latencyP50Ms} | ${v.latencyP99Ms} | ${v.latencyMeanMs} | ${v.requests} |`,
    ),
    "",
    "autocannon's percentiles are whole milliseconds; the latency ratios use the mean and p99.",
    "",
    "| ratio | req/s | mean latency | p99 latency |",
    "|---|---:|---:|---:|",
    ratioRow("anonymous home (cache) / static", r.ratios.anonymousVsStatic),
    r.ratios.proxyVsNginx
      ? ratioRow("proxy / nginx", r.ratios.proxyVsNginx)
      : "| proxy / nginx | skipped: nginx not installed | | |",
    ...(r.ratios.bareRelayVsNginx ? [ratioRow("bare Node relay / nginx", r.ratios.bareRelayVsNginx)] : []),
    ratioRow("proxy / bare Node relay", r.ratios.proxyVsBareRelay),
    ratioRow("proxy / direct", r.ratios.proxyVsDirect),
    "",
    `Overload (${o.connections} connections × ${o.seconds} s, citizens' pages + anonymous home): ${o.total} answers, ` +
      `${o.served} served (${o.servedPerSec}/s, p50 ${o.servedP50Ms} ms, p99 ${o.servedP99Ms} ms), ${o.shed} shed ` +
      `(503 + Retry-After, p99 ${o.shedP99Ms} ms), ${o.other5xx} other 5xx, ${o.errors} errors; RSS ` +
      `${o.rssStartMiB ?? "n/a"} → ${o.rssEndMiB ?? "n/a"} MiB.`,
    ...(r.soak.length
      ? [
          "",
          "| soak at | RSS MiB | served p99 ms | shed | errors |",
          "|---:|---:|---:|---:|---:|",
          ...r.soak.map(
            (row) =>
              `| ${row.atS} s | ${row.rssMiB ?? "n/a"} | ${row.servedP99Ms} | ${row.shed} | ${row.errors} |`,
          ),
        ]
      : []),
    "",
    `Home page HTML: ${kb(r.pages.homeBytes)} (logged-in: ${kb(r.pages.citizenHomeBytes)}); API answer: ${kb(r.pages.apiBytes)}.`,
    "",
    printFlowSteps(r.flowSteps),
    "",
    "| client bundle (build/client/assets) | files | raw | gzip -9 |",
    "|---|---:|---:|---:|",
    sizeRow("JS, first visit of / (entry, root, route, chunks)", r.bundle.firstVisitJs),
    sizeRow("JS, all", r.bundle.totalJs),
    sizeRow("CSS, first visit of /", r.bundle.firstVisitCss),
    sizeRow("CSS, all", r.bundle.totalCss),
    "",
  ].join("\n");
}

await main();
clearTimeout(watchdog);
// (d) What Chromium transfers on a first visit of home (bench/first-visit.ts; prints "skipped: …" without Chromium).
await (await import("./first-visit.ts")).runFirstVisit();
// (h) The page scenarios of issue #38, each against nginx, CPU µs per answer, three alternated runs (bench/pages.ts;
// BENCH_BASELINE_DIR adds a baseline checkout to alternate with).
const pagesWatchdog = setTimeout(() => {
  console.error("bench: the pages bench did not finish in time, giving up");
  killChildren();
  process.exit(2);
}, 900_000);
pagesWatchdog.unref();
await (await import("./pages.ts")).runPagesBench();
clearTimeout(pagesWatchdog);
// (f) A rolling restart of 3 replicas behind nginx under steady load (bench/rollout.ts; skipped without nginx).
const rolloutWatchdog = setTimeout(() => {
  console.error("bench: the rollout did not finish in time, giving up");
  killChildren();
  process.exit(2);
}, 300_000);
rolloutWatchdog.unref();
await (await import("./rollout.ts")).runRollout();
killChildren();
process.exit(0);
