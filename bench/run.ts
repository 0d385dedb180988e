// Load and size benchmark: `npm run bench` (= `npm run build && node bench/run.ts`). See bench/README.md.
//
// Starts the sandbox upstream and the production portal in this process (loopback, random ports), then measures
// with autocannon (in a worker thread, so the load generator does not share the servers' event loop):
//   (a) the server-rendered home page vs the same HTML served as a static file by the same server;
//   (b) an /api-public GET through the portal's proxy vs the same GET straight to the sandbox;
//   (c) the client bundle sizes (raw and gzip), and what a first visit of the home page downloads.
// Writes bench/results/latest.json and latest.md. Every step is bounded; the process exits by itself.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { parseEnv } from "#config/env.ts";
import { loadTenantsFile } from "#config/tenants.ts";
import { createApp } from "#server/app.ts";
import { createLogger } from "#server/observability/logger.ts";
import { BUILD_DIR, loadSsrHandler } from "#server/render/load-ssr-handler.ts";
import { closeGracefully, createHttpServer } from "#server/server.ts";
import { startSandbox } from "#sandbox/start.ts";
import { BROWSER, TENANT_HOST, get, ratio, round, setting, type Reply, machineInfo } from "./support.ts";

const ROOT = resolve(import.meta.dirname, "..");
const RESULTS_DIR = join(ROOT, "bench/results");
const CLIENT_DIR = join(BUILD_DIR, "client");
const STATIC_COPY = "bench-home.html";

const DURATION_S = setting("BENCH_DURATION_S", 5, 1, 30);
const WARMUP_S = setting("BENCH_WARMUP_S", 1, 1, 10);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 10, 1, 100);

const UPSTREAM_HOST = "servizi.comune.valverde.it";
const API_PATH = "/api-public/configComune/fromtenant";

