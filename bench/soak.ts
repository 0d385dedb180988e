// A soak across replicas (issue #30): `npm run bench:soak` (after the build; bench/results/soak.json).
//
// Two production portals and one Valkey (Debian's redis-server) behind nginx (bench/replicas.ts: round robin, no
// affinity), a steady mixed load for BENCH_SOAK_S seconds (default 600):
//   - paced GETs (BENCH_SOAK_RATE per second in total, default 30): pages of both municipalities and the /api logout
//     call (a 302 through the portal's proxy);
//   - BENCH_SOAK_BROWSERS browsers (default 2), each a visitor of its own for every flow, running through nginx two
//     flows that write to the shared store, one after the other: the PPAY spontaneous payment notice (its PDF is kept
//     in the store, and downloaded) and the anonymous assistance request with an attachment and the e-mail code (the
//     pending request and its attachment in the store until the code is checked) — bench/flow-steps.ts's own flows.
// Every BENCH_SOAK_SAMPLE_S seconds (default 60) it samples each replica's RSS (/proc/<pid>/status), the store's
// `DBSIZE` and `INFO memory` (used_memory), and the served p50 / p99 and the errors of the slice (a GET answered other
// than 2xx/3xx or not at all, a flow step answered otherwise than the flow expects). When the load stops it reports
// the drift: each replica's RSS slope (least squares over the slices after the first, MiB per minute) and what the
// store keeps: its keys by remaining time to live, and the keys with none (those would outlive every TTL: a leak).
// The store's entries live 15 to 60 minutes, longer than the soak: the keys left once the TTLs pass are the ones with
// no TTL, read with `PTTL` rather than waited for.
import { Agent } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "redis";
import { BROWSER, get, setting } from "./support.ts";
import { percentile } from "./overload.ts";
import { killChildren, nginxBinary } from "./processes.ts";
import { redisBinary, startReplicas } from "./replicas.ts";
import { Browser, FLOWS, Recorder, UnexpectedAnswer, type Context } from "./flow-steps.ts";
import { DEMO_TENANTS } from "#tests/support/demo-tenants.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SOAK_S = setting("BENCH_SOAK_S", 600, 30, 7200);
const SAMPLE_S = setting("BENCH_SOAK_SAMPLE_S", 60, 5, 600);
const RATE = setting("BENCH_SOAK_RATE", 30, 1, 500);
const BROWSERS = setting("BENCH_SOAK_BROWSERS", 2, 0, 8);
const GET_CONNECTIONS = 4;
const HOSTS = [DEMO_TENANTS["comune-a"].portalHost, DEMO_TENANTS["comune-b"].portalHost];
const GETS = HOSTS.flatMap((host) =>
  ["/", "/faq", "/argomenti", "/api/utenti/logout"].map((path) => ({ host, path })),
);
const STORE_FLOWS = FLOWS.filter((f) => f.name === "notice" || f.name === "assistance");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function rssBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? num / den : NaN;
}

type Slice = {
  minute: number;
  loadAverage: number;
  rssMiB: number[];
  storeKeys: number;
  storeUsedMiB: number;
  requests: number;
  flows: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};
export type SoakResult = {
  date: string;
  seconds: number;
  rate: number;
  browsers: number;
  slices: Slice[];
  errorExamples: string[];
  drift: {
    rssSlopeMiBPerMin: number[];
    rssStartEndMiB: Array<[number, number]>;
    storeKeysAtEnd: number;
    storeUsedMiBAtEnd: number;
    keysWithoutTtl: number;
    keysByTtlLeft: Record<string, number>;
  };
};

