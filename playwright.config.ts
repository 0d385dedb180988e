import { defineConfig } from "@playwright/test";

/** Overridable so that two runs on one machine (e.g. two checkouts) do not fight over the ports. */
export const PORTAL_PORT = port(process.env.E2E_PORTAL_PORT, 3211);
export const SANDBOX_PORT = port(process.env.E2E_SANDBOX_PORT, 4311);

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) throw new Error(`invalid port ${value}`);
  return parsed;
}

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  fullyParallel: false,
  workers: 2,
  // A flake is a failure, in CI too (issue #39): no run is retried into green.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    // A failed test keeps its trace: actions, DOM snapshots, network, console. Not the screencast: recording it cost
    // every test a tenth of its CPU (compositor frames encoded by the browser and GPU processes; on 38 tests of
    // faq/information-pages/pages without axe, 171 → 154 CPU s, 89 → 81 s), and the snapshots show the same pages.
    trace: { mode: "retain-on-failure", screenshots: false },
  },
  webServer: {
    command: "node server/index.ts",
    url: `http://127.0.0.1:${PORTAL_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORTAL_PORT),
      HOST: "127.0.0.1",
      SANDBOX_PORT: String(SANDBOX_PORT),
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORTAL_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      TENANT_CONFIG_TTL_S: "1",
      // Parallel browsers on a busy machine lag the loop: no overload shedding in end-to-end runs.
      SHED_LAG_MS: "0",
      // Tests switch upstream faults and data on and off between visits of the same public pages: render them all.
      PAGE_CACHE_TTL_S: "0",
      // The development-only toggle has its own journey (platform.test.ts).
      DEV_TOOLS: "true",
      // E2E_SANDBOX_GAPS=1: the embedded sandbox plays the upstream's authorization gaps (security suites).
      ...(process.env.E2E_SANDBOX_GAPS ? { SANDBOX_UPSTREAM_GAPS: process.env.E2E_SANDBOX_GAPS } : {}),
    },
  },
});
