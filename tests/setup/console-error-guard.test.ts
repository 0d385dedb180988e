import { expect, test, vi } from "vitest";
import { guardConsoleError } from "./console-error-guard.ts";

test("a console.error during a test fails it with the logged message", () => {
  // The guard forwards to the console.error it found: a silent one here, so the suite's own guard sees nothing.
  const silent = vi.spyOn(console, "error").mockImplementation(() => {});
  const guard = guardConsoleError();
  console.error("An update to Rating inside a test was not wrapped in act(...)");
  expect(() => guard.release()).toThrow(/console\.error was called 1 time\(s\).*not wrapped in act/);
  silent.mockRestore();
});

test("a test that logs nothing passes and console.error is restored", () => {
  const before = console.error;
  const guard = guardConsoleError();
  expect(console.error).not.toBe(before);
  expect(() => guard.release()).not.toThrow();
  expect(console.error).toBe(before);
});

test("an expected error silenced with a spy does not fail the test", () => {
  const guard = guardConsoleError();
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  console.error("expected");
  spy.mockRestore();
  expect(() => guard.release()).not.toThrow();
});
