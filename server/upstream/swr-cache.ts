import type { Metrics } from "#server/observability/metrics.ts";

type Entry<T> = { value: T; storedAt: number };

export type SwrCacheOptions = {
  name: string;
  ttlMs: number;
  /** How long a stale value may still be served when refreshing fails. */
  maxStaleMs: number;
  now?: () => number;
  metrics?: Metrics;
  onRefreshError?: (key: string, error: unknown) => void;
};

/**
 * A per-key cache with single flight (concurrent misses share one load), stale-while-revalidate (an expired value
 * is served while one background refresh runs) and stale-if-error (a failed refresh keeps the old value).
 */
export function createSwrCache<T>(options: SwrCacheOptions) {
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  const now = options.now ?? Date.now;
  const count = (event: string) => options.metrics?.cacheEvents.inc({ cache: options.name, event });

  function load(key: string, loader: () => Promise<T>): Promise<T> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const promise = loader()
      .then((value) => {
        entries.set(key, { value, storedAt: now() });
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async get(key: string, loader: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (!entry) {
        count("miss");
        return load(key, loader);
      }
      const age = now() - entry.storedAt;
      if (age <= options.ttlMs) {
        count("hit");
        return entry.value;
      }
      if (age <= options.ttlMs + options.maxStaleMs) {
        count("stale");
        load(key, loader).catch((error: unknown) => {
          count("refresh_error");
          options.onRefreshError?.(key, error);
        });
        return entry.value;
      }
      count("expired");
      try {
        return await load(key, loader);
      } catch (error) {
        count("refresh_error");
        options.onRefreshError?.(key, error);
        throw error;
      }
    },
    /** True when a value (fresh or stale) is held for the key. */
    has(key: string): boolean {
      return entries.has(key);
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}
