import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    environment: "node",
    testTimeout: 15_000,
  },
});
