import { LRUCache } from "lru-cache";

type Window = { count: number; resetAt: number; warned: boolean };

export type RateLimitVerdict =
  { allowed: true } | { allowed: false; retryAfterS: number; scope: "client" | "tenant" };

export type RateLimiterOptions = {
  windowMs: number;
  /** Attempts one client address may make in a window, per municipality. */
  perClient: number;
  /** Attempts all clients together may make in a window, per municipality. */
  perTenant: number;
  now?: () => number;
  /** Called once per window and key, when that key is first refused. */
  onLimited?: (event: { tenantId: string; scope: "client" | "tenant"; retryAfterS: number }) => void;
};

/**
 * Fixed-window attempt counters per (municipality, client address) and per municipality, in a bounded LRU (a flood
 * of addresses cannot grow it without end). Per process: with several replicas each one counts its own share.
 */
export function createRateLimiter(options: RateLimiterOptions) {
  const now = options.now ?? Date.now;
  const windows = new LRUCache<string, Window>({ max: 50_000 });

  function current(key: string): Window {
    const existing = windows.get(key);
    if (existing && existing.resetAt > now()) return existing;
    const fresh = { count: 0, resetAt: now() + options.windowMs, warned: false };
    windows.set(key, fresh);
    return fresh;
  }

  function refuse(tenantId: string, scope: "client" | "tenant", window: Window): RateLimitVerdict {
    const retryAfterS = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
    if (!window.warned) {
      window.warned = true;
      options.onLimited?.({ tenantId, scope, retryAfterS });
    }
    return { allowed: false, retryAfterS, scope };
  }

  return {
    /**
     * Counts one attempt; refused attempts are not counted against the municipality. A known device (a browser that
     * logged in successfully before, proven by a sealed cookie nobody else can make) has its own window of
     * `perClient` attempts instead of its address's, and is neither counted against nor stopped by the
     * municipality's: the municipality's limit slows down guessing from everywhere, and must not lock the maintainer
     * out while it does. (A stolen device cookie still gets only `perClient` attempts per window.)
     */
    attempt(tenantId: string, client: string, knownDevice?: string): RateLimitVerdict {
      if (knownDevice !== undefined) {
        const device = current(`${tenantId}\u0000device\u0000${knownDevice}`);
        if (device.count >= options.perClient) return refuse(tenantId, "client", device);
        device.count++;
        return { allowed: true };
      }
      const own = current(`${tenantId}\u0000${client}`);
      if (own.count >= options.perClient) return refuse(tenantId, "client", own);
      const all = current(tenantId);
      if (all.count >= options.perTenant) return refuse(tenantId, "tenant", all);
      own.count++;
      all.count++;
      return { allowed: true };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
