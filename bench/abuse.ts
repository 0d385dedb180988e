// Abuse benchmark: `npm run bench:abuse` (= `npm run build && node bench/abuse.ts`). See bench/README.md.
//
// Runs the production portal in a child process (so that its RSS can be read from /proc and the load generators do
// not share its event loop), in front of the sandbox upstream behind a small pass-through proxy of ours that drips
// one byte every 2 s for the calls marked `x-bench-drip` (an allowed proxy call, `/api/utenti/logout`). Then, for each abuse scenario, measures a citizen (sequential
// requests from a worker thread, `Host: comune-a.localhost`) and compares with the same citizen at rest:
//   - slow upstream: many concurrent GETs through the portal's API proxy to an upstream that drips bytes;
//   - geocoding flood: many connections searching distinct addresses (every one a cache miss);
//   - chunked oversize: concurrent `Transfer-Encoding: chunked` form POSTs of 64 MiB each to /valutazione.
// Prints a table and writes bench/results/abuse.json and abuse.md. Loopback only; every step is bounded.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { startSandbox } from "#sandbox/start.ts";
import { PORTAL_NODE_FLAGS, freePort } from "./processes.ts";
import { BROWSER, TENANT_HOST, get, ratio, round, setting, machineInfo } from "./support.ts";

const ROOT = resolve(import.meta.dirname, "..");
const RESULTS_DIR = join(ROOT, "bench/results");

const WINDOW_S = setting("BENCH_ABUSE_S", 15, 3, 15);
const REST_REQUESTS = setting("BENCH_ABUSE_REST", 20, 5, 100);
const SLOW_REQUESTS = setting("BENCH_ABUSE_SLOW", 50, 1, 500);
const FLOOD_CONNECTIONS = setting("BENCH_ABUSE_FLOOD", 50, 1, 500);
const UPLOADS = setting("BENCH_ABUSE_UPLOADS", 4, 1, 16);
const UPLOAD_MIB = setting("BENCH_ABUSE_UPLOAD_MIB", 64, 1, 256);

/** The drip proxy sends one byte of a slow answer this often. */
const DRIP_INTERVAL_MS = 2000;
/** The citizen's geocoding searches start at least this far apart: the portal asks the geocoder once a second. */
const GEO_SPACING_MS = 1100;
/** Each flood connection starts at most one search per this many ms (so fast refusals do not become a CPU test). */
const FLOOD_PACE_MS = 50;
/** The abuse starts this long before the citizen does. */
const RAMP_MS = 500;
/** A citizen request still in flight when the window closes gets this much longer before it counts as unanswered. */
const GRACE_MS = 2000;
const GEO_REST_SEARCHES = 5;
const WARMUP_PAGES = 10;
const AFTERWARDS = "afterwards, no abuse";
const AFTERWARDS_S = 5;
/** The portal's total deadline for a proxied answer, unless given: short enough to show within one window. */
const DEADLINE_MS = process.env.UPSTREAM_DEADLINE_MS ?? String(Math.min(5000, (WINDOW_S * 1000) / 2));

/**
 * Everybody comes through 127.0.0.1 here, so the portal trusts loopback as its reverse proxy (TRUST_PROXY, as in
 * production) and each actor says who it is in X-Forwarded-For: a per-client limit can then tell them apart.
 */
const CLIENT = {
  citizen: "203.0.113.10",
  slow: "198.51.100.20",
  flood: "198.51.100.30",
  uploads: "198.51.100.40",
} as const;
const via = (who: keyof typeof CLIENT) => ({
  ...BROWSER,
  host: TENANT_HOST,
  "x-forwarded-for": CLIENT[who],
  "x-forwarded-proto": "https",
});

const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// The citizen (a worker thread, so that the abusers' and the upstream's work does not delay its clock).

type Sample = { ms: number; status: number; timedOut: boolean; error?: string };
type CitizenJob = {
  portal: string;
  /** Stop starting requests at this time (Date.now()); null: stop after the counts, 10 s per request at most. */
  until: number | null;
  pages: number;
  searches: number;
};
type CitizenResult = { pages: Sample[]; searches: Sample[] };

