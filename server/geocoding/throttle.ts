/** Serialises calls so that they start at least `intervalMs` apart (Nominatim: 1 request per second). */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let nextSlot = 0;
  let queue: Promise<unknown> = Promise.resolve();
  return function schedule<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = nextSlot - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      nextSlot = now() + intervalMs;
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  };
}
