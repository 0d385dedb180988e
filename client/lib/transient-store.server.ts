import { randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { serverT } from "#client/i18n/server-t.ts";
import { routeError } from "#shared/route-error.ts";
import { redisBackend, isStoreUnavailable, storeKey, type RedisBackend } from "#shared/store-port.server.ts";
import { getServices } from "./services.ts";

/**
 * The portal's one short-lived server-side store, for what must survive between two requests of one browser but
 * must not ride in a cookie: an uploaded attachment kept while a form is shown again, an anonymous request waiting
 * for its e-mail code, a generated payment notice, the outcome of a payment attempt by its idempotency key.
 *
 * Each feature makes its own store with a time to live and bounds on entries and bytes, and reaches an entry only
 * through a key it got from `put` (unguessable: 32 random bytes) and keeps in the browser's sealed flow cookie, or a
 * key of its own (an idempotency key). In this process by default, in Valkey/Redis when `REDIS_URL` is set (every
 * replica sees the same entries and quotas: docs/decisions/shared-store.md).
 *
 * Nobody can flush it: every entry is written with its owner (the client address as the portal sees it, and the
 * flow when there is one), each client and each flow may hold at most its quota of entries and bytes, and when a
 * quota or the whole store is full the NEWCOMER is refused (`{ ok: false }`, the caller says so with
 * `storeRefusal`) while nothing already stored is evicted. Only the time to live frees space (and `delete`).
 */
export type TransientStore<V> = {
  /** Stores `value` under a new unguessable key, or refuses it (quota, store full, or the shared store down). */
  put(value: V, owner: StoreOwner): Promise<StorePut>;
  /** The value, or undefined; throws `StoreUnavailableError` when the shared store does not answer. */
  get(key: string | null | undefined): Promise<V | undefined>;
  /** Stores `value` under `key` (replacing what was there, which a refusal leaves as it was). */
  set(key: string, value: V, owner: StoreOwner): Promise<StoreSet>;
  /**
   * Stores `value` under `key` only when no live entry holds it (`exists` otherwise; atomic across replicas): who
   * claims a key first (client/lib/write-once.server.ts).
   */
  add(key: string, value: V, owner: StoreOwner): Promise<StoreSet | StoreExists>;
  delete(key: string | null | undefined): Promise<void>;
};

/** Who an entry is written for: the client (its address) and, when the entry belongs to one, the flow's id. */
export type StoreOwner = { client: string; flow?: string };

/**
 * Why a value was not stored: the client's or the flow's quota is used up (429), the store is full (503), or the
 * shared store (Valkey) does not answer (503).
 */
export type StoreRefused = { ok: false; refused: "client" | "flow" | "full" | "unavailable" };
export type StorePut = { ok: true; key: string } | StoreRefused;
export type StoreSet = { ok: true } | StoreRefused;
/** `add` found the key held (nothing written). */
export type StoreExists = { ok: false; refused: "exists" };

export type StoreLimits = { maxEntries: number; maxBytes?: number };

/** The shape of a key made by `put` (32 random bytes, base64url). */
export const TRANSIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newTransientKey(): string {
  return randomBytes(32).toString("base64url");
}

export type TransientStoreOptions<V> = {
  /** The store's namespace in the shared store (Valkey keys `portal:<name>:…`). */
  name: string;
  /** Checks a value read back from the shared store (serialized as JSON, bytes as base64). */
  schema: z.ZodType<V>;
  ttlMs: number;
  maxEntries: number;
  /** Bound on the bytes held, with `sizeOf` telling an entry's bytes (at least 1). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** What one client (address) may hold at a time. */
  perClient: StoreLimits;
  /** What one flow may hold at a time (entries written with `owner.flow`). */
  perFlow?: StoreLimits;
  /** For tests of the in-memory adapter: the clock (milliseconds). */
  now?: () => number;
};

/**
 * The port: a store in this process, or in Valkey when `REDIS_URL` is set (`useRedisStore`, decided at each call, so
 * the feature modules can make their stores when they load).
 */
export function createTransientStore<V extends NonNullable<unknown>>(
  options: TransientStoreOptions<V>,
): TransientStore<V> {
  const memory = createMemoryStore(options);
  let redis: { backend: RedisBackend; store: TransientStore<V> } | undefined;
  const pick = (): TransientStore<V> => {
    const backend = redisBackend();
    if (!backend) return memory;
    if (redis?.backend !== backend) redis = { backend, store: createRedisStore(options, backend) };
    return redis.store;
  };
  return {
    put: (value, owner) => pick().put(value, owner),
    get: (key) => pick().get(key),
    set: (key, value, owner) => pick().set(key, value, owner),
    add: (key, value, owner) => pick().add(key, value, owner),
    delete: (key) => pick().delete(key),
  };
}

type Entry<V> = { value: V; bytes: number; expires: number; owners: string[] };
type Usage = { entries: number; bytes: number };

/**
 * The accounts an entry counts against, as they appear in Valkey's key names: a keyed hash of the client (an address,
 * or a fiscal code for the OTP guard) and of the flow, never the value itself (docs/operations.md "Personal data").
 */
const ownerKeysOf = <V>(options: TransientStoreOptions<V>, owner: StoreOwner) => {
  const client = `c:${storeKey("store-owner", owner.client)}`;
  return owner.flow === undefined || !options.perFlow
    ? [client]
    : [client, `f:${storeKey("store-flow", owner.flow)}`];
};

const sizeOfValue = <V>(options: TransientStoreOptions<V>, value: V) =>
  Math.max(1, Math.ceil(options.sizeOf?.(value) ?? 1));

/** What the in-memory adapter holds: its entries, what each owner uses, and the bytes held by all. */
type MemoryState<V> = {
  // In the order written: with one time to live (and a clock that does not go back) the first entries expire first.
  entries: Map<string, Entry<V>>;
  usage: Map<string, Usage>;
  bytes: number;
};

/** Counts an entry in (`sign` 1) or out (-1) of the store's bytes and each of its owners' usage. */
function account<V>(state: MemoryState<V>, entry: Entry<V>, sign: 1 | -1) {
  state.bytes += sign * entry.bytes;
  for (const ownerKey of entry.owners) {
    const used = state.usage.get(ownerKey) ?? { entries: 0, bytes: 0 };
    used.entries += sign;
    used.bytes += sign * entry.bytes;
    if (used.entries <= 0) state.usage.delete(ownerKey);
    else state.usage.set(ownerKey, used);
  }
}

function removeEntry<V>(state: MemoryState<V>, key: string) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.entries.delete(key);
  account(state, entry, -1);
}

