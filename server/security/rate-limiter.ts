import { LRUCache } from "lru-cache";
import { redisBackend, isStoreUnavailable, storeKey, type RedisBackend } from "#shared/store-port.server.ts";

type Window = { count: number; resetAt: number; warned: boolean };

export type RateLimitVerdict =
  { allowed: true } | { allowed: false; retryAfterS: number; scope: "client" | "tenant" };

export type RateLimiterOptions = {
  /** The limiter's namespace in the shared store (Valkey keys `portal:rl:<name>:…`). */
  name: string;
  windowMs: number;
  /** Attempts one client address may make in a window, per municipality. */
  perClient: number;
  /** Attempts all clients together may make in a window, per municipality. */
  perTenant: number;
  now?: () => number;
  /** Called once per window and key, when that key is first refused. */
  onLimited?: (event: { tenantId: string; scope: "client" | "tenant"; retryAfterS: number }) => void;
  /** Called for every refused attempt (the metrics' count of refusals). */
  onRefused?: (event: { tenantId: string; scope: "client" | "tenant" }) => void;
};

/*
 * The same fixed windows in Valkey, in one script (atomic across replicas): the count of a key, its window's end
 * (the key's PX), and a `:w` marker so only the first refusal of a window warns.
 */
const ATTEMPT_SCRIPT = `
local windowMs, perClient, perTenant = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local own, all = ARGV[4], ARGV[5]
local function used(k)
  local c = tonumber(redis.call('GET', k) or '0')
  if c == 0 then return 0, windowMs end
  local ttl = redis.call('PTTL', k)
  if ttl < 0 then ttl = windowMs end
  return c, ttl
end
local function refuse(k, scope, ttl)
  local first = redis.call('SET', k .. ':w', '1', 'NX', 'PX', ttl)
  return {0, scope, ttl, first and 1 or 0}
end
local function count(k)
  if redis.call('INCR', k) == 1 then redis.call('PEXPIRE', k, windowMs) end
end
local c1, t1 = used(own)
if c1 >= perClient then return refuse(own, 'client', t1) end
if all ~= '' then
  local c2, t2 = used(all)
  if perTenant >= 0 and c2 >= perTenant then return refuse(all, 'tenant', t2) end
  count(all)
end
count(own)
return {1}
`;

/** One attempt of a client address (or of a known device, which has its own window instead) in a municipality. */
type Attempt = { tenantId: string; client: string; knownDevice?: string };

/** The windows in this process: a bounded LRU (a flood of addresses cannot grow it without end). */
function createLocalWindows(options: RateLimiterOptions): (attempt: Attempt) => RateLimitVerdict {
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

  return ({ tenantId, client, knownDevice }) => {
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
  };
}

/** The same attempt counted in Valkey (ATTEMPT_SCRIPT), for every replica at once. */
async function attemptShared(
  options: RateLimiterOptions,
  backend: RedisBackend,
  { tenantId, client, knownDevice }: Attempt,
): Promise<RateLimitVerdict> {
  const ns = `portal:rl:${options.name}:${tenantId}`;
  const own = knownDevice !== undefined ? `${ns}:device:${knownDevice}` : `${ns}:client:${client}`;
  const all = knownDevice !== undefined ? "" : `${ns}:all`;
  const perTenant = Number.isFinite(options.perTenant) ? String(options.perTenant) : "-1";
  const answer = await backend.script<[number, string?, number?, number?]>(
    ATTEMPT_SCRIPT,
    [],
    [String(options.windowMs), String(options.perClient), perTenant, own, all],
  );
  if (answer[0] === 1) return { allowed: true };
  const scope = answer[1] === "tenant" ? "tenant" : "client";
  const retryAfterS = Math.max(1, Math.ceil(Number(answer[2]) / 1000));
  if (answer[3] === 1) options.onLimited?.({ tenantId, scope, retryAfterS });
  return { allowed: false, retryAfterS, scope };
}

/**
 * Fixed-window attempt counters per (municipality, client address) and per municipality. In Valkey when `REDIS_URL`
 * is set (one count for all replicas: a guesser gets no more attempts from more replicas), else in a bounded LRU in
 * this process (a flood of addresses cannot grow it without end). While Valkey does not answer, the process counts
 * on its own (the limits per process still hold; availability is kept): docs/decisions/shared-store.md.
 */
export function createRateLimiter(options: RateLimiterOptions) {
  const attemptHere = createLocalWindows(options);
  const decide = async (attempt: Attempt): Promise<RateLimitVerdict> => {
    const backend = redisBackend();
    if (!backend) return attemptHere(attempt);
    try {
      return await attemptShared(options, backend, attempt);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      return attemptHere(attempt);
    }
  };
  return {
    /**
     * Counts one attempt; refused attempts are not counted against the municipality. A known device (a browser that
     * logged in successfully before, proven by a sealed cookie nobody else can make) has its own window of
     * `perClient` attempts instead of its address's, and is neither counted against nor stopped by the
     * municipality's: the municipality's limit slows down guessing from everywhere, and must not lock the maintainer
     * out while it does. (A stolen device cookie still gets only `perClient` attempts per window.)
     */
    async attempt(tenantId: string, client: string, knownDevice?: string): Promise<RateLimitVerdict> {
      // Keys carry a keyed hash of the address (or contact, or device), never the value (docs/operations.md
      // "Personal data"): in Valkey's key names and in this process's windows alike.
      const verdict = await decide({
        tenantId,
        client: storeKey(`rl:${options.name}`, client),
        knownDevice:
          knownDevice === undefined ? undefined : storeKey(`rl:${options.name}:device`, knownDevice),
      });
      if (!verdict.allowed) options.onRefused?.({ tenantId, scope: verdict.scope });
      return verdict;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
