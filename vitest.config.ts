import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    // Component tests pick a DOM with `// @vitest-environment happy-dom` on their first line.
    environment: "node",
    setupFiles: ["tests/setup/vitest-setup.ts"],
    testTimeout: 15_000,
  },
});
