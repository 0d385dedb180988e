// Several production portals behind nginx, on one machine: the shape of the Kubernetes Deployment and of the compose
// `replicas` profile (issue #30). Used by the rollout bench (bench/rollout.ts) and usable by Playwright journeys:
//
//   const cluster = await startReplicas({ replicas: 3, redis: true });
//   … load cluster.url with a municipality's Host header …
//   await cluster.replicas[0].restart();   // SIGTERM, wait for the exit (the portal drains), start, wait for /readyz
//   await cluster.stop();
//
// One sandbox upstream (bench/sandbox-child.ts), optionally one `redis-server` (Debian's; no persistence), N portals
// (`node server/index.ts`, the production build, the same PORTAL_SECRET, each on its own port, its access log captured
// line by line from stdout, REDIS_URL when redis is on) and nginx (Debian's, `-p <tmpdir> -c <generated conf>`, no
// root needed): plain round robin with the upstream server parameters of deploy/nginx/replicas.conf and its failure
// handling, deploy/nginx/failover.conf, included as it ships (a failed replica marked down, only what may be repeated
// retried, never a 503), X-Forwarded-* headers set, and the portals' TRUST_PROXY=loopback matching it (nginx is their
// only client, on loopback).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { get } from "./support.ts";
import {
  PORTAL_NODE_FLAGS,
  freePort,
  reservePort,
  nginxBinary,
  startSandboxProcess,
  stop as stopChild,
  track,
} from "./processes.ts";

const ROOT = resolve(import.meta.dirname, "..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Lines of access log kept per replica (the oldest go first). */
const MAX_LOG_LINES = 200_000;

export type ReplicasOptions = {
  /** How many portals (default 2). */
  replicas?: number;
  /** Start a redis-server and pass REDIS_URL to the portals (default false). */
  redis?: boolean;
  /** First portal port (the others follow); default: free ports. */
  portalPort?: number;
  nginxPort?: number;
  sandboxPort?: number;
  redisPort?: number;
  /** The portals' LOG_LEVEL (default info: the access log is an info line per request). */
  logLevel?: string;
  /** More environment for the portals (e.g. SHUTDOWN_TIMEOUT_MS). */
  env?: Record<string, string>;
  /** nginx keeps anonymous pages with the shipped cache (deploy/nginx/page-cache*.conf); default false. */
  pageCache?: boolean;
};

export type Replica = {
  port: number;
  /** The current process's id (a restart changes it). */
  readonly pid: number;
  /** SIGTERM, wait for the exit (requests in flight finish), start again on the same port, wait for /readyz. */
  restart(): Promise<{ exitCode: number | null; stoppedMs: number; readyMs: number }>;
  /** SIGTERM and wait for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash: nothing drains) and wait for the exit. */
  kill(): Promise<void>;
  /** Every line the replica wrote on stdout/stderr so far (pino JSON: the access log and the rest), all processes. */
  logLines(): string[];
};

export type Replicas = {
  /** nginx's address: send a municipality's Host header (comune-a.localhost, comune-b.localhost). */
  url: string;
  sandboxUrl: string;
  redisUrl: string | null;
  /** The redis-server (when `redis`): stopped and started again on the same port (empty: no persistence). */
  redis: { stop(): Promise<void>; start(): Promise<void> } | null;
  replicas: Replica[];
  /** nginx's error log (upstream errors and retries are logged there at warn/error). */
  nginxErrors(): string;
  /** nginx's access log (UPSTREAM_LOG_FORMAT), one line per request. */
  nginxAccess(): string[];
  /**
   * deploy/nginx/drain.sh on this cluster's nginx: `out` marks the replica `down` in the upstream list, reloads nginx
   * and resolves once nginx sends it nothing more (its old workers gone); `in` puts it back. Resolves to the script's
   * report line.
   */
  drain(replica: Replica, action: "out" | "in"): Promise<string>;
  stop(): Promise<void>;
};

export function redisBinary(): string | null {
  for (const candidate of [
    "/usr/bin/redis-server",
    "/usr/local/bin/redis-server",
    "/usr/bin/valkey-server",
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v redis-server || command -v valkey-server"], {
    encoding: "utf8",
  });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim().split("\n")[0]! : null;
}

async function waitFor(
  what: string,
  deadlineMs: number,
  check: () => Promise<boolean>,
  exited?: () => boolean,
) {
  const giveUp = Date.now() + deadlineMs;
  for (;;) {
    if (exited?.()) throw new Error(`${what}: the process exited`);
    if (await check().catch(() => false)) return;
    if (Date.now() > giveUp) throw new Error(`${what}: not ready within ${deadlineMs} ms`);
    await sleep(25);
  }
}

const tcpOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), done(true)));
    socket.once("error", () => done(false));
  });

