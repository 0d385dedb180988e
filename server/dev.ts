// Development server: the same Express app, with Vite in middleware mode for the React app (HMR, no build step).
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { createServer as createViteServer } from "vite";
import { parseEnv } from "#config/env.ts";
import { loadTenantsFile } from "#config/tenants.ts";
import { startSandbox } from "#sandbox/start.ts";
import { createLogger } from "./observability/logger.ts";
import { createApp } from "./app.ts";
import { closeGracefully, createHttpServer } from "./server.ts";

const env = parseEnv({ NODE_ENV: "development", ...process.env });
const logger = createLogger(env.LOG_LEVEL);
const sandbox = env.UPSTREAM_URL ? undefined : await startSandbox({ port: env.SANDBOX_PORT });
const upstreamUrl = env.UPSTREAM_URL ?? sandbox!.url;

const vite = await createViteServer({ server: { middlewareMode: true, hmr: { port: env.PORT + 20000 } } });
const ssrHandler: RequestHandler = async (req, res, next) => {
  try {
    const mod = (await vite.ssrLoadModule("./server/render/ssr-app.ts")) as {
      createSsrHandler: () => Promise<RequestHandler>;
    };
    const handler = await mod.createSsrHandler();
    await handler(req, res, next);
  } catch (error) {
    vite.ssrFixStacktrace(error as Error);
    next(error);
  }
};

const { app } = createApp({
  env,
  tenants: loadTenantsFile(env.TENANTS_FILE),
  upstreamUrl,
  geocoderUrl: env.GEOCODER_URL ?? `${upstreamUrl}/geocoder/`,
  sandbox: sandbox !== undefined || env.DEMO_MODE,
  logger,
  ssrHandler,
  beforePages: [vite.middlewares as unknown as RequestHandler],
  staticDir: false,
  secret: env.PORTAL_SECRET ?? randomBytes(32).toString("hex"),
});
const server = createHttpServer(app, logger);
server.listen(env.PORT, env.HOST, () => logger.info(`development server on http://localhost:${env.PORT}`));
process.on("SIGINT", async () => {
  await closeGracefully(server, 2000);
  await vite.close();
  await sandbox?.close();
  process.exit(0);
});
