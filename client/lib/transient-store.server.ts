import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";

/**
 * The portal's one short-lived server-side store, for what must survive between two requests of one browser but
 * must not ride in a cookie: an uploaded attachment kept while a form is shown again, an anonymous request waiting
 * for its e-mail code, a generated payment notice, the outcome of a payment attempt by its idempotency key.
 *
 * Each feature makes its own store with a time to live and bounds on entries and bytes (what a burst of uploads may
 * hold), and reaches an entry only through a key it got from `put` (unguessable: 32 random bytes) and keeps in the
 * browser's sealed flow cookie, or a key of its own (an idempotency key). In memory: the portal runs one Node process
 * per container; a deployment with several replicas behind a balancer needs sticky sessions for these flows (README,
 * "Running in production").
 */
export type TransientStore<V> = {
  /** Stores `value` under a new unguessable key and returns the key. */
  put(value: V): string;
  get(key: string | null | undefined): V | undefined;
  set(key: string, value: V): void;
  delete(key: string | null | undefined): void;
  readonly size: number;
};

/** The shape of a key made by `put` (32 random bytes, base64url). */
export const TRANSIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newTransientKey(): string {
  return randomBytes(32).toString("base64url");
}

export type TransientStoreOptions<V> = {
  ttlMs: number;
  maxEntries: number;
  /** Bound on the bytes held, with `sizeOf` telling an entry's bytes (at least 1). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** For tests: the clock (milliseconds). */
  now?: () => number;
};

export function createTransientStore<V extends NonNullable<unknown>>(
  options: TransientStoreOptions<V>,
): TransientStore<V> {
  const cache = new LRUCache<string, V>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ...(options.maxBytes === undefined
      ? {}
      : {
          maxSize: options.maxBytes,
          sizeCalculation: (value: V) => Math.max(1, Math.ceil(options.sizeOf?.(value) ?? 1)),
        }),
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  return {
    put(value) {
      const key = newTransientKey();
      cache.set(key, value);
      return key;
    },
    get(key) {
      return key ? cache.get(key) : undefined;
    },
    set(key, value) {
      cache.set(key, value);
    },
    delete(key) {
      if (key) cache.delete(key);
    },
    get size() {
      return cache.size;
    },
  };
}
