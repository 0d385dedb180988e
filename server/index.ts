import { randomBytes } from "node:crypto";
import { parseEnv, ConfigError } from "#config/env.ts";
import { loadTenantsFile } from "#config/tenants.ts";
import { createLogger } from "./observability/logger.ts";
import { createApp } from "./app.ts";
import { loadSsrHandler } from "./render/load-ssr-handler.ts";
import { closeGracefully, createHttpServer } from "./server.ts";

async function main() {
  let env;
  let tenants;
  try {
    env = parseEnv(process.env);
    tenants = loadTenantsFile(env.TENANTS_FILE);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);

  let upstreamUrl = env.UPSTREAM_URL;
  let stopSandbox: (() => Promise<void>) | undefined;
  if (!upstreamUrl) {
    const { startSandbox } = await import("#sandbox/start.ts");
    const sandbox = await startSandbox({ port: env.SANDBOX_PORT, stateFile: env.SANDBOX_STATE_FILE });
    upstreamUrl = sandbox.url;
    stopSandbox = sandbox.close;
    logger.info(
      { sandbox: sandbox.url },
      "no UPSTREAM_URL: embedded sandbox upstream started (Ambiente dimostrativo)",
    );
  }
  const secret = env.PORTAL_SECRET ?? randomBytes(32).toString("hex");
  if (!env.PORTAL_SECRET)
    logger.warn("PORTAL_SECRET unset: using a random secret, sealed cookies die with this process");

  const { app } = createApp({
    env,
    tenants,
    upstreamUrl,
    geocoderUrl: env.GEOCODER_URL ?? `${upstreamUrl}/geocoder/`,
    sandbox: stopSandbox !== undefined || env.DEMO_MODE,
    logger,
    ssrHandler: await loadSsrHandler(),
    secret,
  });
  const server = createHttpServer(app, logger);
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
    logger.info({ port }, `Portale del Cittadino listening on http://localhost:${port}`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await closeGracefully(server, env.SHUTDOWN_TIMEOUT_MS);
    await stopSandbox?.();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

await main();
