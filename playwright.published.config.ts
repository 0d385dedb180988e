import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

// The journeys against the published Città Facile BFF (issue #35): the same portal with its embedded sandbox playing
// the BFF as published (SANDBOX_BFF=published: no footer menus nor contacts, no MYPAY, delegations or disruption
// reports, no appointment changes by link, CMS menus and services by redirect). A lean set: every page of both
// municipalities and the published BFF's own degradations (published-bff.published.ts), plus the existing journeys of
// login and maintenance, profile codes, favourites, drafts and the privacy text, unchanged.
//
// Ports of its own (PUBLISHED_PORTAL_PORT, PUBLISHED_SANDBOX_PORT), so it runs after the main project in `npm test`
// and beside another run: the e2e helpers read them as E2E_PORTAL_PORT / E2E_SANDBOX_PORT, set before they are
// imported (the workers inherit them).
process.env.E2E_PORTAL_PORT = process.env.PUBLISHED_PORTAL_PORT ?? "3212";
process.env.E2E_SANDBOX_PORT = process.env.PUBLISHED_SANDBOX_PORT ?? "4312";
process.env.E2E_SANDBOX_BFF = "published";

const webServer = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;

export default defineConfig({
  ...base,
  testMatch: [
    "**/published-bff.published.ts",
    "**/platform.test.ts",
    "**/profile.test.ts",
    "**/personal-area-services.test.ts",
    "**/assistance.test.ts",
  ],
  webServer: {
    ...webServer,
    url: `http://127.0.0.1:${process.env.E2E_PORTAL_PORT}/healthz`,
    env: {
      ...webServer.env,
      PORT: process.env.E2E_PORTAL_PORT,
      SANDBOX_PORT: process.env.E2E_SANDBOX_PORT,
      SANDBOX_BFF: "published",
    },
  },
  // Its own folder: Playwright empties the output folder when a run starts.
  outputDir: "test-results/published",
});
