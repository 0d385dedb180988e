import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

// The replica journeys (issue #26): the citizen's flows through nginx in front of two production portals sharing one
// redis (bench/replicas.ts), every step of a flow served by either. Run after the main project (`npm test`), on
// ports of their own: the cluster is started by the test file itself (beforeAll), no webServer here.
//
// The e2e helpers (tests/e2e/fixtures.ts: tenantUrl, SANDBOX_URL, the citizen leases) read the portal's and the
// sandbox's ports from E2E_PORTAL_PORT / E2E_SANDBOX_PORT: here they are nginx's and the cluster's sandbox's, so the
// same helpers drive the journeys through nginx. Set before the helpers are imported (workers inherit them).
process.env.E2E_PORTAL_PORT = process.env.REPLICAS_NGINX_PORT ?? "8491";
process.env.E2E_SANDBOX_PORT = process.env.REPLICAS_SANDBOX_PORT ?? "4371";

export default defineConfig({
  ...base,
  testDir: "tests/replicas",
  testMatch: "**/*.replicas.ts",
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  webServer: undefined,
  // Its own folder: Playwright empties the output folder when a run starts, and the main run's traces live in the parent.
  outputDir: "test-results/replicas",
});
