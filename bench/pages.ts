// Pages at the speed of static files (issue #38): `npm run bench:pages` (and the last part of `npm run bench`).
//
// The portal as a child process (`node server/index.ts`, production build, LOG_LEVEL=silent), the sandbox as another,
// nginx (one worker) beside them, autocannon in this process. Each scenario is measured against nginx in the same
// run, with the CPU time the portal process (and for the citizen the sandbox) used per answer, read from
// /proc/<pid>/stat around the measured seconds: on a busy 2-core machine req/s move with the neighbours, CPU per
// answer much less. Three runs, alternated: with BENCH_BASELINE_DIR (another checkout with its own build, e.g. the
// tree before a change) each run measures the baseline's portal and then this tree's, so both see the same machine.
// Prints min / median / max of each figure and the load average before and after; writes
// bench/results/pages.json and pages.md.
import "./production-env.ts";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { loginAs } from "#tests/support/test-sandbox.ts";
import { BROWSER, TENANT_HOST, get, machineInfo, setting } from "./support.ts";
import {
  cpuMicros,
  killChildren,
  nginxBinary,
  startNginxWith,
  startPortalProcess,
  startSandboxProcess,
  stop,
} from "./processes.ts";
import { pageCacheIncludes } from "./replicas.ts";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

const ROOT = resolve(import.meta.dirname, "..");
const RESULTS_DIR = join(ROOT, "bench/results");
const DURATION_S = setting("BENCH_PAGES_DURATION_S", 4, 1, 30);
const WARMUP_S = setting("BENCH_WARMUP_S", 1, 1, 10);
const RUNS = setting("BENCH_PAGES_RUNS", 3, 1, 9);
const CONNECTIONS = setting("BENCH_CONNECTIONS", 50, 1, 200);
const CITIZEN_CONNECTIONS = setting("BENCH_CITIZEN_CONNECTIONS", 10, 1, 100);
const UPSTREAM_HOST = DEMO_TENANTS["comune-a"].upstreamHost;
const CITIZEN = "RSSMRA80A01H501U";
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR ? resolve(process.env.BENCH_BASELINE_DIR) : null;

/** The goals (#38). */
export const PAGE_GOALS = {
  cachedVsStatic: 0.5,
  cachedVsStaticFloor: 0.25,
  cachedCpuMicros: 300,
  nginxCacheVsStatic: 0.9,
  upstreamPageP99Ms: 250,
  citizenReqPerSec: 300,
  citizenCpuMicros: 3000,
};

type Measure = {
  reqPerSec: number;
  p99Ms: number;
  answers: number;
  not2xx: number;
  errors: number;
  /** CPU µs per answer of the measured process(es), by name. */
  cpu: Record<string, number | null>;
};

async function measure(
  url: string,
  headers: Record<string, string>,
  connections: number,
  pids: Record<string, number>,
  expected = 200,
): Promise<Measure> {
  const options = { url, headers, connections, workers: 1 };
  await autocannon({ ...options, duration: WARMUP_S });
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMicros(pid)]));
  const r = await autocannon({ ...options, duration: DURATION_S });
  const answers = r.requests.total;
  const cpu = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => {
      const [a, b] = [before[name] ?? null, cpuMicros(pid)];
      return [name, a === null || b === null || answers === 0 ? null : Math.round((b - a) / answers)];
    }),
  );
  let unexpected = 0;
  for (const [status, { count }] of Object.entries(r.statusCodeStats ?? {}))
    if (status !== String(expected)) unexpected += count;
  return {
    reqPerSec: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    answers,
    not2xx: unexpected,
    errors: r.errors + r.timeouts,
    cpu,
  };
}

type RunResult = Record<string, Measure>;

