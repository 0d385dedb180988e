import pino from "pino";
import { gapsFromEnv } from "./gaps.ts";
import { profileFromEnv } from "./profile.ts";
import { startSandbox } from "./start.ts";

const logger = pino({ name: "sandbox", level: process.env.LOG_LEVEL ?? "info" });
const port = Number(process.env.SANDBOX_PORT || 4000);
const host = process.env.SANDBOX_HOST || "127.0.0.1";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  logger.fatal({ SANDBOX_PORT: process.env.SANDBOX_PORT }, "SANDBOX_PORT must be a port number");
  process.exit(1);
}

const cmsPort = Number(process.env.SANDBOX_CMS_PORT || 0);
if (!Number.isInteger(cmsPort) || cmsPort < 0 || cmsPort > 65535) {
  logger.fatal({ SANDBOX_CMS_PORT: process.env.SANDBOX_CMS_PORT }, "SANDBOX_CMS_PORT must be a port number");
  process.exit(1);
}
let profile: ReturnType<typeof profileFromEnv>;
try {
  profile = profileFromEnv(process.env.SANDBOX_BFF);
} catch (error) {
  logger.fatal((error as Error).message);
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
  profile,
  cmsPort,
  cmsUrl: process.env.SANDBOX_CMS_URL || undefined,
  // The portal's origin the pagoPA checkout returns to ({host}: the municipality's portal host).
  portalOrigin: process.env.SANDBOX_PORTAL_ORIGIN || undefined,
});
logger.info({ url: sandbox.url, cms: sandbox.cmsUrl, host, gaps, profile }, "sandbox upstream listening");

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