/** Debian's redis-server on `port` (no persistence, 64 MiB); resolves once it accepts connections. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const binary = redisBinary();
  if (!binary) throw new Error("redis-server is not installed (apt-get install redis-server)");
  const child = spawn(
    binary,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--maxmemory",
      "64mb",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const t = track(child);
  await waitFor(
    `redis-server on ${port}`,
    10_000,
    () => tcpOpen(port),
    () => t.exited() !== null,
  );
  return child;
}

/** deploy/nginx/replicas.conf's parameters of a replica's `server` line (`max_fails=1 fail_timeout=5s`). */
export const UPSTREAM_SERVER_PARAMETERS = (() => {
  const conf = readFileSync(join(ROOT, "deploy/nginx/replicas.conf"), "utf8");
  const line = /^\s*server portal-1:\d+((?:\s+[a-z_]+=\S+?)*)\s*;/m.exec(conf);
  if (!line) throw new Error("deploy/nginx/replicas.conf: no `server portal-1:…;` line");
  return line[1]!.trim();
})();

/** The upstream list nginx.conf includes (upstreams.conf): one line per portal, the one deploy/nginx/drain.sh edits. */
export function upstreamList(portals: number[]): string {
  return portals.map((p) => `server 127.0.0.1:${p} ${UPSTREAM_SERVER_PARAMETERS};`).join("\n") + "\n";
}

const SHIPPED_NGINX = join(ROOT, "deploy/nginx");
/** Where the shipped cache configuration keeps its files in production (rewritten to the temp dir here). */
const SHIPPED_CACHE_PATH = "/var/cache/nginx/portal-pages";

/**
 * The shipped page cache (deploy/nginx/page-cache-http.conf and page-cache.conf) copied into `dir`, its cache files
 * under `dir` too: the include lines for the http block and for the portals' location.
 */
export function pageCacheIncludes(dir: string): { http: string; location: string } {
  for (const file of ["page-cache-http.conf", "page-cache.conf"]) {
    const text = readFileSync(join(SHIPPED_NGINX, file), "utf8").replace(
      SHIPPED_CACHE_PATH,
      join(dir, "page-cache"),
    );
    writeFileSync(join(dir, file), text);
  }
  return { http: `include ${dir}/page-cache-http.conf;`, location: `include ${dir}/page-cache.conf;` };
}

/**
 * The access log's format: `upstreamlog` as deploy/nginx/drain.sh reads it (time, the upstreams tried), then what the
 * replica-kill test reads: status, duration, method, each try's status and bytes sent to it, the request's path.
 */
export const UPSTREAM_LOG_FORMAT = `'$msec "$upstream_addr" $status $request_time $request_method "$upstream_status" "$upstream_bytes_sent" "$uri"'`;

/**
 * The generated nginx.conf: round robin over the portals (the included upstreams.conf), what ships for a failed replica
 * (deploy/nginx/failover.conf, included as it is), an access log naming the upstream of each request (the
 * `upstreamlog` format drain.sh reads, and what the replica-kill test reads after it).
 */
export function nginxConf(options: {
  dir: string;
  port: number;
  root: boolean;
  pageCache?: boolean;
}): string {
  const { dir } = options;
  // With the cache, as deploy/nginx/replicas.conf: pages streamed (proxy_buffering off), an anonymous public page
  // asking for buffering itself (X-Accel-Buffering: yes), which nginx needs to store it, and nginx's name of each
  // request given to the portal (page-cache-http.conf's $portal_request_id).
  const cache = options.pageCache
    ? {
        ...pageCacheIncludes(dir),
        proxying: "proxy_buffering off;\n      proxy_set_header X-Request-Id $portal_request_id;",
      }
    : { http: "", location: "", proxying: "" };
  return `${options.root ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  log_format upstreamlog ${UPSTREAM_LOG_FORMAT};
  access_log ${dir}/access.log upstreamlog;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  ${cache.http}
  upstream portals {
    include ${dir}/upstreams.conf;
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://portals;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # $http_host, not $host: with its port, which the portal's same-origin check of form posts compares with Origin.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      include ${join(ROOT, "deploy/nginx/failover.conf")};
      proxy_read_timeout 30s;
      ${cache.proxying}
      ${cache.location}
    }
  }
}
`;
}

