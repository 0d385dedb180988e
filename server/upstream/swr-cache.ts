import { LRUCache } from "lru-cache";
import type { Metrics } from "#server/observability/metrics.ts";

export type SwrCacheOptions<V, C> = {
  name: string;
  /** What a miss or a refresh runs; `context` says what to load (e.g. the municipality), never who asks. */
  load: (key: string, context: C) => Promise<V>;
  ttlMs: number;
  /** How long past its TTL a value may still be served while refreshing fails. */
  maxStaleMs: number;
  /** Most keys kept (default 1000). */
  max?: number;
  now?: () => number;
  metrics?: Metrics;
  onRefreshError?: (key: string, error: unknown) => void;
};

export type SwrCache<V, C> = {
  get(key: string, context: C): Promise<V>;
  set(key: string, value: V): void;
  /** True when a value (fresh or stale) is held for the key. */
  has(key: string): boolean;
  delete(key: string): void;
  /** The value held for the key (fresh or stale), without loading or refreshing it. */
  peek(key: string): V | undefined;
  /** How the key's last load or refresh ended (undefined: none yet), without loading: readiness reads it. */
  lastLoad(key: string): LoadOutcome | undefined;
};

/** The end of a load: whether it succeeded, and when (`now()`'s clock). */
export type LoadOutcome = { ok: boolean; at: number };

/**
 * A per-key cache on `lru-cache`'s `fetch`: single flight (concurrent misses share one load), stale-while-revalidate
 * (`allowStale`: an expired value is served while one background refresh runs) and stale-if-error
 * (`allowStaleOnFetchRejection`, `noDeleteOnFetchRejection`: a failed refresh keeps the old value), bounded to
 * `maxStaleMs` past the TTL (lru-cache has no such bound: a value older than that is dropped before fetching).
 */
export function createSwrCache<V extends object, C>(options: SwrCacheOptions<V, C>): SwrCache<V, C> {
  const count = (event: string) => options.metrics?.cacheEvents.inc({ cache: options.name, event });
  const now = options.now ?? (() => performance.now());
  // One entry per key loaded at least once (the keys are the caller's, e.g. the municipalities), dropped with it.
  const outcomes = new Map<string, LoadOutcome>();
  const cache = new LRUCache<string, V, C>({
    max: options.max ?? 1000,
    ttl: options.ttlMs,
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (key, _stale, { context }) => {
      try {
        const value = await options.load(key, context);
        outcomes.set(key, { ok: true, at: now() });
        return value;
      } catch (error) {
        outcomes.set(key, { ok: false, at: now() });
        count("refresh_error");
        options.onRefreshError?.(key, error);
        throw error;
      }
    },
  });
  // lru-cache types `fetch`'s options by a conditional on C that a generic C cannot resolve: the one shape used here.
  const fetch = cache.fetch.bind(cache) as (
    key: string,
    options: { context: C; status: LRUCache.Status<string, V, C> },
  ) => Promise<V | undefined>;
  const held = (key: string) => cache.peek(key, { allowStale: true }) !== undefined;
  return {
    async get(key, context) {
      if (held(key) && cache.getRemainingTTL(key) < -options.maxStaleMs) {
        count("expired");
        cache.delete(key);
      }
      const status: LRUCache.Status<string, V, C> = {};
      const value = await fetch(key, { context, status });
      const event = status.fetch === "inflight" ? (status.returnedStale ? "stale" : "miss") : status.fetch;
      if (event === "hit" || event === "miss" || event === "stale") count(event);
      // With allowStaleOnFetchRejection, a failed load with nothing stale to serve resolves to undefined.
      if (value === undefined)
        throw status.fetchError ?? new Error(`${options.name}: nothing loaded for ${key}`);
      return value;
    },
    set: (key, value) => {
      cache.set(key, value);
      outcomes.set(key, { ok: true, at: now() });
    },
    has: held,
    delete: (key) => {
      cache.delete(key);
      outcomes.delete(key);
    },
    peek: (key) => cache.peek(key, { allowStale: true }),
    lastLoad: (key) => outcomes.get(key),
  };
}
