import { randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { serverT } from "#client/i18n/server-t.ts";
import { getServices } from "./services.ts";

/**
 * The portal's one short-lived server-side store, for what must survive between two requests of one browser but
 * must not ride in a cookie: an uploaded attachment kept while a form is shown again, an anonymous request waiting
 * for its e-mail code, a generated payment notice, the outcome of a payment attempt by its idempotency key.
 *
 * Each feature makes its own store with a time to live and bounds on entries and bytes, and reaches an entry only
 * through a key it got from `put` (unguessable: 32 random bytes) and keeps in the browser's sealed flow cookie, or a
 * key of its own (an idempotency key). In memory: the portal runs one Node process per container; a deployment with
 * several replicas behind a balancer needs sticky sessions for these flows (docs/operations.md, "Running in production").
 *
 * Nobody can flush it: every entry is written with its owner (the client address as the portal sees it, and the
 * flow when there is one), each client and each flow may hold at most its quota of entries and bytes, and when a
 * quota or the whole store is full the NEWCOMER is refused (`{ ok: false }`, the caller says so with
 * `storeRefusal`) while nothing already stored is evicted. Only the time to live frees space (and `delete`).
 */
export type TransientStore<V> = {
  /** Stores `value` under a new unguessable key, or refuses it (quota or store full). */
  put(value: V, owner: StoreOwner): StorePut;
  get(key: string | null | undefined): V | undefined;
  /** Stores `value` under `key` (replacing what was there, which a refusal leaves as it was). */
  set(key: string, value: V, owner: StoreOwner): StoreSet;
  delete(key: string | null | undefined): void;
  readonly size: number;
  /** The bytes held (the sum of `sizeOf`, 1 per entry without it). */
  readonly bytes: number;
};

/** Who an entry is written for: the client (its address) and, when the entry belongs to one, the flow's id. */
export type StoreOwner = { client: string; flow?: string };

/** Why a value was not stored: the client's or the flow's quota is used up (429), or the store is full (503). */
export type StoreRefused = { ok: false; refused: "client" | "flow" | "full" };
export type StorePut = { ok: true; key: string } | StoreRefused;
export type StoreSet = { ok: true } | StoreRefused;

export type StoreLimits = { maxEntries: number; maxBytes?: number };

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
  /** What one client (address) may hold at a time. */
  perClient: StoreLimits;
  /** What one flow may hold at a time (entries written with `owner.flow`). */
  perFlow?: StoreLimits;
  /** For tests: the clock (milliseconds). */
  now?: () => number;
};

type Entry<V> = { value: V; bytes: number; expires: number; owners: string[] };
type Usage = { entries: number; bytes: number };

export function createTransientStore<V extends NonNullable<unknown>>(
  options: TransientStoreOptions<V>,
): TransientStore<V> {
  const now = options.now ?? (() => performance.now());
  // In the order written: with one time to live (and a clock that does not go back) the first entries expire first.
  const entries = new Map<string, Entry<V>>();
  const usage = new Map<string, Usage>();
  let bytesHeld = 0;

  const sizeOf = (value: V) => Math.max(1, Math.ceil(options.sizeOf?.(value) ?? 1));
  const ownerKeys = (owner: StoreOwner) =>
    owner.flow === undefined || !options.perFlow
      ? [`c:${owner.client}`]
      : [`c:${owner.client}`, `f:${owner.flow}`];
  const limitsOf = (ownerKey: string) => (ownerKey.startsWith("f:") ? options.perFlow! : options.perClient);

  function account(entry: Entry<V>, sign: 1 | -1) {
    bytesHeld += sign * entry.bytes;
    for (const ownerKey of entry.owners) {
      const used = usage.get(ownerKey) ?? { entries: 0, bytes: 0 };
      used.entries += sign;
      used.bytes += sign * entry.bytes;
      if (used.entries <= 0) usage.delete(ownerKey);
      else usage.set(ownerKey, used);
    }
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    account(entry, -1);
  }

  function purgeExpired() {
    const at = now();
    for (const [key, entry] of entries) {
      if (entry.expires > at) break;
      remove(key);
    }
  }

  /** Whether `value` fits for `owner`, counting `key`'s current entry (being replaced) as gone. */
  function admit(key: string, value: V, owner: StoreOwner): StoreRefused | Entry<V> {
    purgeExpired();
    const bytes = sizeOf(value);
    const owners = ownerKeys(owner);
    const previous = entries.get(key);
    const freed = (ownerKey: string | null): Usage =>
      previous && (ownerKey === null || previous.owners.includes(ownerKey))
        ? { entries: 1, bytes: previous.bytes }
        : { entries: 0, bytes: 0 };
    for (const ownerKey of owners) {
      const limits = limitsOf(ownerKey);
      const used = usage.get(ownerKey) ?? { entries: 0, bytes: 0 };
      const gone = freed(ownerKey);
      if (
        used.entries - gone.entries + 1 > limits.maxEntries ||
        (limits.maxBytes !== undefined && used.bytes - gone.bytes + bytes > limits.maxBytes)
      )
        return { ok: false, refused: ownerKey.startsWith("f:") ? "flow" : "client" };
    }
    const gone = freed(null);
    if (
      entries.size - gone.entries + 1 > options.maxEntries ||
      (options.maxBytes !== undefined && bytesHeld - gone.bytes + bytes > options.maxBytes)
    )
      return { ok: false, refused: "full" };
    return { value, bytes, expires: now() + options.ttlMs, owners };
  }

  function write(key: string, value: V, owner: StoreOwner): StoreSet {
    const admitted = admit(key, value, owner);
    if ("ok" in admitted) return admitted;
    remove(key);
    entries.set(key, admitted);
    account(admitted, 1);
    return { ok: true };
  }

  return {
    put(value, owner) {
      const key = newTransientKey();
      const written = write(key, value, owner);
      return written.ok ? { ok: true, key } : written;
    },
    get(key) {
      if (!key) return undefined;
      purgeExpired();
      const entry = entries.get(key);
      return entry && entry.expires > now() ? entry.value : undefined;
    },
    set(key, value, owner) {
      return write(key, value, owner);
    },
    delete(key) {
      if (key) remove(key);
    },
    get size() {
      purgeExpired();
      return entries.size;
    },
    get bytes() {
      purgeExpired();
      return bytesHeld;
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
 * What to answer a refused write: 429 when this client's (or flow's) quota is used up, 503 when the store is full,
 * with the message to show next to the form (which keeps what the citizen typed).
 */
export function storeRefusal(
  context: Context,
  refusal: StoreRefused,
): { status: 429 | 503; message: string } {
  const t = serverT(context);
  return refusal.refused === "full"
    ? { status: 503, message: t("store.full") }
    : { status: 429, message: t("store.quota") };
}
