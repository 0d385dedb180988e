import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    // Component tests pick a DOM with `// @vitest-environment happy-dom` on their first line.
    environment: "node",
    setupFiles: ["tests/setup/vitest-setup.ts"],
    // Deadlines a busy machine meets (two cores shared with a browser run): a test or hook that needs longer waits
    // for something that will not come. Nothing here bounds how fast the product must be (bench/ does that).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