export async function measureSoak(): Promise<SoakResult> {
  const cluster = await startReplicas({
    replicas: 2,
    redis: true,
    logLevel: "warn",
    // The browsers ask for an e-mail code per assistance request, each a new visitor but all to the sandbox's
    // mailbox: the per-contact and per-client limits of e-mail codes are for citizens, not for this load.
    env: { OTP_SEND_PER_CLIENT: "1000000", OTP_SEND_PER_CONTACT: "1000000" },
  });
  const store = createClient({ url: cluster.redisUrl! });
  await store.connect();
  const latencies: number[] = [];
  const errors: string[] = [];
  let errorCount = 0;
  let requests = 0;
  let flows = 0;
  let running = true;
  const fail = (what: string) => {
    errorCount++;
    if (errors.length < 20) errors.push(`${new Date().toISOString().slice(11, 19)} ${what}`);
  };

  // Paced GETs.
  const agent = new Agent({ keepAlive: true, maxSockets: GET_CONNECTIONS });
  const intervalMs = (1000 * GET_CONNECTIONS) / RATE;
  let next = 0;
  const getLoop = async (offset: number) => {
    let due = performance.now() + offset;
    while (running) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      due = Math.max(due + intervalMs, performance.now());
      const { host, path } = GETS[next++ % GETS.length]!;
      const started = performance.now();
      requests++;
      try {
        const reply = await get(`${cluster.url}${path}`, { ...BROWSER, host }, { agent, timeoutMs: 15_000 });
        if (reply.status >= 200 && reply.status < 400) latencies.push(performance.now() - started);
        else fail(`GET ${host}${path}: HTTP ${reply.status}`);
      } catch (error) {
        fail(`GET ${host}${path}: ${String(error)}`);
      }
    }
  };

  // Browsers running the flows that write to the store; each step's time goes with the GETs'.
  let recorder = new Recorder();
  let visitor = 1;
  const flowLoop = async (i: number) => {
    const browser = new Browser(cluster.url, "", () => recorder);
    browser.scheme = "http";
    const context: Context = {
      sandbox: cluster.sandboxUrl,
      browser,
      citizen: "",
      session: { a: "" },
      n: () => visitor,
    };
    for (let k = i; running; k++) {
      const flow = STORE_FLOWS[k % STORE_FLOWS.length]!;
      const n = visitor++;
      browser.client = `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
      try {
        await flow.run(context);
        flows++;
      } catch (error) {
        if (!(error instanceof UnexpectedAnswer)) fail(`${flow.name}: ${String(error)}`);
      }
    }
    browser.agent.destroy();
  };

  const loadStart = performance.now();
  const loops = [
    ...Array.from({ length: GET_CONNECTIONS }, (_, i) => getLoop((i * intervalMs) / GET_CONNECTIONS)),
    ...Array.from({ length: BROWSERS }, (_, i) => flowLoop(i)),
  ];
  const slices: Slice[] = [];
  const storeStats = async () => {
    const info = await store.info("memory");
    return {
      keys: await store.dbSize(),
      used: Number(/used_memory:(\d+)/.exec(info)?.[1] ?? NaN),
    };
  };
  try {
    const sliceCount = Math.max(1, Math.round(SOAK_S / SAMPLE_S));
    for (let minute = 1; minute <= sliceCount; minute++) {
      await sleep(Math.max(0, loadStart + minute * SAMPLE_S * 1000 - performance.now()));
      // This slice's answers: the GETs' and the flow steps'.
      const steps = [...recorder.times.values()].flat();
      const times = [...latencies.splice(0), ...steps];
      let stepErrors = 0;
      for (const [label, list] of recorder.unexpected)
        for (const what of list) {
          stepErrors++;
          fail(`${label}: ${what || "(as above)"}`);
        }
      const sliceFlows = flows;
      recorder = new Recorder();
      flows = 0;
      const sliceRequests = requests + steps.length + stepErrors;
      requests = 0;
      const sliceErrors = errorCount;
      errorCount = 0;
      times.sort((a, b) => a - b);
      const stats = await storeStats();
      const slice: Slice = {
        minute: Math.round((minute * SAMPLE_S) / 6) / 10,
        loadAverage: Math.round(loadavg()[0]! * 10) / 10,
        rssMiB: cluster.replicas.map((r) => mib(rssBytes(r.pid))),
        storeKeys: stats.keys,
        storeUsedMiB: mib(stats.used),
        requests: sliceRequests,
        flows: sliceFlows,
        p50Ms: Math.round(percentile(times, 50)),
        p99Ms: Math.round(percentile(times, 99)),
        errors: sliceErrors,
      };
      slices.push(slice);
      console.log(
        `  soak ${slice.minute} min: RSS ${slice.rssMiB.join(" / ")} MiB, store ${slice.storeKeys} keys ` +
          `${slice.storeUsedMiB} MiB, ${slice.requests} req + ${slice.flows} flows, p50 ${slice.p50Ms} ms, ` +
          `p99 ${slice.p99Ms} ms, ${slice.errors} errors (load ${slice.loadAverage})`,
      );
    }
    running = false;
    await Promise.all(loops);
    agent.destroy();

    // What the store keeps once the load has stopped: every key's remaining time to live.
    const keysByTtlLeft: Record<string, number> = {};
    let keysWithoutTtl = 0;
    for await (const batch of store.scanIterator({ COUNT: 500 })) {
      for (const key of Array.isArray(batch) ? batch : [batch]) {
        const ttl = await store.pTTL(key);
        if (ttl === -1) keysWithoutTtl++;
        if (ttl < 0) continue;
        const bucket = ttl <= 15 * 60_000 ? "≤ 15 min" : ttl <= 30 * 60_000 ? "≤ 30 min" : "≤ 60 min";
        keysByTtlLeft[bucket] = (keysByTtlLeft[bucket] ?? 0) + 1;
      }
    }
    const end = await storeStats();
    const tail = slices.slice(1);
    return {
      date: new Date().toISOString(),
      seconds: SOAK_S,
      rate: RATE,
      browsers: BROWSERS,
      slices,
      errorExamples: errors,
      drift: {
        rssSlopeMiBPerMin: cluster.replicas.map(
          (_, i) =>
            Math.round(slope(tail.map((s) => [s.minute, s.rssMiB[i]!] as [number, number])) * 100) / 100,
        ),
        rssStartEndMiB: cluster.replicas.map((_, i) => [slices[0]!.rssMiB[i]!, slices.at(-1)!.rssMiB[i]!]),
        storeKeysAtEnd: end.keys,
        storeUsedMiBAtEnd: mib(end.used),
        keysWithoutTtl,
        keysByTtlLeft,
      },
    };
  } finally {
    running = false;
    await store.quit().catch(() => undefined);
    await cluster.stop();
  }
}

export function printSoak(r: SoakResult): string {
  const d = r.drift;
  return [
    `## Soak across replicas (2 portals + one Valkey behind nginx, ${r.seconds / 60} min, ${r.rate} GET/s + ${r.browsers} browsers running the PPAY notice and the assistance request with an attachment)`,
    "",
    "| minute | load avg | RSS per replica (MiB) | store keys | store used (MiB) | requests | flows | p50 | p99 | errors |",
    "| -----: | -------: | --------------------- | ---------: | ---------------: | -------: | ----: | --: | --: | -----: |",
    ...r.slices.map(
      (s) =>
        `| ${s.minute} | ${s.loadAverage} | ${s.rssMiB.join(" / ")} | ${s.storeKeys} | ${s.storeUsedMiB} | ${s.requests} | ${s.flows} | ${s.p50Ms} ms | ${s.p99Ms} ms | ${s.errors} |`,
    ),
    "",
    `Drift: RSS slope after the first slice ${d.rssSlopeMiBPerMin.map((v) => `${v} MiB/min`).join(" / ")} ` +
      `(start → end ${d.rssStartEndMiB.map(([a, b]) => `${a} → ${b}`).join(", ")} MiB); the store after the load: ` +
      `${d.storeKeysAtEnd} keys, ${d.storeUsedMiBAtEnd} MiB, by TTL left ${JSON.stringify(d.keysByTtlLeft)}, ` +
      `without a TTL (left after every TTL has passed): ${d.keysWithoutTtl}.`,
    ...r.errorExamples.slice(0, 10).map((e) => `- ${e}`),
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const watchdog = setTimeout(
    () => {
      console.error("soak: did not finish in time, giving up");
      killChildren();
      process.exit(2);
    },
    (SOAK_S + 300) * 1000,
  );
  watchdog.unref();
  try {
    if (!nginxBinary()) throw new Error("nginx is not installed (apt-get install nginx-light)");
    if (!redisBinary()) throw new Error("redis-server is not installed (apt-get install redis-server)");
    const result = await measureSoak();
    console.log(`\n${printSoak(result)}`);
    mkdirSync(join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(join(ROOT, "bench/results/soak.json"), `${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    console.error(`soak: failed: ${String(error)}`);
    process.exitCode = 1;
  }
  killChildren();
  process.exit(process.exitCode ?? 0);
}