/**
 * deploy/nginx/drain.sh `action` `address` on the nginx whose prefix is `dir` (nginx.conf, upstreams.conf, access.log,
 * nginx.pid, error.log there, as startReplicas writes them); resolves to the script's report, rejects on its failure.
 */
export function drainScript(
  nginx: string,
  dir: string,
  address: string,
  action: "out" | "in",
): Promise<string> {
  return new Promise((done, fail) => {
    const script = spawn("sh", [join(ROOT, "deploy/nginx/drain.sh"), action, address], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        UPSTREAM_FILE: join(dir, "upstreams.conf"),
        ACCESS_LOG: join(dir, "access.log"),
        NGINX_CMD: `${nginx} -p ${dir} -c ${join(dir, "nginx.conf")} -e ${join(dir, "error.log")}`,
        NGINX_PID_FILE: join(dir, "nginx.pid"),
      },
    });
    let output = "";
    script.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    script.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    script.on("error", fail);
    script.on("exit", (code) =>
      code === 0
        ? done(output.trim())
        : fail(new Error(`drain.sh ${action} ${address}: exit ${code}\n${output}`)),
    );
  });
}

export async function startReplicas(options: ReplicasOptions = {}): Promise<Replicas> {
  const count = options.replicas ?? 2;
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (apt-get install nginx-light)");
  // nginx's port is chosen first: the sandbox's pagoPA checkout returns the browser there. It stays bound until nginx
  // starts (a minute or more later on a busy machine): a port only looked up could be handed meanwhile to another
  // test file's nginx, which then answered this cluster's requests (502s from a stranger).
  const reserved = options.nginxPort === undefined ? await reservePort() : null;
  const nginxPort = options.nginxPort ?? reserved!.port;
  const sandbox = await startSandboxProcess(options.sandboxPort ?? 0, `http://{host}:${nginxPort}`);
  // What has started so far, stopped again if a later part does not come up (no process outlives a failed start).
  const launched: ChildProcess[] = [sandbox.child];
  try {
    return await startCluster(options, count, nginx, sandbox, launched, { port: nginxPort, reserved });
  } catch (error) {
    await reserved?.release();
    await Promise.all(launched.map((child) => stopChild(child, "SIGKILL")));
    throw error;
  }
}

