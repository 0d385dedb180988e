// docker-compose.yml's `replicas` profile (issue #30), checked without Docker (none in CI): the services, the env
// names against config/env.ts, the ports, and that nginx's upstreams are the replicas on the port they listen on.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { EnvSchema, parseEnv } from "#config/env.ts";
import { nginxBinary } from "../bench/processes.ts";
import { UPSTREAM_SERVER_PARAMETERS } from "../bench/replicas.ts";

const ROOT = resolve(import.meta.dirname, "..");
type Service = {
  image?: string;
  build?: unknown;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  read_only?: boolean;
  user?: string;
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
};
const compose = parse(readFileSync(join(ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const NGINX_CONF = readFileSync(join(ROOT, "deploy/nginx/replicas.conf"), "utf8");
const FAILOVER_CONF = readFileSync(join(ROOT, "deploy/nginx/failover.conf"), "utf8");
const FAILOVER_MOUNT = "/etc/nginx/portal/failover.conf";
/** The env names the app reads; REDIS_URL is issue #26's, added to the schema in parallel. */
const APP_ENV_NAMES = [
  ...Object.keys(EnvSchema.shape),
  ...("REDIS_URL" in EnvSchema.shape ? [] : ["REDIS_URL"]),
];
/** `${VAR:-default}` as compose resolves it without VAR set. */
const resolved = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1")]));
const REPLICAS = ["portal-1", "portal-2"];

describe("docker-compose.yml's replicas profile", () => {
  it("holds two portals, nginx and Valkey, and leaves the default services as they were", () => {
    const inProfile = Object.entries(services)
      .filter(([, s]) => s.profiles?.includes("replicas"))
      .map(([name]) => name);
    expect(inProfile.sort()).toEqual(["nginx", "portal-1", "portal-2", "valkey"]);
    expect(services.sandbox?.profiles).toBeUndefined();
    expect(services.portal?.profiles).toBeUndefined();
    expect(services.valkey?.image).toMatch(/^valkey\/valkey:/);
    expect(services.nginx?.image).toMatch(/^nginx:/);
  });

  it("gives both replicas the app's env names, one secret, the shared store and the one-hop proxy", () => {
    const envs = REPLICAS.map((name) => resolved(services[name]!.environment!));
    for (const env of envs) {
      expect(Object.keys(env).filter((n) => !APP_ENV_NAMES.includes(n))).toEqual([]);
      const parsed = parseEnv(env);
      expect(parsed.NODE_ENV).toBe("production");
      expect(parsed.TRUST_PROXY).toBe(1);
      expect(parsed.UPSTREAM_URL).toBe("http://sandbox:4000");
      expect(env.REDIS_URL).toBe("redis://valkey:6379");
      expect(services[REPLICAS[0]!]!.image).toBe(services.portal!.image);
    }
    expect(envs[0]).toEqual(envs[1]);
    // The replicas are reached through nginx only: no published port.
    for (const name of REPLICAS) {
      expect(services[name]!.ports).toBeUndefined();
      expect(services[name]!.expose).toEqual([envs[0]!.PORT]);
      expect(services[name]!.read_only).toBe(true);
      expect(services[name]!.depends_on).toEqual({
        sandbox: { condition: "service_healthy" },
        valkey: { condition: "service_healthy" },
      });
    }
  });

  it("lets a replica finish what it holds on `docker compose stop`: the grace outlasts the portal's and an upstream call", () => {
    for (const name of REPLICAS) {
      const env = parseEnv(resolved(services[name]!.environment!));
      const grace = Number(/^(\d+)s$/.exec(String(services[name]!.stop_grace_period))?.[1]);
      expect(grace * 1000).toBeGreaterThan(env.SHUTDOWN_TIMEOUT_MS);
      expect(env.SHUTDOWN_TIMEOUT_MS).toBeGreaterThan(env.UPSTREAM_TIMEOUT_MS);
    }
  });

  it("runs Valkey without persistence, bounded, non-root, on the port REDIS_URL names", () => {
    const valkey = services.valkey!;
    const arg = (name: string) => valkey.command![valkey.command!.indexOf(name) + 1];
    expect(arg("--save")).toBe("");
    expect(arg("--appendonly")).toBe("no");
    expect(arg("--maxmemory")).toMatch(/^\d+mb$/);
    expect(arg("--maxmemory-policy")).toBe("noeviction");
    expect(valkey.user).not.toMatch(/^0|root/);
    expect(valkey.read_only).toBe(true);
    expect(valkey.expose).toEqual([new URL(services["portal-1"]!.environment!.REDIS_URL!).port]);
  });

  it("publishes nginx's listen port, whose upstreams are exactly the replicas on the port they listen on", () => {
    const nginx = services.nginx!;
    expect(nginx.volumes).toContain("./deploy/nginx/replicas.conf:/etc/nginx/conf.d/default.conf:ro");
    expect(nginx.volumes).toContain(`./deploy/nginx/failover.conf:${FAILOVER_MOUNT}:ro`);
    const listen = /^\s*listen (\d+);/m.exec(NGINX_CONF)?.[1];
    expect(nginx.ports).toEqual([`${listen}:${listen}`]);
    const servers = [...NGINX_CONF.matchAll(/^\s*server ([\w.-]+):(\d+)[^;]*;/gm)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(servers).toEqual(REPLICAS.map((name) => `${name}:${services[name]!.environment!.PORT}`));
    // nginx/-t and the replica-kill test (tests/replicas/replica-kill.replicas.ts) run this very file.
    expect(NGINX_CONF).toContain(`include ${FAILOVER_MOUNT};`);
    for (const [, parameters] of NGINX_CONF.matchAll(/^\s*server portal-\d+:\d+([^;]*);/gm))
      expect(parameters!.trim()).toBe(UPSTREAM_SERVER_PARAMETERS);
    expect(NGINX_CONF).not.toMatch(/proxy_next_upstream/);
    expect(NGINX_CONF).not.toMatch(/max_fails=0/);
    for (const header of ["X-Forwarded-Host", "X-Forwarded-Proto", "X-Forwarded-For"])
      expect(NGINX_CONF).toContain(`proxy_set_header ${header} `);
    expect(nginx.depends_on).toEqual(
      Object.fromEntries(REPLICAS.map((name) => [name, { condition: "service_healthy" }])),
    );
  });

  it("marks a failed replica down, retries only what may be repeated, and passes a replica's 502 or 503 on", () => {
    const directive = (name: string) =>
      new RegExp(`^${name}\\s+([^;]*);`, "m").exec(FAILOVER_CONF)?.[1]?.split(/\s+/) ?? [];
    // A failed replica: marked down for fail_timeout after one failure.
    expect(UPSTREAM_SERVER_PARAMETERS).toMatch(/(^|\s)max_fails=1(\s|$)/);
    expect(UPSTREAM_SERVER_PARAMETERS).toMatch(/(^|\s)fail_timeout=\d+s(\s|$)/);
    // Retried on the other: a connection that fails or times out. Never a 502 or a 503 a replica answered (a shed 503
    // goes back with its Retry-After), never a non-idempotent request once sent.
    expect(directive("proxy_next_upstream").sort()).toEqual(["error", "timeout"]);
    expect(directive("proxy_next_upstream_tries")).toEqual(["2"]);
    expect(FAILOVER_CONF).not.toMatch(/^[^#]*(non_idempotent|http_50[234])/m);
  });

  it("keeps /metrics and /readyz off the public entry", () => {
    for (const path of ["/metrics", "/readyz"])
      expect(NGINX_CONF).toMatch(new RegExp(`location = ${path} \\{ return 404; \\}`));
  });

  // nginx is installed by .ci/run (nginx-light), as the replicas harness needs it.
  it("has an nginx configuration that nginx itself accepts (nginx -t)", () => {
    const binary = nginxBinary();
    expect(binary, "nginx is not installed (apt-get install nginx-light)").not.toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "compose-nginx-"));
    try {
      // The compose service names do not resolve here: the same file with loopback in their place, and the page cache's
      // files (mounted under /etc/nginx/portal/) from deploy/nginx, its cache directory in the temp dir.
      const conf = NGINX_CONF.replace(/server portal-\d+:/g, "server 127.0.0.1:")
        .replaceAll("/etc/nginx/portal/", `${dir}/`)
        .replaceAll("/var/log/nginx/", `${dir}/`);
      for (const file of ["page-cache-http.conf", "page-cache.conf"])
        writeFileSync(
          join(dir, file),
          readFileSync(join(ROOT, "deploy/nginx", file), "utf8").replace(
            "/var/cache/nginx/portal-pages",
            join(dir, "pages"),
          ),
        );
      for (const file of ["page-cache-http.conf", "page-cache.conf"])
        expect(services.nginx!.volumes).toContain(`./deploy/nginx/${file}:/etc/nginx/portal/${file}:ro`);
      writeFileSync(join(dir, "replicas.conf"), conf);
      writeFileSync(join(dir, "failover.conf"), FAILOVER_CONF);
      writeFileSync(
        join(dir, "nginx.conf"),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/replicas.conf;\n}\n`,
      );
      const check = spawnSync(
        binary!,
        ["-t", "-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")],
        {
          encoding: "utf8",
        },
      );
      expect(check.stderr).toContain("syntax is ok");
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
