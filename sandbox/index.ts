import pino from "pino";
import { gapsFromEnv } from "./gaps.ts";
import { startSandbox } from "./start.ts";

const logger = pino({ name: "sandbox", level: process.env.LOG_LEVEL ?? "info" });
const port = Number(process.env.SANDBOX_PORT || 4000);
const host = process.env.SANDBOX_HOST || "127.0.0.1";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  logger.fatal({ SANDBOX_PORT: process.env.SANDBOX_PORT }, "SANDBOX_PORT must be a port number");
  process.exit(1);
}

const gaps = gapsFromEnv(process.env.SANDBOX_UPSTREAM_GAPS);
if (gaps)
  logger.warn("SANDBOX_UPSTREAM_GAPS: the sandbox plays the upstream's authorization gaps (tests only)");

const sandbox = await startSandbox({
  port,
  host,
  stateFile: process.env.SANDBOX_STATE_FILE || undefined,
  logger,
  gaps,
  // The portal's origin the pagoPA checkout returns to ({host}: the municipality's portal host).
  portalOrigin: process.env.SANDBOX_PORTAL_ORIGIN || undefined,
});
logger.info({ url: sandbox.url, host, gaps }, "sandbox upstream listening");

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "sandbox upstream closing");
  const timer = setTimeout(() => process.exit(1), 5000);
  timer.unref();
  await sandbox.close();
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
