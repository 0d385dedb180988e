// Child processes for bench/run.ts: the sandbox, the production portal (`node server/index.ts`) and nginx.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { get } from "./support.ts";
import { freePort, reservePort } from "#tests/support/ports.ts";

const ROOT = resolve(import.meta.dirname, "..");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const children = new Set<ChildProcess>();
/**
 * Children spawned as the leader of their own process group (`detached`): nginx, whose workers outlive a master
 * killed with SIGKILL and keep listening. They are killed with their whole group.
 */
const groupLeaders = new WeakSet<ChildProcess>();

function killHard(child: ChildProcess): void {
  if (groupLeaders.has(child) && child.pid !== undefined) {
    try {
      process.kill(-child.pid, "SIGKILL");
      return;
    } catch {
      // the group is gone already: the leader below, if anything
    }
  }
  child.kill("SIGKILL");
}

/** Ends every child still running (SIGKILL, nginx with its workers): the watchdog's and the normal exit's last word. */
export function killChildren(): void {
  for (const child of children) if (child.exitCode === null) killHard(child);
}

export { freePort, reservePort };

export function track(
  child: ChildProcess,
  options: { group?: boolean } = {},
): { output: () => string; exited: () => number | null } {
  children.add(child);
  if (options.group) groupLeaders.add(child);
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString("utf8")).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let code: number | null = null;
  child.on("exit", (c, signal) => {
    code = c ?? (signal ? 128 : 1);
    children.delete(child);
  });
  return { output: () => output, exited: () => code };
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill(signal);
  const timer = setTimeout(() => killHard(child), 8000);
  await exit;
  clearTimeout(timer);
}

/** A child process serving HTTP at `url`. */
export type UrlChild = { url: string; child: ChildProcess };

/** A bench script in its own process that prints {"url": …} once listening. */
async function startUrlChild(script: string, args: string[], what: string): Promise<UrlChild> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const t = track(child);
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const line = /\{"url":"([^"]+)"\}/.exec(t.output());
    if (line) return { url: line[1]!, child };
    if (t.exited() !== null || Date.now() > giveUp) throw new Error(`${what} did not start:\n${t.output()}`);
    await sleep(50);
  }
}

/** `portalOrigin`: where its pagoPA checkout returns (`{host}` = the municipality's portal host). */
export const startSandboxProcess = (port = 0, portalOrigin?: string) =>
  startUrlChild(
    "bench/sandbox-child.ts",
    [String(port), ...(portalOrigin ? [portalOrigin] : [])],
    "the sandbox",
  );

/** The bare Node relay baseline (bench/bare-relay.ts) in front of `upstreamUrl`. */
export const startBareRelay = (upstreamUrl: string, forwardedHost: string) =>
  startUrlChild("bench/bare-relay.ts", [upstreamUrl, forwardedHost], "the bare relay");

export type Portal = {
  url: string;
  child: ChildProcess;
  pid: number;
  spawnedAt: number;
  listeningAt: number;
};

/**
 * The V8 flags of the production process, as in the Dockerfile's CMD (docs/decisions/lean-proxy.md §memory): a
 * young generation of 2 × 16 MiB instead of the 2 × 64 MiB V8 grows to on a machine with a large heap limit, which
 * alone was ~100 MiB of RSS from start-up on, with no measurable cost in throughput; an old generation collected
 * before it grows past 256 MiB (under overload V8 otherwise lets it reach ~300 MiB for a live heap near 100 MiB);
 * under that cap, full collections when the old generation has grown to 3 × the live heap rather than V8's ~1.5 ×
 * (a citizen's page ~19 % less CPU, the cap unchanged).
 */
export const PORTAL_NODE_FLAGS = [
  "--max-semi-space-size=16",
  "--max-old-space-size=256",
  "--heap-growing-percent=200",
];

