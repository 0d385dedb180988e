import { createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * The port between the portal's short-lived state and where it lives (docs/decisions/shared-store.md): what the
 * server (server/store/shared-store.ts, opened by createApp from `REDIS_URL`) installs for the process, and what the
 * server's limiters and the pages' stores (client/lib/transient-store.server.ts, the OTP guard) use.
 *
 * The implementation (the Valkey/Redis client, its reconnection and health) is server code; this holds no
 * connection of its own, only the one the server installed. It is held on `globalThis` because the pages' build has
 * its own copy of every module it bundles (this one included), while the process has one connection and one key.
 *
 * Server-only (`.server.ts`: the browser build refuses it).
 */

const UNAVAILABLE = Symbol.for("portal.shared-store.unavailable");

export class StoreUnavailableError extends Error {
  readonly [UNAVAILABLE] = true;
  constructor(reason: string) {
    super(`shared store unavailable: ${reason}`);
    this.name = "StoreUnavailableError";
  }
}

/**
 * Whether `error` is the shared store not answering. Not `instanceof`: the pages' build has its own copy of this
 * module (and of the class), while the connection is one per process.
 */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return typeof error === "object" && error !== null && UNAVAILABLE in error;
}

export type RedisBackend = {
  readonly url: string;
  /** Runs one command (arguments as strings), failing with `StoreUnavailableError` when Valkey does not answer. */
  command<T = unknown>(args: readonly string[]): Promise<T>;
  /** Runs a Lua script (EVALSHA, loading it on first use). */
  script<T = unknown>(source: string, keys: readonly string[], args: readonly string[]): Promise<T>;
  health(): { ok: true } | { ok: false; reason: string };
  close(): Promise<void>;
};

type Port = { backend?: RedisBackend; keyOfKeys?: Buffer };
const HOLDER = Symbol.for("portal.shared-store");
const port = (): Port => ((globalThis as { [HOLDER]?: Port })[HOLDER] ??= {});

/** The shared backend when `REDIS_URL` is set (undefined: every store stays in this process). */
export function redisBackend(): RedisBackend | undefined {
  return port().backend;
}

/** Server side (server/store/shared-store.ts): the connection every store uses from now on, or none. */
export function installRedisBackend(backend: RedisBackend | undefined): void {
  port().backend = backend;
}

/**
 * The key of every personal value in a store key (createApp, from `PORTAL_SECRET`): the same on every replica, so
 * that they count and find the same keys. Until it is set (tests of a store alone), a random key of this process.
 */
export function useStoreKeySecret(secret: string): void {
  port().keyOfKeys = Buffer.from(hkdfSync("sha256", secret, "portale-del-cittadino", "store-keys", 32));
}

/**
 * A personal value (a client address, a fiscal code, an e-mail address, a phone number, a device id) as it may appear
 * in a store key: HMAC-SHA-256 under the store-key secret, 128 bits in base64url (22 characters). Nobody can read
 * the value back from Valkey's key names, nor test a guess without the secret; equal values give equal keys on every
 * replica. `kind` keeps two kinds of value apart (a contact and an address never share a counter).
 */
export function storeKey(kind: string, value: string): string {
  const state = port();
  state.keyOfKeys ??= randomBytes(32);
  return createHmac("sha256", state.keyOfKeys)
    .update(`${kind}\u0000${value}`)
    .digest("base64url")
    .slice(0, 22);
}