/** One run of every scenario against the portal of `root` (with nginx beside it). */
async function runOnce(
  root: string,
  sandbox: { url: string; pid: number },
  nginx: string,
): Promise<RunResult> {
  const portal = await startPortalProcess(sandbox.url, { PAGE_CACHE_TTL_S: "10" }, root);
  const staticDir = resolve(root, "build/client");
  const pageHeaders = { ...BROWSER, host: TENANT_HOST, accept: "text/html" };
  const results: RunResult = {};
  const started: { stop(): Promise<void> }[] = [];
  try {
    // The anonymous home as the portal answers it, saved for nginx to serve as a file.
    const home = await get(`${portal.url}/`, pageHeaders);
    if (home.status !== 200) throw new Error(`GET /: ${home.status}`);
    writeFileSync(join(staticDir, "bench-home.html"), home.body);
    const session = await loginAs(sandbox.url, CITIZEN);
    const citizenHome = await get(`${portal.url}/`, { ...pageHeaders, cookie: session });
    if (!citizenHome.body.toString().includes("Mario"))
      throw new Error("the citizen's home does not greet him");

    const upstream = new URL(sandbox.url).host;
    const portalHost = new URL(portal.url).host;
    const front = await startNginxWith(nginx, (dir, port) => {
      const cache = pageCacheIncludes(dir);
      return `  ${cache.http}
  upstream portal { server ${portalHost}; keepalive 64; }
  upstream bff { server ${upstream}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location = /bench-home.html { root ${staticDir}; }
    location /api/ {
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-Host ${UPSTREAM_HOST};
    }
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Request-Id $portal_request_id;
      proxy_buffering off;
      ${cache.location}
    }
  }`;
    });
    started.push({ stop: async () => (await stop(front.child, "SIGQUIT"), front.cleanup()) });
    const warm = await get(`${front.url}/`, pageHeaders);
    await get(`${front.url}/`, pageHeaders);
    if (warm.status !== 200) throw new Error(`nginx cache GET /: ${warm.status}`);

    const p = { portal: portal.pid };
    const n = { nginx: front.pid };
    results.static = await measure(`${front.url}/bench-home.html`, pageHeaders, CONNECTIONS, n);
    results.cached = await measure(`${portal.url}/`, pageHeaders, CONNECTIONS, p);
    results.nginxCache = await measure(`${front.url}/`, pageHeaders, CONNECTIONS, { ...n, ...p });
    results.faq = await measure(`${portal.url}/faq`, pageHeaders, CONNECTIONS, p);
    results.citizen = await measure(
      `${portal.url}/`,
      { ...pageHeaders, cookie: session },
      CITIZEN_CONNECTIONS,
      {
        ...p,
        sandbox: sandbox.pid,
      },
    );
    const api = { ...BROWSER, accept: "application/json" };
    results.logout = await measure(
      `${portal.url}/api/utenti/logout`,
      { ...api, host: TENANT_HOST },
      CONNECTIONS,
      p,
      302,
    );
    results.nginxLogout = await measure(`${front.url}/api/utenti/logout`, api, CONNECTIONS, n, 302);
  } finally {
    for (const s of started) await s.stop();
    await stop(portal.child);
    rmSync(join(staticDir, "bench-home.html"), { force: true });
  }
  return results;
}

const SCENARIOS: [key: string, label: string][] = [
  ["static", "nginx serving the anonymous home as a file, 50 conn"],
  ["cached", "anonymous home, page cache of the portal alone, 50 conn"],
  ["nginxCache", "anonymous home through the shipped nginx cache, 50 conn"],
  ["faq", "an anonymous page with upstream data (/faq), 50 conn"],
  ["citizen", "logged-in home (one citizen), 10 conn"],
  ["logout", "/api/utenti/logout relayed by the portal, 50 conn"],
  ["nginxLogout", "/api/utenti/logout relayed by nginx, 50 conn"],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return "n/a";
  return `${Math.min(...known)} / ${median(known)} / ${Math.max(...known)}`;
};
const ratioOf = (a: Measure, b: Measure) =>
  b.reqPerSec > 0 ? Number((a.reqPerSec / b.reqPerSec).toFixed(3)) : 0;

function table(label: string, runs: RunResult[]): string[] {
  const rows = SCENARIOS.map(([key, name]) => {
    const m = runs.map((r) => r[key]!);
    const cpu = Object.keys(m[0]!.cpu)
      .map((proc) => `${proc} ${spread(m.map((x) => x.cpu[proc] ?? null))}`)
      .join("; ");
    return `| ${name} | ${spread(m.map((x) => x.reqPerSec))} | ${spread(m.map((x) => x.p99Ms))} | ${cpu} | ${m.reduce((s, x) => s + x.not2xx + x.errors, 0)} |`;
  });
  const ratios = [
    ["anonymous home, portal alone / nginx static", runs.map((r) => ratioOf(r.cached!, r.static!))],
    [
      "anonymous home, shipped nginx cache / nginx static",
      runs.map((r) => ratioOf(r.nginxCache!, r.static!)),
    ],
    ["logout, portal / nginx", runs.map((r) => ratioOf(r.logout!, r.nginxLogout!))],
  ] as const;
  return [
    `### ${label}`,
    "",
    "| scenario | req/s (min / median / max) | p99 ms | CPU µs per answer | not 2xx/expected + errors |",
    "|---|---:|---:|---|---:|",
    ...rows,
    "",
    "| ratio (req/s, same run) | min / median / max |",
    "|---|---:|",
    ...ratios.map(([name, values]) => `| ${name} | ×${spread([...values])} |`),
    "",
  ];
}