/** Expiry: drops the entries whose time to live is over at `at` (the oldest first, stopping at the first alive). */
function purgeExpired<V>(state: MemoryState<V>, at: number) {
  for (const [key, entry] of state.entries) {
    if (entry.expires > at) break;
    removeEntry(state, key);
  }
}

/** What an entry being replaced gives back to an owner (or to the whole store: `ownerKey` null). */
const freedBy = <V>(previous: Entry<V> | undefined, ownerKey: string | null): Usage =>
  previous && (ownerKey === null || previous.owners.includes(ownerKey))
    ? { entries: 1, bytes: previous.bytes }
    : { entries: 0, bytes: 0 };

const exceeds = (used: Usage, gone: Usage, bytes: number, limits: StoreLimits) =>
  used.entries - gone.entries + 1 > limits.maxEntries ||
  (limits.maxBytes !== undefined && used.bytes - gone.bytes + bytes > limits.maxBytes);

/** Per-client and per-flow bounds: the first owner whose quota one more entry of `bytes` would exceed. */
function quotaRefusal<V>(
  options: TransientStoreOptions<V>,
  state: MemoryState<V>,
  owners: string[],
  previous: Entry<V> | undefined,
  bytes: number,
): StoreRefused | undefined {
  for (const ownerKey of owners) {
    const isFlow = ownerKey.startsWith("f:");
    const limits = isFlow ? options.perFlow! : options.perClient;
    const used = state.usage.get(ownerKey) ?? { entries: 0, bytes: 0 };
    if (exceeds(used, freedBy(previous, ownerKey), bytes, limits))
      return { ok: false, refused: isFlow ? "flow" : "client" };
  }
  return undefined;
}

