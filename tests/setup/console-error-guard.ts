/**
 * Records every `console.error` (React's act(), hydration and key warnings included) so that the test that caused
 * it fails. A test that expects an error silences it explicitly with `vi.spyOn(console, "error")`.
 */
export function guardConsoleError() {
  const original = console.error;
  const calls: unknown[][] = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
  return {
    /** Restores `console.error` and throws if anything was logged through it since the guard was installed. */
    release() {
      console.error = original;
      if (calls.length === 0) return;
      const first = calls[0]!.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ");
      throw new Error(
        `console.error was called ${calls.length} time(s) during the test, first: ${first.slice(0, 500)}\n` +
          'Fix the cause, or silence an expected error with vi.spyOn(console, "error").mockImplementation(() => {}).',
      );
    },
  };
}
