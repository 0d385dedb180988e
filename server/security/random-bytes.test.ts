import { expect, test } from "vitest";
import { randomBytes } from "./random-bytes.ts";

test("each draw is a copy of its own bytes, never handed out twice, across refills of the pool", () => {
  const seen = new Set<string>();
  // 3 × 4 KiB of 16-byte draws: the pool is refilled twice on the way.
  for (let i = 0; i < 768; i++) {
    const bytes = randomBytes(16);
    expect(bytes).toHaveLength(16);
    seen.add(bytes.toString("hex"));
  }
  expect(seen.size).toBe(768);
  const kept = randomBytes(32);
  const copy = Buffer.from(kept);
  for (let i = 0; i < 300; i++) randomBytes(16);
  expect(kept.equals(copy)).toBe(true);
});

test("draws of any size, larger than the pool too, look random", () => {
  for (const size of [1, 12, 33, 4096, 10_000]) {
    const bytes = randomBytes(size);
    expect(bytes).toHaveLength(size);
    if (size >= 33) expect(new Set(bytes).size).toBeGreaterThan(16);
  }
});