async function startCluster(
  options: ReplicasOptions,
  count: number,
  nginx: string,
  sandbox: Awaited<ReturnType<typeof startSandboxProcess>>,
  launched: ChildProcess[],
  nginxListen: { port: number; reserved: Awaited<ReturnType<typeof reservePort>> | null },
): Promise<Replicas> {
  const nginxPort = nginxListen.port;
  let redis: ChildProcess | null = null;
  let redisUrl: string | null = null;
  let redisPort = 0;
  if (options.redis) {
    redisPort = options.redisPort ?? (await freePort());
    redis = await startRedisServer(redisPort);
    launched.push(redis);
    redisUrl = `redis://127.0.0.1:${redisPort}`;
  }
  const secret = randomBytes(32).toString("hex");
  const ports: number[] = [];
  for (let i = 0; i < count; i++)
    ports.push(options.portalPort !== undefined ? options.portalPort + i : await freePort());

  const env = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: "production",
    MALLOC_ARENA_MAX: "2",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: options.logLevel ?? "info",
    UPSTREAM_URL: sandbox.url,
    GEOCODER_URL: `${sandbox.url}/geocoder/`,
    PORTAL_SECRET: secret,
    DEMO_MODE: "true",
    // nginx, on loopback, is the only client: its X-Forwarded-* headers are believed, nobody else's.
    TRUST_PROXY: "loopback",
    SHUTDOWN_TIMEOUT_MS: "8000",
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });

  const replicas = ports.map((port) => {
    const lines: string[] = [];
    let child: ChildProcess | null = null;
    /**
     * A stream's lines as they complete: each stream keeps its own unfinished line, so a line of stderr arriving while
     * a line of stdout is half read does not cut that line in two (nor glue itself to it).
     */
    const keeper = () => {
      let partial = "";
      return (chunk: Buffer) => {
        const parts = (partial + chunk.toString("utf8")).split("\n");
        partial = parts.pop() ?? "";
        for (const line of parts) if (line) lines.push(line);
        if (lines.length > MAX_LOG_LINES) lines.splice(0, lines.length - MAX_LOG_LINES);
      };
    };
    const start = async () => {
      const started = performance.now();
      const c = spawn(process.execPath, [...PORTAL_NODE_FLAGS, "server/index.ts"], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: env(port),
      });
      const t = track(c);
      launched.push(c);
      c.stdout!.on("data", keeper());
      c.stderr!.on("data", keeper());
      child = c;
      await waitFor(
        `portal on ${port}`,
        // Start-up imports the SSR bundle: on a busy machine of two cores, up to a minute or more.
        120_000,
        async () =>
          (await get(`http://127.0.0.1:${port}/readyz`, {}, { timeoutMs: 2000, agent: false })).status ===
          200,
        () => t.exited() !== null,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${lines.slice(-20).join("\n")}`);
      });
      return Math.round(performance.now() - started);
    };
    const stop = async () => {
      if (!child) return null;
      const c = child;
      child = null;
      await stopChild(c, "SIGTERM");
      return c.exitCode;
    };
    const kill = async () => {
      if (!child) return;
      const c = child;
      child = null;
      await stopChild(c, "SIGKILL");
    };
    const replica: Replica & { start: typeof start } = {
      port,
      get pid() {
        return child?.pid ?? 0;
      },
      start,
      stop,
      kill,
      async restart() {
        const t0 = performance.now();
        const exitCode = await stop();
        const stoppedMs = Math.round(performance.now() - t0);
        const readyMs = await start();
        return { exitCode, stoppedMs, readyMs };
      },
      logLines: () => [...lines],
    };
    return replica;
  });
  // One at a time: the machine is small, and start-up is CPU-bound (the SSR bundle's import).
  for (const r of replicas) await r.start();

  const dir = mkdtempSync(join(tmpdir(), "replicas-nginx-"));
  writeFileSync(join(dir, "upstreams.conf"), upstreamList(ports));
  writeFileSync(
    join(dir, "nginx.conf"),
    nginxConf({ dir, port: nginxPort, root: process.getuid?.() === 0, pageCache: options.pageCache }),
  );
  await nginxListen.reserved?.release();
  const nginxChild = spawn(
    nginx,
    ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log"), "-g", "daemon off;"],
    // Its own process group: a watchdog's SIGKILL (killChildren) takes its workers too, which would otherwise keep
    // listening on the port after their master is gone.
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  const nt = track(nginxChild, { group: true });
  launched.push(nginxChild);
  const url = `http://127.0.0.1:${nginxPort}`;
  await waitFor(
    `nginx on ${nginxPort}`,
    10_000,
    () => tcpOpen(nginxPort),
    () => nt.exited() !== null,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${nt.output()}`);
  });

  return {
    url,
    sandboxUrl: sandbox.url,
    redisUrl,
    redis: redisUrl
      ? {
          async stop() {
            if (redis) await stopChild(redis);
            redis = null;
          },
          async start() {
            if (!redis) redis = await startRedisServer(redisPort);
          },
        }
      : null,
    replicas,
    nginxErrors: () => {
      try {
        return readFileSync(join(dir, "error.log"), "utf8");
      } catch {
        return "";
      }
    },
    nginxAccess: () => {
      try {
        return readFileSync(join(dir, "access.log"), "utf8").split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    drain: (replica, action) => drainScript(nginx, dir, `127.0.0.1:${replica.port}`, action),
    async stop() {
      await stopChild(nginxChild, "SIGQUIT");
      await Promise.all(replicas.map((r) => r.stop()));
      await stopChild(sandbox.child);
      if (redis) await stopChild(redis);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
