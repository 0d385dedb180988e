// The flow-steps bench walks every multi-step flow the way a browser does, step by step. When a flow's answers change
// (the step tables of issue #39 answer 303 and send a flow's bare address to its first step) the bench stops at its
// warm-up, and nothing said so until someone ran `npm run bench`. Here: once per store, the shortest run it allows.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSandbox } from "#sandbox/start.ts";

process.env.BENCH_FLOW_S = "2";
process.env.BENCH_FLOW_RUNS = "1";
process.env.BENCH_FLOW_CONNECTIONS = "1";
const { FLOWS, measureFlowSteps } = await import("./flow-steps.ts");

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

test("every flow of the bench goes through all its steps, with the memory store and with Valkey", async () => {
  const result = await measureFlowSteps(sandbox.url);
  expect(result.unexpected).toBe(0);
  // The step labels name their flow ("booking: POST luogo", "payment (logged in): GET online"…), one per flow.
  const flowsMeasured = new Set(result.steps.map((s) => s.step.split(":")[0]));
  expect(flowsMeasured.size).toBe(FLOWS.length);
  for (const step of result.steps) {
    expect(step.memory.count + step.valkey.count, step.step).toBeGreaterThan(0);
  }
}, 120_000);
