import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    // Component tests pick a DOM with `// @vitest-environment happy-dom` on their first line.
    environment: "node",
    setupFiles: ["tests/setup/vitest-setup.ts"],
    // One module graph per worker, not one per file: the SSR build, the sandbox and the app were evaluated again for
    // each of ~215 files (38% of the run's time, 721 -> 305 CPU seconds). A file must leave no state behind (no module
    // mocks here; the shared store and timers are put back in afterEach/finally).
    isolate: false,
    // Many tests wait on a child process, the sandbox or Valkey: with a worker per core a third of the run's CPU time
    // stayed idle on two cores (117 s, 159 CPU s busy, 72 idle). Four workers fill it (88 s, 12 s idle; green three
    // times in a row and beside a CPU-heavy job); a larger machine keeps one per core.
    maxWorkers: Math.max(4, availableParallelism()),
    // Deadlines a busy machine meets (two cores shared with a browser run): a test or hook that needs longer waits
    // for something that will not come. Nothing here bounds how fast the product must be (bench/ does that).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // `expect.poll` waits for what a test started (a child process listening, a store back up): 1 s by default.
    expect: { poll: { timeout: 30_000 } },
  },
});