/** The whole store's bounds: whether one more entry of `bytes` would overfill it. */
function fullRefusal<V>(
  options: TransientStoreOptions<V>,
  state: MemoryState<V>,
  previous: Entry<V> | undefined,
  bytes: number,
): StoreRefused | undefined {
  const used = { entries: state.entries.size, bytes: state.bytes };
  return exceeds(used, freedBy(previous, null), bytes, options) ? { ok: false, refused: "full" } : undefined;
}

/**
 * Writes `value` under `key` for `owner` (replacing `key`'s entry, whose share counts as gone), or refuses it and
 * changes nothing: expired entries go first, then the owners' quotas and the store's bounds are checked.
 */
function writeEntry<V>(
  options: TransientStoreOptions<V>,
  state: MemoryState<V>,
  at: number,
  write: { key: string; value: V; owner: StoreOwner; onlyIfAbsent?: boolean },
): StoreSet | StoreExists {
  purgeExpired(state, at);
  if (write.onlyIfAbsent && state.entries.has(write.key)) return { ok: false, refused: "exists" };
  const bytes = sizeOfValue(options, write.value);
  const owners = ownerKeysOf(options, write.owner);
  const previous = state.entries.get(write.key);
  const refused =
    quotaRefusal(options, state, owners, previous, bytes) ?? fullRefusal(options, state, previous, bytes);
  if (refused) return refused;
  const entry = { value: write.value, bytes, expires: at + options.ttlMs, owners };
  removeEntry(state, write.key);
  state.entries.set(write.key, entry);
  account(state, entry, 1);
  return { ok: true };
}

/** The in-memory adapter: the default, one process's entries. */
export function createMemoryStore<V extends NonNullable<unknown>>(
  options: TransientStoreOptions<V>,
): TransientStore<V> & { readonly size: number; readonly bytes: number } {
  const now = options.now ?? (() => performance.now());
  const state: MemoryState<V> = { entries: new Map(), usage: new Map(), bytes: 0 };
  const write = (key: string, value: V, owner: StoreOwner, onlyIfAbsent = false) =>
    writeEntry(options, state, now(), { key, value, owner, onlyIfAbsent });
  const current = () => {
    purgeExpired(state, now());
    return state;
  };

  return {
    async put(value, owner) {
      const key = newTransientKey();
      const written = write(key, value, owner) as StoreSet;
      return written.ok ? { ok: true, key } : written;
    },
    async get(key) {
      if (!key) return undefined;
      const entry = current().entries.get(key);
      return entry && entry.expires > now() ? entry.value : undefined;
    },
    async set(key, value, owner) {
      return write(key, value, owner) as StoreSet;
    },
    async add(key, value, owner) {
      return write(key, value, owner, true);
    },
    async delete(key) {
      if (key) removeEntry(state, key);
    },
    get size() {
      return current().entries.size;
    },
    get bytes() {
      return current().bytes;
    },
  };
}

/*
 * The Valkey adapter. Per store (namespace `portal:<name>`):
 *   e:<key>    hash {v: the value as JSON, b: its bytes, o: its owners}, expiring with the entry (PX);
 *   z:<acct>   sorted set of the keys an account holds (acct: "g" the whole store, "c:<client>", "f:<flow>"),
 *              scored by their expiry, and
 *   h:<acct>   hash key → bytes, with n:<acct> the bytes held: both purged of expired keys before every write.
 * A write is one Lua script (atomic: parallel writes from any replica cannot overtake a quota), with the server's
 * clock; a refused write changes nothing and evicts nobody, exactly as in memory.
 */