function citizenWorker(): void {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const tag = randomBytes(3).toString("hex");
  let searchNo = 0;
  parentPort!.on("message", async (job: CitizenJob) => {
    const timeout = () => (job.until === null ? 10_000 : Math.max(job.until - Date.now(), 0) + GRACE_MS);
    const open = () => job.until === null || Date.now() < job.until;
    async function one(path: string, accept: string): Promise<Sample> {
      const started = performance.now();
      try {
        const reply = await get(
          `${job.portal}${path}`,
          { ...via("citizen"), accept },
          { agent, timeoutMs: timeout() },
        );
        return { ms: performance.now() - started, status: reply.status, timedOut: false };
      } catch (error) {
        const timedOut = (error as Error).name === "TimeoutError";
        return { ms: performance.now() - started, status: 0, timedOut, error: (error as Error).message };
      }
    }
    async function pages(): Promise<Sample[]> {
      const samples: Sample[] = [];
      while (samples.length < job.pages && open()) samples.push(await one("/", "text/html"));
      return samples;
    }
    async function searches(): Promise<Sample[]> {
      const samples: Sample[] = [];
      while (samples.length < job.searches && open()) {
        const started = Date.now();
        // A new address every time, as a citizen typing one: the portal's cache cannot answer it.
        const q = encodeURIComponent(`via del cittadino ${tag} ${++searchNo}`);
        samples.push(await one(`/geocoding/search?q=${q}`, "application/json"));
        const wait = started + GEO_SPACING_MS - Date.now();
        if (wait > 0 && samples.length < job.searches && open()) await sleep(wait);
      }
      return samples;
    }
    const [p, s] = await Promise.all([pages(), searches()]);
    parentPort!.postMessage({ pages: p, searches: s } satisfies CitizenResult);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Main thread: child portal, upstream, RSS sampling, abusers, report.

type Stats = {
  requests: number;
  ok: number;
  /** Answers other than 200, by status; "unanswered" and "error" when there was none. */
  other: Record<string, number>;
  timedOut: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
};

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function stats(samples: Sample[], okStatus = 200): Stats {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const ms = (v: number | null) => (v === null ? null : round(v, 1));
  return {
    requests: samples.length,
    ok: samples.filter((s) => s.status === okStatus).length,
    other: count(
      samples
        .filter((s) => s.status !== okStatus)
        .map((s) => (s.status ? s.status : s.timedOut ? "unanswered" : "error")),
    ),
    timedOut: samples.filter((s) => s.timedOut).length,
    errors: samples.filter((s) => s.status === 0 && !s.timedOut).length,
    p50Ms: ms(percentile(sorted, 0.5)),
    p95Ms: ms(percentile(sorted, 0.95)),
    maxMs: ms(percentile(sorted, 1)),
  };
}

/** Resident set size of a process, from /proc (Linux). */
function readProcKiB(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

type RssReport = { startMiB: number | null; peakMiB: number | null; endMiB: number | null; samples: number };

function sampleRss(pid: number): { stop(): RssReport } {
  const toMiB = (kib: number | null) => (kib === null ? null : round(kib / 1024, 1));
  const start = readProcKiB(pid, "VmRSS");
  let peak = start ?? 0;
  let last = start;
  let samples = start === null ? 0 : 1;
  const timer = setInterval(() => {
    const value = readProcKiB(pid, "VmRSS");
    if (value === null) return;
    samples++;
    last = value;
    peak = Math.max(peak, value);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { startMiB: toMiB(start), peakMiB: samples ? toMiB(peak) : null, endMiB: toMiB(last), samples };
    },
  };
}

type Portal = { url: string; child: ChildProcess; pid: number; output(): string; exited(): number | null };

/** `node server/index.ts` with the production build, on a port we chose, once /healthz answers. */
async function startPortal(upstreamUrl: string, geocoderUrl: string): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, "server/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "silent",
      UPSTREAM_URL: upstreamUrl,
      GEOCODER_URL: geocoderUrl,
      PORTAL_SECRET: randomBytes(32).toString("hex"),
      DEMO_MODE: "true",
      TRUST_PROXY: "loopback",
      UPSTREAM_DEADLINE_MS: DEADLINE_MS,
      SHUTDOWN_TIMEOUT_MS: "3000",
    },
  });
  activeChild = child;
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exitCode: number | null = null;
  child.on("exit", (code, signal) => {
    exitCode = code ?? (signal ? 128 : 1);
  });
  const url = `http://127.0.0.1:${port}`;
  const giveUp = Date.now() + 30_000;
  for (;;) {
    if (exitCode !== null) throw new Error(`the portal exited with code ${exitCode} at start-up:\n${output}`);
    if (Date.now() > giveUp) {
      child.kill("SIGKILL");
      throw new Error(`the portal did not answer /healthz within 30 s:\n${output}`);
    }
    try {
      const reply = await get(`${url}/healthz`, { host: TENANT_HOST }, { timeoutMs: 1000, agent: false });
      if (reply.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return { url, child, pid: child.pid!, output: () => output, exited: () => exitCode };
}

async function stopPortal(portal: Portal): Promise<number | null> {
  if (portal.exited() !== null) return portal.exited();
  const exit = new Promise<void>((done) => portal.child.once("exit", () => done()));
  portal.child.kill("SIGTERM");
  const timer = setTimeout(() => portal.child.kill("SIGKILL"), 8000);
  await exit;
  clearTimeout(timer);
  return portal.exited();
}

type Drip = { mode: "head" | "body"; started: number; closed: number | null; socket: Socket };

/**
 * The upstream as the portal sees it: a pass-through proxy to the sandbox, except the calls marked
 * `x-bench-drip: head` (the response head arrives one byte every 2 s) and `x-bench-drip: body` (a 200 head at once,
 * then one byte of body every 2 s). The portal relays the mark, an end-to-end header, with an allowed call. Neither ever finishes: only the portal or the client can end them.
 */
async function startDripProxy(target: string) {
  const upstream = new URL(target);
  const drips = new Set<Drip>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const dripMode = req.headers["x-bench-drip"];
    if (dripMode === "head" || dripMode === "body") {
      req.resume();
      const socket = req.socket;
      const mode = dripMode;
      const drip: Drip = { mode, started: Date.now(), closed: null, socket };
      drips.add(drip);
      const head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n\r\n";
      let sent = 0;
      const tick = () => {
        if (socket.destroyed) return;
        if (mode === "head") {
          if (sent < head.length) socket.write(head[sent++]!);
        } else res.write(" ");
      };
      if (mode === "body") {
        res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
        res.flushHeaders();
      }
      tick();
      const timer = setInterval(tick, DRIP_INTERVAL_MS);
      socket.once("close", () => {
        clearInterval(timer);
        drip.closed = Date.now();
      });
      return;
    }
    const forward = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", done);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drips,
    close: () =>
      new Promise<void>((done) => {
        for (const drip of drips) drip.socket.destroy();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

type DripProxy = Awaited<ReturnType<typeof startDripProxy>>;

function count(values: (string | number)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

const seconds = (ms: number | null) => (ms === null ? null : round(ms / 1000, 1));

// --- slow upstream ---------------------------------------------------------------------------------------------

type SlowAttempt = {
  mode: "head" | "body";
  status: number | null;
  headersAfterMs: number | null;
  heldMs: number;
  outcome: "complete" | "reset" | "open at window end";
  bodyBytes: number;
};

function slowRequest(portal: string, mode: "head" | "body", n: number, until: number): Promise<SlowAttempt> {
  return new Promise((done) => {
    const started = Date.now();
    const attempt: SlowAttempt = {
      mode,
      status: null,
      headersAfterMs: null,
      heldMs: 0,
      outcome: "reset",
      bodyBytes: 0,
    };
    let finished = false;
    const finish = (outcome: SlowAttempt["outcome"]) => {
      if (finished) return;
      finished = true;
      clearTimeout(cutoff);
      attempt.outcome = outcome;
      attempt.heldMs = Date.now() - started;
      req.destroy();
      done(attempt);
    };
    const req = request(
      `${portal}/api/utenti/logout`,
      { headers: { ...via("slow"), accept: "application/json", "x-bench-drip": mode }, agent: false },
      (res) => {
        attempt.status = res.statusCode ?? null;
        attempt.headersAfterMs = Date.now() - started;
        res.on("data", (chunk: Buffer) => (attempt.bodyBytes += chunk.length));
        res.on("end", () => finish("complete"));
        res.on("error", () => finish("reset"));
        res.on("close", () => finish(res.complete ? "complete" : "reset"));
      },
    );
    req.on("error", () => finish("reset"));
    const cutoff = setTimeout(() => finish("open at window end"), Math.max(until - Date.now(), 0));
    req.end();
  });
}

async function slowUpstream(portal: string, drips: DripProxy["drips"], until: number) {
  const attempts: SlowAttempt[] = [];
  const before = new Set(drips);
  await Promise.all(
    Array.from({ length: SLOW_REQUESTS }, async (_, i) => {
      const mode = i % 2 === 0 ? "head" : "body";
      let n = 0;
      // Each abuser asks again as soon as it is answered, so SLOW_REQUESTS stay in flight all along.
      while (Date.now() < until - 250) attempts.push(await slowRequest(portal, mode, i * 1000 + n++, until));
    }),
  );
  await sleep(1500);
  const mine = [...drips].filter((d) => !before.has(d));
  const stillOpen = mine.filter((d) => d.closed === null);
  const upstreamHeld = mine.map((d) => (d.closed ?? Date.now()) - d.started).sort((a, b) => a - b);
  const perMode = (mode: "head" | "body") => {
    const list = attempts.filter((a) => a.mode === mode);
    const held = list.map((a) => a.heldMs).sort((a, b) => a - b);
    return {
      clients: mode === "head" ? Math.ceil(SLOW_REQUESTS / 2) : Math.floor(SLOW_REQUESTS / 2),
      attempts: list.length,
      statuses: count(list.map((a) => a.status ?? "none")),
      outcomes: count(list.map((a) => a.outcome)),
      heldP50S: seconds(percentile(held, 0.5)),
      heldMaxS: seconds(percentile(held, 1)),
    };
  };
  const facts = {
    concurrent: SLOW_REQUESTS,
    dripIntervalMs: DRIP_INTERVAL_MS,
    headDrip: perMode("head"),
    bodyDrip: perMode("body"),
    upstreamRequests: mine.length,
    upstreamHeldP50S: seconds(percentile(upstreamHeld, 0.5)),
    upstreamHeldMaxS: seconds(percentile(upstreamHeld, 1)),
    upstreamStillOpen1500MsAfterClientsLeft: stillOpen.length,
  };
  for (const drip of stillOpen) drip.socket.destroy();
  return facts;
}

// --- geocoding flood -------------------------------------------------------------------------------------------

async function geocodingFlood(portal: string, until: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const tag = randomBytes(3).toString("hex");
  const answered: { status: number; ms: number }[] = [];
  let sent = 0;
  let unanswered = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async (_, i) => {
      let n = 0;
      while (Date.now() < until) {
        const started = Date.now();
        const q = encodeURIComponent(`via abuso ${tag} ${i} ${n++}`);
        sent++;
        try {
          const reply = await get(
            `${portal}/geocoding/search?q=${q}`,
            { ...via("flood"), accept: "application/json" },
            { agent, timeoutMs: Math.max(until - Date.now(), 1) },
          );
          answered.push({ status: reply.status, ms: Date.now() - started });
        } catch (error) {
          if ((error as Error).name === "TimeoutError") unanswered++;
          else errors++;
        }
        const wait = started + FLOOD_PACE_MS - Date.now();
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  agent.destroy();
  const byStatus: Record<string, { count: number; p50Ms: number | null; maxMs: number | null }> = {};
  for (const status of new Set(answered.map((a) => a.status))) {
    const ms = answered
      .filter((a) => a.status === status)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    byStatus[status] = { count: ms.length, p50Ms: percentile(ms, 0.5), maxMs: percentile(ms, 1) };
  }
  return {
    connections: FLOOD_CONNECTIONS,
    sent,
    answered: byStatus,
    tooManyRequests: byStatus[429]?.count ?? 0,
    unansweredAtWindowEnd: unanswered,
    errors,
  };
}

// --- chunked oversize bodies -----------------------------------------------------------------------------------

type Upload = {
  withXsrf: boolean;
  status: number | null;
  /** Body bytes handed to the socket when the answer (or the reset) came; includes what the kernels buffer. */
  sentBeforeAnswer: number | null;
  sent: number;
  answerMs: number | null;
  outcome: "answered" | "reset" | "no answer at window end";
};

const FILLER = Buffer.alloc(64 * 1024, "a");

/** One chunked form POST of up to UPLOAD_MIB MiB, written as fast as the server reads it. */
function upload(portal: string, withXsrf: boolean, until: number): Promise<Upload> {
  return new Promise((done) => {
    const token = randomBytes(32).toString("base64url");
    const form = withXsrf
      ? `_xsrf=${token}&rating=5&option=altro&details=`
      : "rating=5&option=altro&details=";
    const total = UPLOAD_MIB * MiB;
    const started = Date.now();
    const result: Upload = {
      withXsrf,
      status: null,
      sentBeforeAnswer: null,
      sent: 0,
      answerMs: null,
      outcome: "reset",
    };
    let finished = false;
    let wake: (() => void) | null = null;
    const finish = (outcome: Upload["outcome"]) => {
      if (finished) return;
      finished = true;
      clearTimeout(cutoff);
      result.outcome = outcome;
      req.destroy();
      wake?.();
      done(result);
    };
    const req = request(`${portal}/valutazione`, {
      method: "POST",
      agent: false,
      headers: {
        ...via("uploads"),
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        "transfer-encoding": "chunked",
        ...(withXsrf ? { cookie: `XSRF-TOKEN=${token}` } : {}),
      },
    });
    req.on("response", (res) => {
      result.status = res.statusCode ?? null;
      result.sentBeforeAnswer = result.sent;
      result.answerMs = Date.now() - started;
      res.resume();
      res.on("end", () => finish("answered"));
      res.on("close", () => finish("answered"));
    });
    req.on("error", () => {
      if (result.status === null && !finished) {
        result.sentBeforeAnswer = result.sent;
        result.answerMs = Date.now() - started;
      }
      finish(result.status === null ? "reset" : "answered");
    });
    req.on("drain", () => wake?.());
    const cutoff = setTimeout(() => finish("no answer at window end"), Math.max(until - Date.now(), 0));
    void (async () => {
      req.write(form);
      result.sent += form.length;
      while (!finished && result.status === null && result.sent < total) {
        const chunk = total - result.sent >= FILLER.length ? FILLER : FILLER.subarray(0, total - result.sent);
        const flowing = req.write(chunk);
        result.sent += chunk.length;
        if (!flowing) await new Promise<void>((resume) => (wake = resume));
        wake = null;
      }
      if (!finished && result.status === null) req.end();
    })();
  });
}

async function chunkedOversize(portal: string, until: number) {
  const uploads: Upload[] = [];
  await Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      while (Date.now() < until - 250) uploads.push(await upload(portal, i % 2 === 0, until));
    }),
  );
  const variant = (withXsrf: boolean) => {
    const list = uploads.filter((u) => u.withXsrf === withXsrf);
    const before = list
      .filter((u) => u.sentBeforeAnswer !== null)
      .map((u) => u.sentBeforeAnswer!)
      .sort((a, b) => a - b);
    const answerMs = list
      .filter((u) => u.answerMs !== null)
      .map((u) => u.answerMs!)
      .sort((a, b) => a - b);
    const mib = (v: number | null) => (v === null ? null : round(v / MiB, 2));
    return {
      uploads: list.length,
      statuses: count(list.map((u) => u.status ?? "none")),
      outcomes: count(list.map((u) => u.outcome)),
      sentBeforeAnswerMinMiB: mib(percentile(before, 0)),
      sentBeforeAnswerP50MiB: mib(percentile(before, 0.5)),
      sentBeforeAnswerMaxMiB: mib(percentile(before, 1)),
      answerP50Ms: percentile(answerMs, 0.5),
      answerMaxMs: percentile(answerMs, 1),
      totalSentMiB: round(list.reduce((sum, u) => sum + u.sent, 0) / MiB, 1),
    };
  };
  return {
    concurrent: UPLOADS,
    bodyMiB: UPLOAD_MIB,
    withXsrf: variant(true),
    withoutXsrf: variant(false),
  };
}

// --- scenarios and report --------------------------------------------------------------------------------------

type ScenarioResult = {
  name: string;
  windowS: number;
  pages: Stats;
  searches: Stats | null;
  rss: RssReport;
  facts: Record<string, unknown>;
};

/** The portal's child process, for the watchdog. */
let activeChild: ChildProcess | null = null;
const killPortal = () => activeChild?.kill("SIGKILL");

async function main(): Promise<void> {
  console.log(
    `bench:abuse: ${WINDOW_S} s per scenario, citizen at rest ${REST_REQUESTS} page loads + ` +
      `${GEO_REST_SEARCHES} searches, loopback only`,
  );
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1" });
  const upstream = await startDripProxy(sandbox.url);
  const worker = new Worker(new URL(import.meta.url));
  worker.unref();
  let portal: Portal | null = null;
  let portalExit: number | null = null;
  try {
    portal = await startPortal(upstream.url, `${sandbox.url}/geocoder/`);
    const p = portal;
    console.log(`portal pid ${p.pid} on ${p.url}; upstream ${upstream.url} (sandbox ${sandbox.url})`);

    const citizen = (job: Omit<CitizenJob, "portal">) =>
      new Promise<CitizenResult>((done, fail) => {
        worker.once("error", fail);
        worker.once("message", (result: CitizenResult) => {
          worker.off("error", fail);
          done(result);
        });
        worker.postMessage({ ...job, portal: p.url } satisfies CitizenJob);
      });

    // Warm-up (discarded): the first render loads and compiles a lot (about 2 s, a few hundred MiB).
    const warm = await citizen({ until: null, pages: WARMUP_PAGES, searches: 1 });
    const broken = [...warm.pages, ...warm.searches].find((s) => s.status !== 200);
    if (broken) throw new Error(`warm-up: the portal answered ${broken.status} ${broken.error ?? ""}`);
    await sleep(GEO_SPACING_MS);

    const restRss = sampleRss(p.pid);
    const rest = await citizen({ until: null, pages: REST_REQUESTS, searches: GEO_REST_SEARCHES });
    const atRest: ScenarioResult = {
      name: "at rest",
      windowS: 0,
      pages: stats(rest.pages),
      searches: stats(rest.searches),
      rss: restRss.stop(),
      facts: {},
    };
    if (atRest.pages.ok !== atRest.pages.requests || atRest.searches!.ok !== atRest.searches!.requests) {
      throw new Error(`the citizen failed at rest: ${JSON.stringify(atRest)}`);
    }
    printScenario(atRest, atRest);

    const scenarios: ScenarioResult[] = [];
    const abuse = async (
      name: string,
      searches: boolean,
      abuser: ((until: number) => Promise<Record<string, unknown>>) | null,
      windowS = WINDOW_S,
    ) => {
      if (p.exited() !== null) return;
      await sleep(1000);
      const rss = sampleRss(p.pid);
      const until = Date.now() + windowS * 1000;
      const abusing = abuser ? abuser(until) : Promise.resolve({});
      if (abuser) await sleep(RAMP_MS);
      const seen = await citizen({
        until,
        pages: Number.MAX_SAFE_INTEGER,
        searches: searches ? Number.MAX_SAFE_INTEGER : 0,
      });
      const facts = await abusing;
      const result: ScenarioResult = {
        name,
        windowS,
        pages: stats(seen.pages),
        searches: searches ? stats(seen.searches) : null,
        rss: rss.stop(),
        facts,
      };
      if (p.exited() !== null) result.facts.portalExited = p.exited();
      scenarios.push(result);
      printScenario(result, atRest);
    };

    await abuse("slow upstream", false, (until) => slowUpstream(p.url, upstream.drips, until));
    await abuse("geocoding flood", true, (until) => geocodingFlood(p.url, until));
    await abuse("chunked oversize bodies", false, (until) => chunkedOversize(p.url, until));
    // Has the portal recovered? (Work the abusers left behind, such as queued lookups, shows here.)
    await abuse(AFTERWARDS, true, null, AFTERWARDS_S);

    const lifetimePeakKiB = readProcKiB(p.pid, "VmHWM");
    const crashed = p.exited();
    portalExit = await stopPortal(p);
    const result = {
      date: new Date().toISOString(),
      machine: machineInfo(),
      settings: {
        windowSeconds: WINDOW_S,
        restPageLoads: REST_REQUESTS,
        restSearches: GEO_REST_SEARCHES,
        slowRequests: SLOW_REQUESTS,
        floodConnections: FLOOD_CONNECTIONS,
        uploads: UPLOADS,
        uploadMiB: UPLOAD_MIB,
        upstreamDeadlineMs: DEADLINE_MS,
        upstreamTimeoutMs: process.env.UPSTREAM_TIMEOUT_MS ?? "portal default",
      },
      atRest,
      scenarios,
      portal: {
        lifetimePeakRssMiB: lifetimePeakKiB === null ? null : round(lifetimePeakKiB / 1024, 1),
        exitedDuringRun: crashed,
        exitCodeAfterSigterm: crashed === null ? portalExit : null,
      },
    };
    const md = markdown(result);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, "abuse.json"), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, "abuse.md"), md);
    console.log(`\n${md}`);
    console.log("written: bench/results/abuse.json, bench/results/abuse.md");
    if (crashed !== null) {
      throw new Error(`the portal exited (code ${crashed}) during the run:\n${p.output()}`);
    }
  } finally {
    if (portal && portal.exited() === null) await stopPortal(portal);
    await worker.terminate();
    await upstream.close();
    await sandbox.close();
  }
}

const ms = (v: number | null) => (v === null ? "–" : v.toFixed(1));
const mib = (v: number | null) => (v === null ? "–" : v.toFixed(1));
const times = (v: number | null) => (v === null ? "–" : `×${v}`);

function printScenario(r: ScenarioResult, rest: ScenarioResult): void {
  const line = (label: string, s: Stats, base: Stats) =>
    `  ${label}: ${citizenCell(s)} ok, ` +
    `p50 ${ms(s.p50Ms)} ms, p95 ${ms(s.p95Ms)} ms, max ${ms(s.maxMs)} ms` +
    (r === rest ? "" : ` (p95 ${times(ratio(s.p95Ms ?? 0, base.p95Ms ?? 0))} at rest)`);
  console.log(`${r.name}: peak RSS ${mib(r.rss.peakMiB)} MiB (start ${mib(r.rss.startMiB)} MiB)`);
  console.log(line("GET /", r.pages, rest.pages));
  if (r.searches && rest.searches) console.log(line("geocoding search", r.searches, rest.searches));
  for (const line of scenarioFacts(r).slice(2, -1)) console.log(`  ${line}`);
}

type AbuseResult = {
  date: string;
  machine: { node: string; cpus: number; cpuModel: string; memoryGiB: number };
  settings: Record<string, number | string>;
  atRest: ScenarioResult;
  scenarios: ScenarioResult[];
  portal: {
    lifetimePeakRssMiB: number | null;
    exitedDuringRun: number | null;
    exitCodeAfterSigterm: number | null;
  };
};

/** `{"413": 3, "none": 1}` → `413 ×3, none ×1`. */
function tally(counts: unknown): string {
  const entries = Object.entries((counts ?? {}) as Record<string, number>);
  return entries.length ? entries.map(([k, n]) => `${k} ×${n}`).join(", ") : "none";
}

function citizenCell(s: Stats): string {
  const other = Object.keys(s.other).length ? ` (${tally(s.other)})` : "";
  return `${s.ok}/${s.requests}${other}`;
}

function scenarioFacts(s: ScenarioResult): string[] {
  const f = s.facts as Record<string, Record<string, unknown>>;
  const out: string[] = [];
  if (s.name === "slow upstream") {
    for (const [label, key] of [
      ["head dripped (1 byte / 2 s before the status line is complete)", "headDrip"],
      ["body dripped (200 head at once, then 1 byte / 2 s)", "bodyDrip"],
    ] as const) {
      const m = f[key]!;
      out.push(
        `- ${label}: ${m.clients} clients, ${m.attempts} requests; ` +
          `statuses: ${tally(m.statuses)}; outcomes: ${tally(m.outcomes)}; ` +
          `held open p50 ${m.heldP50S} s, max ${m.heldMaxS} s`,
      );
    }
    out.push(
      `- upstream side: ${String(f.upstreamRequests)} requests reached the upstream, held open p50 ` +
        `${String(f.upstreamHeldP50S)} s, max ${String(f.upstreamHeldMaxS)} s; ` +
        `${String(f.upstreamStillOpen1500MsAfterClientsLeft)} still open 1.5 s after the clients hung up`,
    );
  } else if (s.name === "geocoding flood") {
    const answered = f.answered as Record<
      string,
      { count: number; p50Ms: number | null; maxMs: number | null }
    >;
    out.push(
      `- ${String(f.connections)} connections from one address, ${String(f.sent)} distinct searches sent ` +
        `(each connection at most one per ${FLOOD_PACE_MS} ms); 429: ${String(f.tooManyRequests)}; ` +
        `unanswered at window end: ${String(f.unansweredAtWindowEnd)}; errors: ${String(f.errors)}`,
      ...Object.entries(answered).map(
        ([status, a]) => `- answered ${status}: ${a.count}, after p50 ${a.p50Ms} ms, max ${a.maxMs} ms`,
      ),
    );
  } else if (s.name === "chunked oversize bodies") {
    for (const [label, key] of [
      ["with a valid XSRF cookie and field", "withXsrf"],
      ["without XSRF", "withoutXsrf"],
    ] as const) {
      const u = f[key]!;
      out.push(
        `- ${label}: ${u.uploads} uploads of up to ${String(f.bodyMiB)} MiB; statuses: ${tally(u.statuses)}; ` +
          `outcomes: ${tally(u.outcomes)}; sent before the answer or reset: min ${u.sentBeforeAnswerMinMiB} / ` +
          `p50 ${u.sentBeforeAnswerP50MiB} / max ${u.sentBeforeAnswerMaxMiB} MiB, after p50 ${u.answerP50Ms} ms, ` +
          `max ${u.answerMaxMs} ms; ${u.totalSentMiB} MiB sent in all`,
      );
    }
  }
  if (s.facts.portalExited !== undefined)
    out.push(`- **the portal exited** (code ${String(s.facts.portalExited)})`);
  return out.length ? [`### ${s.name}`, "", ...out, ""] : [];
}

function markdown(r: AbuseResult): string {
  const rest = r.atRest;
  const vs = (value: number | null, base: number | null) => times(ratio(value ?? 0, base ?? 0));
  const row = (scenario: ScenarioResult, request: string, s: Stats, base: Stats) => {
    const isRest = scenario === rest;
    return (
      `| ${scenario.name} | ${request} | ${citizenCell(s)} | ${ms(s.p50Ms)} | ${ms(s.p95Ms)} | ${ms(s.maxMs)} | ` +
      `${isRest ? "" : vs(s.p50Ms, base.p50Ms)} | ${isRest ? "" : vs(s.p95Ms, base.p95Ms)} | ` +
      `${mib(scenario.rss.startMiB)} | ${mib(scenario.rss.peakMiB)} | ` +
      `${isRest ? "" : vs(scenario.rss.peakMiB, rest.rss.peakMiB)} |`
    );
  };
  const rows: string[] = [];
  for (const s of [rest, ...r.scenarios]) {
    rows.push(row(s, "GET /", s.pages, rest.pages));
    if (s.searches) rows.push(row(s, "geocoding search", s.searches, rest.searches!));
  }
  const set = r.settings;
  return [
    `# Abuse benchmark ${r.date.slice(0, 10)}`,
    "",
    `${r.date} · Node ${r.machine.node} · ${r.machine.cpus} CPUs (${r.machine.cpuModel}) · ` +
      `${set.windowSeconds} s per scenario · portal in a child process (production build, ` +
      `TRUST_PROXY=loopback, UPSTREAM_DEADLINE_MS=${set.upstreamDeadlineMs}), loopback only`,
    "",
    `Abusers: ${set.slowRequests} slow-upstream requests in flight, ${set.floodConnections} geocoding connections, ` +
      `${set.uploads} chunked uploads of ${set.uploadMiB} MiB in flight. The citizen makes sequential requests from ` +
      `a worker thread (its own X-Forwarded-For address); during a scenario it starts ${RAMP_MS} ms after the ` +
      `abuse and stops at the end of the window; a request still unanswered ${GRACE_MS / 1000} s later is given ` +
      "up and counts with the time it waited. RSS is the portal process's VmRSS, read every 100 ms.",
    "",
    "| scenario | citizen request | ok | p50 ms | p95 ms | max ms | p50 vs rest | p95 vs rest | RSS at start MiB | peak RSS MiB | peak vs rest |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    ...r.scenarios.flatMap(scenarioFacts),
    `Portal peak RSS over the whole run (VmHWM): ${mib(r.portal.lifetimePeakRssMiB)} MiB.` +
      (r.portal.exitedDuringRun !== null
        ? ` **The portal exited during the run (code ${r.portal.exitedDuringRun}).**`
        : ""),
    "",
  ].join("\n");
}

if (isMainThread) {
  // Whatever happens, the benchmark ends: 3 windows, the pauses, the rest measurement and start-up stay far below.
  const watchdog = setTimeout(
    () => {
      console.error("bench:abuse: did not finish in time, giving up");
      killPortal();
      process.exit(2);
    },
    (3 * (WINDOW_S + 5) + 90) * 1000,
  );
  watchdog.unref();
  try {
    await main();
  } catch (error) {
    console.error(`bench:abuse: ${(error as Error).stack ?? String(error)}`);
    killPortal();
    process.exit(1);
  }
  clearTimeout(watchdog);
  process.exit(0);
} else {
  citizenWorker();
}
