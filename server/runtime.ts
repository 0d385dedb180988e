import { randomBytes } from "#server/security/random-bytes.ts";
import type { Server } from "node:http";
import type { Logger } from "pino";
import { ConfigError, parseEnv, type Env } from "#config/env.ts";
import {
  createTenantHolder,
  loadTenantsFile,
  type TenantDirectory,
  type TenantHolder,
} from "#config/tenants.ts";
import { createLogger } from "./observability/logger.ts";
import { createMetrics, type Metrics } from "./observability/metrics.ts";
import { closeGracefully } from "./server.ts";
import { watchTenantsFile } from "./tenants-reload.ts";
import { sandboxTileUrl } from "#shared/map-tiles.ts";

/** Everything a portal process needs before it can build its app: the collaborators `createApp` receives. */
export type Runtime = {
  env: Env;
  /** The municipalities, re-read from TENANTS_FILE every TENANTS_RELOAD_S seconds when it changes. */
  tenants: TenantHolder;
  logger: Logger;
  /** The process's metrics: the tenants file's watch reports into them, `createApp` adds the rest. */
  metrics: Metrics;
  /** The upstream BFF base URL (the embedded sandbox when UPSTREAM_URL is unset). */
  upstreamUrl: string;
  geocoderUrl: string;
  /** The map tiles' URL template (`MAP_TILE_URL`, else the embedded sandbox's tiles); none: no map. */
  mapTileUrl?: string;
  /** True when the demo banner shows: the embedded sandbox runs, or DEMO_MODE says so. */
  sandbox: boolean;
  secret: string;
  /** PORTAL_SECRET_PREVIOUS: still accepted for opening sealed cookies, never for sealing. */
  previousSecrets: readonly string[];
  /** Stops what the runtime started (the embedded sandbox). */
  close(): Promise<void>;
};

/**
 * Reads the environment and the tenants file (a configuration error is printed readably and ends the process with
 * code 1), starts the logger, the watch on the tenants file (reloaded without a restart when it changes), the embedded
 * sandbox when UPSTREAM_URL is unset, and settles the sealing secret.
 * `server/index.ts` and `server/dev.ts` both start from here.
 */
export async function loadRuntime(source: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  let env: Env;
  let tenants: TenantDirectory;
  try {
    env = parseEnv(source);
    tenants = loadTenantsFile(env.TENANTS_FILE);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const metrics = createMetrics();
  const holder = createTenantHolder(tenants);
  metrics.tenantsLoaded.set(Date.now() / 1000);
  const reloader = watchTenantsFile({
    path: env.TENANTS_FILE,
    holder,
    logger,
    intervalMs: env.TENANTS_RELOAD_S * 1000,
    metrics,
  });

  let upstreamUrl = env.UPSTREAM_URL;
  let closeSandbox = async () => {};
  if (!upstreamUrl) {
    const { startSandbox } = await import("#sandbox/start.ts");
    const sandbox = await startSandbox({
      port: env.SANDBOX_PORT,
      stateFile: env.SANDBOX_STATE_FILE,
      gaps: env.SANDBOX_UPSTREAM_GAPS,
      profile: env.SANDBOX_BFF,
      portalOrigin: env.SANDBOX_PORTAL_ORIGIN ?? `http://{host}:${env.PORT}`,
    });
    upstreamUrl = sandbox.url;
    closeSandbox = sandbox.close;
    logger.info(
      {
        sandbox: sandbox.url,
        cms: sandbox.cmsUrl,
        gaps: env.SANDBOX_UPSTREAM_GAPS,
        profile: env.SANDBOX_BFF,
      },
      "no UPSTREAM_URL: embedded sandbox upstream started (Ambiente dimostrativo)",
    );
  }
  const secret = env.PORTAL_SECRET ?? randomBytes(32).toString("hex");
  if (!env.PORTAL_SECRET)
    logger.warn("PORTAL_SECRET unset: using a random secret, sealed cookies die with this process");

  return {
    env,
    tenants: holder,
    logger,
    metrics,
    upstreamUrl,
    geocoderUrl: env.GEOCODER_URL ?? `${upstreamUrl}/geocoder/`,
    mapTileUrl: env.MAP_TILE_URL ?? (env.UPSTREAM_URL ? undefined : sandboxTileUrl(upstreamUrl)),
    sandbox: !env.UPSTREAM_URL || env.DEMO_MODE,
    secret,
    previousSecrets: env.PORTAL_SECRET_PREVIOUS,
    close: async () => {
      reloader.stop();
      await closeSandbox();
    },
  };
}

/**
 * Listens, logs where, exits readably when the port is taken, and on SIGTERM or SIGINT lets requests in flight finish
 * (`SHUTDOWN_TIMEOUT_MS`), then runs `onStop` (e.g. closing Vite) and the runtime's own `close`.
 */
export function serve(
  server: Server,
  runtime: Runtime,
  options: { label: string; onStop?: () => Promise<void> },
): void {
  const { env, logger } = runtime;
  server.on("error", (error: NodeJS.ErrnoException) => {
    logger.fatal(
      { code: error.code, port: env.PORT },
      `cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`,
    );
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // Where it listens and which upstream it serves (its origin: never a credential the URL may carry).
    logger.info(
      { port, host: env.HOST, upstream: new URL(runtime.upstreamUrl).origin },
      `${options.label} listening on http://localhost:${port}`,
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await closeGracefully(server, env.SHUTDOWN_TIMEOUT_MS);
    await options.onStop?.();
    await runtime.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // A promise nobody awaited failed: a bug to fix (logged at error level, with its kind and stack, never a request's
  // data), but not a reason to drop every citizen's request in flight on this process, which Node's default (exit)
  // would do.
  process.on("unhandledRejection", (reason) => {
    const error = reason instanceof Error ? reason : undefined;
    logger.error(
      {
        kind: error?.name ?? (reason as object | null)?.constructor?.name ?? typeof reason,
        stack: error?.stack,
      },
      "unhandled promise rejection",
    );
  });
}