const WRITE_SCRIPT = `
local ns, key, value, bytes, ttl = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = tonumber(ARGV[6])
local accts, maxE, maxB = {}, {}, {}
for i = 0, n - 1 do
  accts[i + 1] = ARGV[7 + i * 3]
  maxE[i + 1] = tonumber(ARGV[8 + i * 3])
  maxB[i + 1] = tonumber(ARGV[9 + i * 3])
end
local function purge(a)
  local z, h, c = ns .. ':z:' .. a, ns .. ':h:' .. a, ns .. ':n:' .. a
  local gone = redis.call('ZRANGEBYSCORE', z, '-inf', now)
  for _, k in ipairs(gone) do
    local b = tonumber(redis.call('HGET', h, k) or '0')
    redis.call('DECRBY', c, b)
    redis.call('HDEL', h, k)
    redis.call('ZREM', z, k)
  end
end
for i = 1, n do purge(accts[i]) end
local ekey = ns .. ':e:' .. key
if ARGV[7 + n * 3] == 'nx' and redis.call('EXISTS', ekey) == 1 then return 'exists' end
local prev = redis.call('HMGET', ekey, 'b', 'o')
local prevBytes = tonumber(prev[1] or '0')
local prevOwners = {}
if prev[2] then for o in string.gmatch(prev[2], '[^\\n]+') do prevOwners[o] = true end end
for i = 1, n do
  local a = accts[i]
  local held = (a == 'g' or prevOwners[a]) and prev[1] and redis.call('ZSCORE', ns .. ':z:' .. a, key)
  local goneE, goneB = 0, 0
  if held then goneE, goneB = 1, prevBytes end
  local usedE = redis.call('ZCARD', ns .. ':z:' .. a)
  local usedB = tonumber(redis.call('GET', ns .. ':n:' .. a) or '0')
  if usedE - goneE + 1 > maxE[i] or (maxB[i] >= 0 and usedB - goneB + bytes > maxB[i]) then
    if a == 'g' then return 'full' end
    if string.sub(a, 1, 2) == 'f:' then return 'flow' end
    return 'client'
  end
end
-- the previous entry's accounting goes (its owners may differ from the new ones)
if prev[1] then
  prevOwners['g'] = true
  for a, _ in pairs(prevOwners) do
    local h = ns .. ':h:' .. a
    local b = redis.call('HGET', h, key)
    if b then
      redis.call('DECRBY', ns .. ':n:' .. a, tonumber(b))
      redis.call('HDEL', h, key)
      redis.call('ZREM', ns .. ':z:' .. a, key)
    end
  end
end
local owners = {}
for i = 1, n do
  local a = accts[i]
  if a ~= 'g' then owners[#owners + 1] = a end
  redis.call('ZADD', ns .. ':z:' .. a, now + ttl, key)
  redis.call('HSET', ns .. ':h:' .. a, key, bytes)
  redis.call('INCRBY', ns .. ':n:' .. a, bytes)
  for _, suffix in ipairs({':z:', ':h:', ':n:'}) do redis.call('PEXPIRE', ns .. suffix .. a, ttl) end
end
redis.call('DEL', ekey)
redis.call('HSET', ekey, 'v', value, 'b', bytes, 'o', table.concat(owners, '\\n'))
redis.call('PEXPIRE', ekey, ttl)
return 'ok'
`;

const DELETE_SCRIPT = `
local ns, key = ARGV[1], ARGV[2]
local ekey = ns .. ':e:' .. key
local o = redis.call('HGET', ekey, 'o')
if not o then return 0 end
local accts = {'g'}
for a in string.gmatch(o, '[^\\n]+') do accts[#accts + 1] = a end
for _, a in ipairs(accts) do
  local h = ns .. ':h:' .. a
  local b = redis.call('HGET', h, key)
  if b then
    redis.call('DECRBY', ns .. ':n:' .. a, tonumber(b))
    redis.call('HDEL', h, key)
    redis.call('ZREM', ns .. ':z:' .. a, key)
  end
end
redis.call('DEL', ekey)
return 1
`;