// Whatever happens, the benchmark ends: 4 scenarios x (warm-up + run) plus start-up stays far below this.
const watchdog = setTimeout(
  () => {
    console.error("bench: did not finish in time, giving up");
    process.exit(2);
  },
  (4 * (DURATION_S + WARMUP_S) + 60) * 1000,
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

type Scenario = {
  name: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  bytesPerSec: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Scenario> {
  const options = { url, headers, connections: CONNECTIONS, workers: 1 };
  await autocannon({ ...options, duration: WARMUP_S });
  const r = await autocannon({ ...options, duration: DURATION_S });
  const scenario: Scenario = {
    name,
    requestsPerSec: round(r.requests.average, 1),
    latencyP50Ms: round(r.latency.p50, 2),
    latencyP99Ms: round(r.latency.p99, 2),
    latencyMeanMs: round(r.latency.average, 2),
    bytesPerSec: Math.round(r.throughput.average),
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
  console.log(
    `  ${name}: ${scenario.requestsPerSec} req/s, p50 ${scenario.latencyP50Ms} ms, p99 ${scenario.latencyP99Ms} ms`,
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

async function main() {
  console.log(
    `bench: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per scenario, loopback only`,
  );
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1" });
  const env = parseEnv({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    UPSTREAM_URL: sandbox.url,
    PORTAL_SECRET: randomBytes(32).toString("hex"),
  });
  const logger = createLogger(env.LOG_LEVEL);
  const { app } = createApp({
    env,
    tenants: loadTenantsFile(join(ROOT, "config/tenants.json")),
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

  try {
    const pageHeaders = { ...BROWSER, host: TENANT_HOST, accept: "text/html" };
    const home = await get(`${portal}/`, pageHeaders);
    expectOk("GET / (SSR)", home, "text/html");
    writeFileSync(staticCopy, home.body);
    const copy = await get(`${portal}/${STATIC_COPY}`, pageHeaders);
    expectOk(`GET /${STATIC_COPY}`, copy, "text/html");

    const apiHeaders = { ...BROWSER, accept: "application/json" };
    const proxied = await get(`${portal}${API_PATH}`, { ...apiHeaders, host: TENANT_HOST });
    const direct = await get(`${sandbox.url}${API_PATH}`, {
      ...apiHeaders,
      "x-forwarded-host": UPSTREAM_HOST,
    });
    expectOk("proxy", proxied, "json");
    expectOk("direct", direct, "json");
    if (!proxied.body.equals(direct.body)) throw new Error("the proxied and the direct answers differ");

    console.log("measuring:");
    const ssr = await measure("SSR home page (GET /)", `${portal}/`, pageHeaders);
    const stat = await measure(
      `same HTML as a static file (GET /${STATIC_COPY})`,
      `${portal}/${STATIC_COPY}`,
      pageHeaders,
    );
    const proxy = await measure(`API through the portal proxy (GET ${API_PATH})`, `${portal}${API_PATH}`, {
      ...apiHeaders,
      host: TENANT_HOST,
    });
    const straight = await measure(
      `API straight to the sandbox (GET ${API_PATH})`,
      `${sandbox.url}${API_PATH}`,
      {
        ...apiHeaders,
        "x-forwarded-host": UPSTREAM_HOST,
      },
    );
    const scenarios = [ssr, stat, proxy, straight];
    const failed = scenarios.filter((s) => s.errors + s.timeouts + s.non2xx > 0);
    if (failed.length) throw new Error(`requests failed in: ${failed.map((s) => s.name).join("; ")}`);

    const bundle = bundleSizes(home.body.toString("utf8"));
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      settings: {
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_S,
        durationSeconds: DURATION_S,
        loadGenerator: "autocannon, 1 worker thread",
      },
      pages: { ssrBytes: home.body.length, staticBytes: copy.body.length, apiBytes: direct.body.length },
      scenarios,
      ratios: {
        ssrVsStatic: {
          requestsPerSec: ratio(ssr.requestsPerSec, stat.requestsPerSec),
          latencyMean: ratio(ssr.latencyMeanMs, stat.latencyMeanMs),
          latencyP99: ratio(ssr.latencyP99Ms, stat.latencyP99Ms),
        },
        proxyVsDirect: {
          requestsPerSec: ratio(proxy.requestsPerSec, straight.requestsPerSec),
          latencyMean: ratio(proxy.latencyMeanMs, straight.latencyMeanMs),
          latencyP99: ratio(proxy.latencyP99Ms, straight.latencyP99Ms),
        },
      },
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
    await closeGracefully(server, 2000);
    await sandbox.close();
  }
}

type BenchResult = {
  date: string;
  machine: { node: string; cpus: number; cpuModel: string; memoryGiB: number };
  settings: { connections: number; warmupSeconds: number; durationSeconds: number; loadGenerator: string };
  pages: { ssrBytes: number; staticBytes: number; apiBytes: number };
  scenarios: Scenario[];
  ratios: Record<
    "ssrVsStatic" | "proxyVsDirect",
    Record<"requestsPerSec" | "latencyMean" | "latencyP99", number | null>
  >;
  bundle: ReturnType<typeof bundleSizes>;
};

function markdown(r: BenchResult): string {
  const s = r.scenarios;
  const x = (v: number | null) => (v === null ? "n/a" : `×${v}`);
  const sizeRow = (label: string, row: SizeRow) =>
    `| ${label} | ${row.files} | ${kb(row.raw)} | ${kb(row.gzip)} |`;
  return [
    `# Benchmark ${r.date.slice(0, 10)}`,
    "",
    `${r.date} · Node ${r.machine.node} · ${r.machine.cpus} CPUs (${r.machine.cpuModel}) · ` +
      `${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up + ${r.settings.durationSeconds} s each, ` +
      `${r.settings.loadGenerator}, loopback, no compression (no Accept-Encoding)`,
    "",
    "| scenario | req/s | p50 ms | p99 ms | mean ms | requests |",
    "|---|---:|---:|---:|---:|---:|",
    ...s.map(
      (v) =>
        `| ${v.name} | ${v.requestsPerSec} | ${v.latencyP50Ms} | ${v.latencyP99Ms} | ${v.latencyMeanMs} | ${v.requests} |`,
    ),
    "",
    "autocannon's percentiles are whole milliseconds; the latency ratios use the mean and p99.",
    "",
    "| ratio | req/s | mean latency | p99 latency |",
    "|---|---:|---:|---:|",
    `| SSR / static | ${x(r.ratios.ssrVsStatic.requestsPerSec)} | ${x(r.ratios.ssrVsStatic.latencyMean)} | ${x(r.ratios.ssrVsStatic.latencyP99)} |`,
    `| proxy / direct | ${x(r.ratios.proxyVsDirect.requestsPerSec)} | ${x(r.ratios.proxyVsDirect.latencyMean)} | ${x(r.ratios.proxyVsDirect.latencyP99)} |`,
    "",
    `Home page HTML: ${kb(r.pages.ssrBytes)}; API answer: ${kb(r.pages.apiBytes)}.`,
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
process.exit(0);