function goals(runs: RunResult[]): string[] {
  const med = (f: (r: RunResult) => number | null) => {
    const v = runs.map(f).filter((x): x is number => x !== null);
    return v.length ? median(v) : NaN;
  };
  const g = PAGE_GOALS;
  const rows: [string, number, string, boolean][] = [
    [
      "portal alone / nginx static",
      med((r) => ratioOf(r.cached!, r.static!)),
      `≥ ×${g.cachedVsStatic} (floor ×${g.cachedVsStaticFloor})`,
      med((r) => ratioOf(r.cached!, r.static!)) >= g.cachedVsStatic,
    ],
    [
      "CPU µs per cached answer",
      med((r) => r.cached!.cpu.portal ?? null),
      `≤ ${g.cachedCpuMicros}`,
      med((r) => r.cached!.cpu.portal ?? null) <= g.cachedCpuMicros,
    ],
    [
      "shipped nginx cache / nginx static",
      med((r) => ratioOf(r.nginxCache!, r.static!)),
      `≥ ×${g.nginxCacheVsStatic}`,
      med((r) => ratioOf(r.nginxCache!, r.static!)) >= g.nginxCacheVsStatic,
    ],
    [
      "/faq p99 ms (50 conn)",
      med((r) => r.faq!.p99Ms),
      `≤ ${g.upstreamPageP99Ms}, all 2xx`,
      med((r) => r.faq!.p99Ms) <= g.upstreamPageP99Ms &&
        runs.every((r) => r.faq!.not2xx + r.faq!.errors === 0),
    ],
    [
      "logged-in home req/s (10 conn)",
      med((r) => r.citizen!.reqPerSec),
      `≥ ${g.citizenReqPerSec}`,
      med((r) => r.citizen!.reqPerSec) >= g.citizenReqPerSec,
    ],
    [
      "logged-in home CPU µs in the portal",
      med((r) => r.citizen!.cpu.portal ?? null),
      `≤ ${g.citizenCpuMicros}`,
      med((r) => r.citizen!.cpu.portal ?? null) <= g.citizenCpuMicros,
    ],
  ];
  return [
    "| goal (issue #38), median of the runs | measured | goal | |",
    "|---|---:|---:|---|",
    ...rows.map(
      ([name, value, goal, met]) => `| ${name} | ${value} | ${goal} | ${met ? "met" : "**not met**"} |`,
    ),
    "",
  ];
}

export async function runPagesBench(): Promise<void> {
  const nginx = nginxBinary();
  if (!nginx) {
    console.log("pages bench: skipped: nginx not installed (apt-get install nginx-light)");
    return;
  }
  const loadBefore = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  console.log(
    `pages bench: ${RUNS} alternated runs, ${WARMUP_S} s warm-up + ${DURATION_S} s each, load ${loadBefore}`,
  );
  const sandbox = await startSandboxProcess();
  const sandboxPid = sandbox.child.pid!;
  const trees: [string, string][] = [
    ...(BASELINE_DIR ? [["before", BASELINE_DIR] as [string, string]] : []),
    ["after", ROOT],
  ];
  const runs: Record<string, RunResult[]> = Object.fromEntries(trees.map(([name]) => [name, []]));
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [name, root] of trees) {
        console.log(
          `  run ${i + 1}, ${name} (${root}) · load ${loadavg()
            .map((l) => l.toFixed(2))
            .join(" ")}`,
        );
        const result = await runOnce(root, { url: sandbox.url, pid: sandboxPid }, nginx);
        for (const [key] of SCENARIOS) {
          const m = result[key]!;
          console.log(
            `    ${key}: ${m.reqPerSec} req/s, p99 ${m.p99Ms} ms, CPU µs ${JSON.stringify(m.cpu)}, not expected ${m.not2xx}, errors ${m.errors}`,
          );
        }
        runs[name]!.push(result);
      }
    }
  } finally {
    await stop(sandbox.child);
  }
  const loadAfter = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  const md = [
    `# Pages bench ${new Date().toISOString()}`,
    "",
    `Node ${machineInfo().node} · ${machineInfo().cpus} CPUs · load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after · ${RUNS} alternated runs, ${WARMUP_S} s warm-up + ${DURATION_S} s each, no compression`,
    "",
    ...goals(runs.after!),
    ...trees.flatMap(([name, root]) => table(`${name}: ${root}`, runs[name]!)),
  ].join("\n");
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, "pages.json"),
    `${JSON.stringify({ loadBefore, loadAfter, runs }, null, 2)}\n`,
  );
  writeFileSync(join(RESULTS_DIR, "pages.md"), md);
  console.log(`\n${md}`);
}

if (import.meta.main) {
  const watchdog = setTimeout(
    () => {
      console.error("pages bench: did not finish in time, giving up");
      killChildren();
      process.exit(2);
    },
    (RUNS * (BASELINE_DIR ? 2 : 1) * (7 * (WARMUP_S + DURATION_S) + 60) + 60) * 1000,
  );
  watchdog.unref();
  try {
    await runPagesBench();
  } finally {
    killChildren();
  }
  process.exit(0);
}
