// The image as shipped (issue #37): the Dockerfile's runtime stage laid out in a temporary folder exactly as its
// COPY lines say (deploy/runtime-stage.ts: the build context filtered by .dockerignore, the build's output, the
// production node_modules), the server started with the image's ENV and CMD, then /healthz, the image's own
// HEALTHCHECK and a page of every municipality of the tenants file it carries. A module the server imports that the
// image lacks (the store backend under client/ was one) fails here with ERR_MODULE_NOT_FOUND, as it would in the
// container. Needs `npm run build` (npm test builds first).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, layOutRuntimeStage, type RuntimeLayout } from "./runtime-stage.ts";

let layout: RuntimeLayout;
let server: ChildProcess | undefined;
let output = "";
let base = "";

/**
 * The image's environment: its ENV lines, the port and loopback for the test, a secret (production needs one). The
 * server is started on port 0 and says which port it got in its "listening" line (`info`): a port probed free and
 * handed over could be taken meanwhile by another test's server, which then answered /healthz in its place.
 */
function imageEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...layout.env,
    PATH: process.env.PATH,
    HOME: layout.dir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PORTAL_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "info",
  };
}

/** The image's command with this machine's Node 24 for `node` (the image's own is node:24-slim's). */
const command = (cmd: string[]) => (cmd[0] === "node" ? [process.execPath, ...cmd.slice(1)] : cmd);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "runtime-stage-"));
  const started = performance.now();
  layout = layOutRuntimeStage(dir);
  const laidOutMs = Math.round(performance.now() - started);
  console.warn(
    `runtime stage laid out in ${laidOutMs} ms: ${layout.packages} production packages, node_modules ${(layout.nodeModulesBytes / 1024 / 1024).toFixed(1)} MiB`,
  );
  const [bin, ...args] = command(layout.cmd);
  server = spawn(bin!, args, { cwd: layout.dir, env: imageEnv(0), stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (c: Buffer) => (output += c.toString("utf8")));
  server.stderr!.on("data", (c: Buffer) => (output += c.toString("utf8")));
  const giveUp = Date.now() + 45_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the image's command exited (${server.exitCode}):\n${output}`);
    if (Date.now() > giveUp)
      throw new Error(`the image's command did not answer /healthz in 45 s:\n${output}`);
    const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (!port) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    base = `http://127.0.0.1:${port}`;
    const up = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  if (layout) rmSync(layout.dir, { recursive: true, force: true });
});

describe("the Dockerfile's runtime stage", () => {
  it("holds no client/, tests or test files: only what its COPY lines name", () => {
    const top = readdirSync(layout.dir).sort();
    expect(top).toEqual(["build", "config", "node_modules", "package.json", "sandbox", "server", "shared"]);
    const files = spawnSync(
      "find",
      [layout.dir, "-path", `${layout.dir}/node_modules`, "-prune", "-o", "-type", "f", "-print"],
      {
        encoding: "utf8",
      },
    ).stdout.split("\n");
    expect(files.filter((f) => /\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it("starts with the image's command and answers /healthz and its own HEALTHCHECK", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(layout.healthcheck).not.toBeNull();
    const [bin, ...args] = command(layout.healthcheck!);
    const check = spawnSync(bin!, args, {
      cwd: layout.dir,
      env: { ...imageEnv(Number(new URL(base).port)) },
      timeout: 10_000,
    });
    expect(check.status).toBe(0);
  });

  it("serves the home page of every municipality of the tenants file it carries", async () => {
    const { tenants } = JSON.parse(readFileSync(join(layout.dir, "config/tenants.json"), "utf8")) as {
      tenants: { id: string; hosts: string[] }[];
    };
    expect(tenants.length).toBeGreaterThan(1);
    for (const tenant of tenants) {
      const res = await fetch(`${base}/`, { headers: { host: tenant.hosts[0]! } });
      const html = await res.text();
      expect(res.status, `${tenant.id}: ${html.slice(0, 300)}\n${output}`).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(html).toMatch(/<html lang="it"/);
      expect(html).toContain('data-element="');
    }
  });

  it("ships only packages the server runs: no browser-only dependency among the production ones", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const sources = spawnSync(
      "grep",
      [
        "-rhoE",
        `from ["'][^"'.#][^"']*["']|import\\(["'][^"'.#][^"']*["']\\)`,
        "server",
        "sandbox",
        "config",
        "shared",
      ],
      { cwd: layout.dir, encoding: "utf8" },
    ).stdout;
    // The server bundle: static imports only (a dynamic import there runs in the browser's effects, never on the server).
    const bundle = spawnSync("grep", ["-rhoE", `(from|import) ?["'][^"'.#][^"']*["']`, "build/server"], {
      cwd: layout.dir,
      encoding: "utf8",
    }).stdout;
    const imported = new Set(
      [...`${sources}\n${bundle}`.matchAll(/["']((?:@[^/"']+\/)?[^/"']+)[^"']*["']/g)].map((m) => m[1]!),
    );
    // What those need in turn (e.g. @react-router/express → @react-router/node), resolved in the production
    // node_modules as Node would (nested first, then up).
    const needed = new Set<string>();
    const seen = new Set<string>();
    const visit = (name: string, from: string) => {
      for (let dir = from; dir.startsWith(layout.dir); dir = dirname(dir)) {
        const at = join(dir, "node_modules", name);
        if (!existsSync(join(at, "package.json"))) continue;
        needed.add(name);
        if (seen.has(at)) return;
        seen.add(at);
        const { dependencies = {} } = JSON.parse(readFileSync(join(at, "package.json"), "utf8")) as {
          dependencies?: Record<string, string>;
        };
        for (const dependency of Object.keys(dependencies)) visit(dependency, at);
        return;
      }
    };
    for (const name of imported) if (name in pkg.dependencies) visit(name, layout.dir);
    expect(Object.keys(pkg.dependencies).filter((name) => !needed.has(name))).toEqual([]);
  });
});
