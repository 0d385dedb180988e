import { createClient, type RedisClientType } from "redis";

/**
 * Where the portal's shared short-lived state lives: in this process (the default: `npm start` and the demo need
 * nothing more) or in Valkey/Redis when `REDIS_URL` is set (every replica then sees the same entries, quotas,
 * rate limits and geocoder budget: docs/decisions/shared-store.md).
 *
 * One connection per process, opened by `useRedisStore` (createApp, from `REDIS_URL`). It never crashes the
 * process: connection errors are logged and counted, commands fail fast while it is down (no offline queue, a short
 * timeout) with `StoreUnavailableError`, and the client reconnects by itself; `storeHealth()` tells /readyz.
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

const COMMAND_TIMEOUT_MS = 1000;

/*
 * Held on `globalThis`: the server (createApp, from source) and the pages' build (its own copy of this module) must
 * see the same connection.
 */
const HOLDER = Symbol.for("portal.shared-store");
type Holder = { [HOLDER]?: RedisBackend };
const holder = globalThis as Holder;

/** The shared backend when `REDIS_URL` is set (undefined: every store stays in this process). */
export function redisBackend(): RedisBackend | undefined {
  return holder[HOLDER];
}

/** Opens (once per process and URL) the connection every store uses from now on. */
export function useRedisStore(
  url: string,
  log: (message: string, error?: unknown) => void = () => {},
): RedisBackend {
  const current = holder[HOLDER];
  if (current?.url === url) return current;
  if (current) void current.close();
  holder[HOLDER] = connect(url, log);
  return holder[HOLDER];
}

/** For tests: back to the in-process stores. */
export async function useMemoryStore(): Promise<void> {
  const previous = holder[HOLDER];
  holder[HOLDER] = undefined;
  await previous?.close();
}

/** /readyz: whether the shared store answers (always true in memory). */
export function storeHealth(): { ok: true } | { ok: false; reason: string } {
  return holder[HOLDER]?.health() ?? { ok: true };
}

function connect(url: string, log: (message: string, error?: unknown) => void): RedisBackend {
  let lastError: string | null = "connecting";
  let closed = false;
  const client: RedisClientType = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: COMMAND_TIMEOUT_MS,
      // Keeps trying, at most every 2 s: the portal recovers by itself when Valkey is back.
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  client.on("error", (error: unknown) => {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    if (lastError !== reason) log("shared store (Valkey) error", error);
    lastError = reason;
  });
  client.on("ready", () => {
    if (lastError) log("shared store (Valkey) connected");
    lastError = null;
  });
  client.on("end", () => {
    if (!closed) lastError = "connection closed";
  });
  const connecting = client.connect().catch((error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
  });

  const shas = new Map<string, string>();

  async function command<T>(args: readonly string[]): Promise<T> {
    if (!client.isReady) {
      await Promise.race([connecting, new Promise((r) => setTimeout(r, COMMAND_TIMEOUT_MS).unref())]);
      if (!client.isReady) throw new StoreUnavailableError(lastError ?? "not connected");
    }
    try {
      return (await client.sendCommand([...args], {
        abortSignal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
      })) as T;
    } catch (error) {
      if (
        error instanceof Error &&
        /NOSCRIPT|ERR|WRONGTYPE/.test(error.message) &&
        !/closed/i.test(error.message)
      )
        throw error;
      throw new StoreUnavailableError(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    url,
    command,
    async script<T>(source: string, keys: readonly string[], args: readonly string[]) {
      let sha = shas.get(source);
      if (!sha) {
        sha = await command<string>(["SCRIPT", "LOAD", source]);
        shas.set(source, sha);
      }
      try {
        return await command<T>(["EVALSHA", sha, String(keys.length), ...keys, ...args]);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.includes("NOSCRIPT")) throw error;
        // Valkey restarted without its script cache.
        shas.delete(source);
        return await command<T>(["EVAL", source, String(keys.length), ...keys, ...args]);
      }
    },
    health() {
      return client.isReady
        ? { ok: true }
        : { ok: false, reason: `shared store (Valkey): ${lastError ?? "not connected"}` };
    },
    async close() {
      closed = true;
      await connecting;
      if (client.isOpen) await client.close().catch(() => {});
      else client.destroy();
    },
  };
}
