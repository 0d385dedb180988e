import { randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { serverT } from "#client/i18n/server-t.ts";
import { routeError } from "#shared/route-error.ts";
import { redisBackend, isStoreUnavailable, storeKey, type RedisBackend } from "#shared/store-port.server.ts";
import { getServices } from "./services.ts";
import { flowOwnerTags } from "./flow.server.ts";

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
 * Nobody can flush it: every entry is written with its owner (the client's source as the portal sees it, the
 * municipality, the flow when there is one, and whose flow it is), each of them may hold at most its quota of entries
 * and bytes, and when a quota or the whole store is full the NEWCOMER is refused (`{ ok: false }`, the caller says so
 * with `storeRefusal`) while nothing already stored is evicted. Only the time to live frees space (and `delete`).
 *
 * The quotas hold when one client has many addresses (issue #36): the source is the address, an IPv6 address cut to
 * its /64 (`clientSource`, what `RequestServices.clientAddress` already is); one municipality holds at most its share
 * of the store (`perTenant`, half by default), so a flood on one leaves the others their room; a logged-in citizen's
 * entries count against the citizen too (`perCitizen`), so a flood of uploads needs as many identities as quotas.
 * An entry written for a flow's owner (`who`: `c:<fiscal code>` or `a:<browser>`, client/lib/flow.server.ts) is read
 * back only by that owner (`get(key, readers)`), and `purgeOwner` deletes all of a citizen's entries at logout.
 */
export type TransientStore<V> = {
  /** Stores `value` under a new unguessable key, or refuses it (quota, store full, or the shared store down). */
  put(value: V, owner: StoreOwner): Promise<StorePut>;
  /**
   * The value, or undefined; throws `StoreUnavailableError` when the shared store does not answer. With `readers`
   * (the owner tags of this request, `storeReaders`), an entry written for another owner reads as undefined.
   */
  get(key: string | null | undefined, readers?: readonly string[]): Promise<V | undefined>;
  /** Stores `value` under `key` (replacing what was there, which a refusal leaves as it was). */
  set(key: string, value: V, owner: StoreOwner): Promise<StoreSet>;
  /**
   * Stores `value` under `key` only when no live entry holds it (`exists` otherwise; atomic across replicas): who
   * claims a key first (client/lib/write-once.server.ts).
   */
  add(key: string, value: V, owner: StoreOwner): Promise<StoreSet | StoreExists>;
  delete(key: string | null | undefined): Promise<void>;
};

/**
 * Who an entry is written for: the client (its source: the address, an IPv6 one cut to its /64), the municipality,
 * the flow's id when the entry belongs to one, and whose flow it is (`who`, the flow owner's tag).
 */
export type StoreOwner = { client: string; flow?: string; tenant?: string; who?: string };

/**
 * Why a value was not stored: the client's or the flow's quota is used up (429), the store is full (503), or the
 * shared store (Valkey) does not answer (503).
 */
export type StoreRefused = {
  ok: false;
  refused: "client" | "flow" | "tenant" | "citizen" | "full" | "unavailable";
};
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
  /** What one municipality may hold at a time (entries written with `owner.tenant`); half the store by default. */
  perTenant?: StoreLimits;
  /** What one logged-in citizen may hold at a time (entries written with `owner.who` = `c:…`); unbounded by default. */
  perCitizen?: StoreLimits;
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
  const store: TransientStore<V> & Purgeable = {
    put: (value, owner) => pick().put(value, owner),
    get: (key, readers) => pick().get(key, readers),
    set: (key, value, owner) => pick().set(key, value, owner),
    add: (key, value, owner) => pick().add(key, value, owner),
    delete: (key) => pick().delete(key),
    purge: (who) => (pick() as TransientStore<V> & Purgeable).purge(who),
  };
  STORES.push(store);
  return store;
}

/** A store whose entries of one owner can all be deleted (logout). */
type Purgeable = { purge(who: string): Promise<void> };

/** Every store this module made (the features make theirs when they load): what `purgeOwner` goes through. */
const STORES: Purgeable[] = [];

/**
 * Deletes every entry written for `who` (a citizen's tag, `c:<fiscal code>`) in every store: at logout, the leaving
 * citizen's uploaded files and pending requests go at once rather than when their time to live ends.
 */
export async function purgeOwner(who: string): Promise<void> {
  await Promise.all(STORES.map((store) => store.purge(who)));
}

/** An account of the store with the quota it is held to (an index without quota: `Infinity`). */
type Account = { key: string; limits: StoreLimits; refused: StoreRefused["refused"] };
const UNBOUNDED: StoreLimits = { maxEntries: Number.POSITIVE_INFINITY };

type Entry<V> = { value: V; bytes: number; expires: number; owners: string[]; who?: string };
type Usage = { entries: number; bytes: number };

/** A flow owner's tag (`c:<fiscal code>`, `a:<browser id>`) as it appears in Valkey: a keyed hash of it. */
const whoKey = (who: string) => storeKey("store-who", who);

/**
 * The accounts an entry of `owner` counts against, each with its quota, as they appear in Valkey's key names: a keyed
 * hash of the client (an address, or a fiscal code for the OTP guard), of the flow and of the flow's owner, never the
 * value itself (docs/operations.md "Personal data").
 */
function accountsOf<V>(options: TransientStoreOptions<V>, owner: StoreOwner): Account[] {
  const client = `c:${storeKey("store-owner", owner.client)}`;
  const accounts: Account[] = [{ key: client, limits: options.perClient, refused: "client" }];
  if (owner.flow !== undefined && options.perFlow)
    accounts.push({
      key: `f:${storeKey("store-flow", owner.flow)}`,
      limits: options.perFlow,
      refused: "flow",
    });
  if (owner.tenant !== undefined)
    accounts.push({ key: `t:${owner.tenant}`, limits: tenantLimits(options), refused: "tenant" });
  if (owner.who !== undefined) {
    const citizen = owner.who.startsWith("c:") && options.perCitizen;
    accounts.push({ key: `w:${whoKey(owner.who)}`, limits: citizen || UNBOUNDED, refused: "citizen" });
  }
  return accounts;
}

/** A municipality's share: `perTenant`, or half the store's entries and bytes. */
function tenantLimits<V>(options: TransientStoreOptions<V>): StoreLimits {
  return (
    options.perTenant ?? {
      maxEntries: Math.max(1, Math.ceil(options.maxEntries / 2)),
      ...(options.maxBytes === undefined ? {} : { maxBytes: Math.ceil(options.maxBytes / 2) }),
    }
  );
}

/** Whether an entry written for `who` may be read by a request whose owner tags are `readers`. */
const readable = (who: string | undefined, readers: readonly string[] | undefined) =>
  who === undefined || readers === undefined || readers.includes(who);

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

/** The owners' bounds (client, flow, municipality, citizen): the first whose quota one more entry would exceed. */
function quotaRefusal<V>(
  state: MemoryState<V>,
  accounts: Account[],
  previous: Entry<V> | undefined,
  bytes: number,
): StoreRefused | undefined {
  for (const account of accounts) {
    const used = state.usage.get(account.key) ?? { entries: 0, bytes: 0 };
    if (exceeds(used, freedBy(previous, account.key), bytes, account.limits))
      return { ok: false, refused: account.refused };
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
  const accounts = accountsOf(options, write.owner);
  const previous = state.entries.get(write.key);
  const refused =
    quotaRefusal(state, accounts, previous, bytes) ?? fullRefusal(options, state, previous, bytes);
  if (refused) return refused;
  const owners = accounts.map((a) => a.key);
  const entry = { value: write.value, bytes, expires: at + options.ttlMs, owners, who: write.owner.who };
  removeEntry(state, write.key);
  state.entries.set(write.key, entry);
  account(state, entry, 1);
  return { ok: true };
}

/** The in-memory adapter: the default, one process's entries. */
export function createMemoryStore<V extends NonNullable<unknown>>(
  options: TransientStoreOptions<V>,
): TransientStore<V> & Purgeable & { readonly size: number; readonly bytes: number } {
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
    async get(key, readers) {
      if (!key) return undefined;
      const entry = current().entries.get(key);
      return entry && entry.expires > now() && readable(entry.who, readers) ? entry.value : undefined;
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
    async purge(who) {
      for (const [key, entry] of state.entries) if (entry.who === who) removeEntry(state, key);
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
    local kind = string.sub(a, 1, 2)
    if kind == 'f:' then return 'flow' end
    if kind == 't:' then return 'tenant' end
    if kind == 'w:' then return 'citizen' end
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
): TransientStore<V> & Purgeable {
  const ns = `portal:${options.name}`;
  const limit = (n: number | undefined) => String(n ?? -1);

  async function write(
    key: string,
    value: V,
    owner: StoreOwner,
    onlyIfAbsent = false,
  ): Promise<StoreSet | StoreExists> {
    const accounts = [
      ...accountsOf(options, owner).map((a) => [
        a.key,
        // No quota: more than any store holds (Lua reads numbers as doubles).
        Number.isFinite(a.limits.maxEntries) ? String(a.limits.maxEntries) : "1e15",
        limit(a.limits.maxBytes),
      ]),
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
    async get(key, readers) {
      if (!key) return undefined;
      const [text, owners] = await backend.command<(string | null)[]>(["HMGET", `${ns}:e:${key}`, "v", "o"]);
      if (text === null || text === undefined) return undefined;
      const who = (owners ?? "")
        .split("\n")
        .find((o) => o.startsWith("w:"))
        ?.slice(2);
      if (!readable(who, readers?.map(whoKey))) return undefined;
      const parsed = options.schema.safeParse(decodeValue(text));
      return parsed.success ? (parsed.data as V) : undefined;
    },
    set: async (key, value, owner) => (await write(key, value, owner)) as StoreSet,
    add: (key, value, owner) => write(key, value, owner, true),
    async delete(key) {
      if (key) await backend.script(DELETE_SCRIPT, [], [ns, key]);
    },
    async purge(who) {
      const keys = await backend.command<string[]>(["ZRANGE", `${ns}:z:w:${whoKey(who)}`, "0", "-1"]);
      for (const key of keys ?? []) await backend.script(DELETE_SCRIPT, [], [ns, key]);
    },
  };
}

type Context = Readonly<RouterContextProvider>;

/**
 * The owner of what this request stores: its client's source as the portal sees it, the municipality, the flow if
 * any, and whose flows this request's are (`who`, client/lib/flow.server.ts; absent when the upstream could not say).
 */
export function storeOwner(context: Context, flow?: string): StoreOwner {
  const services = getServices(context);
  const owner: StoreOwner = { client: services.clientAddress, tenant: services.tenantId };
  if (flow !== undefined) owner.flow = flow;
  const who = flowOwnerTags(services.flow)[0];
  if (who !== undefined) owner.who = who;
  return owner;
}

/** Who may read back what this request's flows stored (`get(key, readers)`): its owner tags. */
export function storeReaders(context: Context): string[] {
  return flowOwnerTags(getServices(context).flow);
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
 * What to answer a refused write: 429 when this client's (or flow's, or citizen's) quota is used up, 503 when the
 * store (or the municipality's share) is full or the shared store does not answer,
 * with the message to show next to the form (which keeps what the citizen typed).
 */
export function storeRefusal(
  context: Context,
  refusal: StoreRefused,
): { status: 429 | 503; message: string } {
  const t = serverT(context);
  if (refusal.refused === "unavailable") return { status: 503, message: t("store.unavailable") };
  // The store or the municipality's share of it is full: nobody of this municipality can store now (503); this
  // client's, flow's or citizen's own quota is used up (429).
  return refusal.refused === "full" || refusal.refused === "tenant"
    ? { status: 503, message: t("store.full") }
    : { status: 429, message: t("store.quota") };
}