/** `node server/index.ts` (production build) on a free port; resolves once /healthz answers (it listens when ready). */
export async function startPortalProcess(
  upstreamUrl: string,
  env: Record<string, string> = {},
  /** Another checkout to run (its own build), e.g. the tree before a change for a before → after bench. */
  root = ROOT,
): Promise<Portal> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, "server/index.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      // As the container sets it (Dockerfile): at most two malloc arenas.
      MALLOC_ARENA_MAX: "2",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "silent",
      UPSTREAM_URL: upstreamUrl,
      PORTAL_SECRET: randomBytes(32).toString("hex"),
      DEMO_MODE: "true",
      SHUTDOWN_TIMEOUT_MS: "3000",
      ...env,
    },
  });
  const t = track(child);
  const url = `http://127.0.0.1:${port}`;
  const giveUp = Date.now() + 60_000;
  for (;;) {
    if (t.exited() !== null) throw new Error(`the portal exited at start-up:\n${t.output()}`);
    if (Date.now() > giveUp)
      throw new Error(`the portal did not answer /healthz within 60 s:\n${t.output()}`);
    try {
      const reply = await get(`${url}/healthz`, {}, { timeoutMs: 1000, agent: false });
      if (reply.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  return { url, child, pid: child.pid!, spawnedAt, listeningAt: performance.now() };
}

export function rssMiB(pid: number): number | null {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib ? Math.round(Number(kib) / 1024) : null;
  } catch {
    return null;
  }
}

export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/**
 * nginx (one worker, like the portal's one process) as a reverse proxy to `upstreamUrl` with a keep-alive pool and
 * the tenant's X-Forwarded-Host: the hop an operator would otherwise put there. Config and logs in a temp dir.
 */
export async function startNginx(
  binary: string,
  upstreamUrl: string,
  forwardedHost: string,
): Promise<{ url: string; child: ChildProcess; cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const port = await freePort();
  const upstream = new URL(upstreamUrl).host;
  const root = process.getuid?.() === 0;
  writeFileSync(
    join(dir, "nginx.conf"),
    `${root ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream bff { server ${upstream}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-Host ${forwardedHost};
    }
  }
}
`,
  );
  // Its own process group: killed with its workers (killChildren).
  const child = spawn(binary, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const t = track(child, { group: true });
  const url = `http://127.0.0.1:${port}`;
  const giveUp = Date.now() + 10_000;
  for (;;) {
    if (t.exited() !== null) throw new Error(`nginx exited at start-up:\n${t.output()}`);
    if (Date.now() > giveUp) throw new Error(`nginx did not start:\n${t.output()}`);
    try {
      await get(`${url}/`, {}, { timeoutMs: 1000, agent: false });
      break;
    } catch {
      await sleep(50);
    }
  }
  return { url, child, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** CPU time (user + system) a process has used so far, in microseconds (`/proc/<pid>/stat`, clock ticks of 10 ms). */
export function cpuMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return null;
  }
}

/** nginx (one worker) with a generated configuration `body` (the http block's content) in a temp dir, on `port`. */
export async function startNginxWith(
  binary: string,
  body: (dir: string, port: number) => string,
): Promise<{ url: string; pid: number; child: ChildProcess; cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  writeFileSync(
    join(dir, "nginx.conf"),
    `${root ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${body(dir, port)}
}
`,
  );
  const child = spawn(binary, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const t = track(child);
  const url = `http://127.0.0.1:${port}`;
  const giveUp = Date.now() + 10_000;
  for (;;) {
    if (t.exited() !== null) throw new Error(`nginx exited at start-up:\n${t.output()}`);
    if (Date.now() > giveUp) throw new Error(`nginx did not start:\n${t.output()}`);
    try {
      await get(`${url}/`, {}, { timeoutMs: 1000, agent: false });
      break;
    } catch {
      await sleep(50);
    }
  }
  // The worker's pid: the master does no work per request.
  const workers = spawnSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" })
    .stdout.trim()
    .split("\n");
  const pid = Number(workers[0]) || child.pid!;
  return { url, pid, child, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
