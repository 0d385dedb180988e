import { expect, test } from "vitest";
import { memoByKey } from "./memo.ts";

test("computes each key once, and forgets everything once the bound is reached", () => {
  const calls: string[] = [];
  const upper = memoByKey((key) => {
    calls.push(key);
    return key.toUpperCase();
  }, 2);
  expect([upper("a"), upper("a"), upper("b"), upper("a")]).toEqual(["A", "A", "B", "A"]);
  expect(calls).toEqual(["a", "b"]);
  expect(upper("c")).toBe("C");
  expect(upper("a")).toBe("A");
  expect(calls).toEqual(["a", "b", "c", "a"]);
});

test("remembers falsy answers too", () => {
  let calls = 0;
  const never = memoByKey(() => {
    calls++;
    return false;
  }, 10);
  expect([never("x"), never("x")]).toEqual([false, false]);
  expect(calls).toBe(1);
});