/** JSON with bytes (Uint8Array, Buffer) as `{"$bytes": base64}`. */
export function encodeValue(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, k, v: unknown) {
    const raw = this[k];
    return raw instanceof Uint8Array ? { $bytes: Buffer.from(raw).toString("base64") } : v;
  });
}

export function decodeValue(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) =>
    v && typeof v === "object" && "$bytes" in v && typeof v.$bytes === "string" && Object.keys(v).length === 1
      ? new Uint8Array(Buffer.from(v.$bytes, "base64"))
      : v,
  );
}

export function createRedisStore<V extends NonNullable<unknown>>(
  options: TransientStoreOptions<V>,
  backend: RedisBackend,
): TransientStore<V> {
  const ns = `portal:${options.name}`;
  const limit = (n: number | undefined) => String(n ?? -1);

  async function write(
    key: string,
    value: V,
    owner: StoreOwner,
    onlyIfAbsent = false,
  ): Promise<StoreSet | StoreExists> {
    const accounts = [
      ...ownerKeysOf(options, owner).map((a) => {
        const limits = a.startsWith("f:") ? options.perFlow! : options.perClient;
        return [a, String(limits.maxEntries), limit(limits.maxBytes)];
      }),
      ["g", String(options.maxEntries), limit(options.maxBytes)],
    ];
    let answer: string;
    try {
      answer = await backend.script<string>(
        WRITE_SCRIPT,
        [],
        [
          ns,
          key,
          encodeValue(value),
          String(sizeOfValue(options, value)),
          String(options.ttlMs),
          String(accounts.length),
          ...accounts.flat(),
          onlyIfAbsent ? "nx" : "",
        ],
      );
    } catch (error) {
      if (isStoreUnavailable(error)) return { ok: false, refused: "unavailable" };
      throw error;
    }
    return answer === "ok"
      ? { ok: true }
      : { ok: false, refused: answer as StoreRefused["refused"] | StoreExists["refused"] };
  }

  return {
    async put(value, owner) {
      const key = newTransientKey();
      const written = (await write(key, value, owner)) as StoreSet;
      return written.ok ? { ok: true, key } : written;
    },
    async get(key) {
      if (!key) return undefined;
      const text = await backend.command<string | null>(["HGET", `${ns}:e:${key}`, "v"]);
      if (text === null || text === undefined) return undefined;
      const parsed = options.schema.safeParse(decodeValue(text));
      return parsed.success ? (parsed.data as V) : undefined;
    },
    set: async (key, value, owner) => (await write(key, value, owner)) as StoreSet,
    add: (key, value, owner) => write(key, value, owner, true),
    async delete(key) {
      if (key) await backend.script(DELETE_SCRIPT, [], [ns, key]);
    },
  };
}

type Context = Readonly<RouterContextProvider>;

/** The owner of what this request stores: its client's address as the portal sees it, and the flow if any. */
export function storeOwner(context: Context, flow?: string): StoreOwner {
  const client = getServices(context).clientAddress;
  return flow === undefined ? { client } : { client, flow };
}

/**
 * For a read of the shared store that failed (Valkey down): `.catch(storeDown(context))` turns it into the Italian
 * 503 page ("riprova tra qualche minuto"); any other error goes on as it is.
 */
export function storeDown(context: Context) {
  return (error: unknown): never => {
    if (isStoreUnavailable(error)) throw routeError(503, { title: serverT(context)("store.unavailable") });
    throw error;
  };
}

/** Whether `error` is the shared store not answering (a step then says so and keeps what was typed). */
export { isStoreUnavailable };

/**
 * What to answer a refused write: 429 when this client's (or flow's) quota is used up, 503 when the store is full or
 * the shared store does not answer,
 * with the message to show next to the form (which keeps what the citizen typed).
 */
export function storeRefusal(
  context: Context,
  refusal: StoreRefused,
): { status: 429 | 503; message: string } {
  const t = serverT(context);
  if (refusal.refused === "unavailable") return { status: 503, message: t("store.unavailable") };
  return refusal.refused === "full"
    ? { status: 503, message: t("store.full") }
    : { status: 429, message: t("store.quota") };
}
